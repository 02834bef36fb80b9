/**
 * What a first visit downloads: every script and stylesheet a fresh page fetches to show a
 * URL, raw and gzip (level 6, as deploy/nginx serves it). Used by the budget test and the
 * benchmark.
 */
import {gzipSync} from 'node:zlib';
import type {Page} from '@playwright/test';

export type FirstVisitBytes = {jsRaw: number; jsGzip: number; cssRaw: number; cssGzip: number};

export async function firstVisitBytes(page: Page, url: string): Promise<FirstVisitBytes> {
  const bytes: FirstVisitBytes = {jsRaw: 0, jsGzip: 0, cssRaw: 0, cssGzip: 0};
  const reads: Array<Promise<void>> = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    reads.push(
      response.body().then(
        (body) => {
          const gzip = gzipSync(body, {level: 6}).length;
          if (type === 'script') {
            bytes.jsRaw += body.length;
            bytes.jsGzip += gzip;
          } else {
            bytes.cssRaw += body.length;
            bytes.cssGzip += gzip;
          }
        },
        () => undefined,
      ),
    );
  });
  await page.goto(url, {waitUntil: 'networkidle'});
  // The bundles are inserted after the first paint (plugins/paint-first): on a long page painted on
  // a busy machine, the network can be quiet for 500 ms before they are even asked for, and only
  // the runtime and main.js were counted (/responses once measured 123 KB, not 179). A page has
  // hydrated once every bundle it starts with has run.
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: 30_000});
  await Promise.all(reads);
  return bytes;
}
