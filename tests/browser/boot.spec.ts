/**
 * The page paints before its bundles run (plugins/paint-first): the bundles are preloaded from
 * the head and inserted once the browser reports its first contentful paint. Each bundle is
 * downloaded once, and the page still becomes interactive when the tab is hidden or the browser
 * reports no paint.
 */
import type {Page} from '@playwright/test';
import {test, expect, gotoHydrated} from './fixtures';

const route = '/services/face-match';

type BootWindow = {bundlesInsertedAt?: number; readyStateAtInsertion?: DocumentReadyState};

/** Records when the main bundle's script element enters the page. */
async function recordBundleInsertion(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((mutations, observer) => {
      for (const mutation of mutations)
        for (const node of Array.from(mutation.addedNodes))
          if (node instanceof HTMLScriptElement && /\/assets\/js\/main\.[\w]+\.js$/.test(node.src)) {
            (window as BootWindow).bundlesInsertedAt = performance.now();
            (window as BootWindow).readyStateAtInsertion = document.readyState;
            observer.disconnect();
          }
    }).observe(document, {childList: true, subtree: true});
  });
}

const timings = (page: Page): Promise<{painted?: number; inserted?: number; readyState?: string}> =>
  page.evaluate(() => ({
    painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    inserted: (window as BootWindow).bundlesInsertedAt,
    readyState: (window as BootWindow).readyStateAtInsertion,
  }));

test('the server-rendered page is painted before the bundles run, and each bundle is downloaded once', async ({
  page,
}) => {
  await recordBundleInsertion(page);
  const downloads: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/js\/(main|runtime~main)\.[\w]+\.js$/.test(request.url())) downloads.push(request.url());
  });
  await gotoHydrated(page, route);
  // The paint can come while the end of the page is still being parsed (the browser paints what
  // it has), so only the order of the paint and the insertion is asserted, not the ready state.
  const {painted, inserted} = await timings(page);
  expect(painted, 'first contentful paint').toBeDefined();
  expect(inserted, 'main bundle inserted').toBeDefined();
  expect(inserted).toBeGreaterThan(painted ?? Infinity);
  // The preload and the inserted script share one download.
  expect(downloads.filter((url) => url.includes('/main.'))).toHaveLength(1);
  expect(downloads.filter((url) => url.includes('/runtime~main.'))).toHaveLength(1);
  // The head fetches the bundles; no script waits in it.
  expect(await page.locator('head script[src]').count()).toBe(0);
});

test('a page opened in a hidden tab loads its bundles without waiting for a paint', async ({page}) => {
  await recordBundleInsertion(page);
  await page.addInitScript(() => {
    Object.defineProperty(document, 'visibilityState', {get: () => 'hidden'});
  });
  await gotoHydrated(page, route);
  // Inserted by the boot script itself, while the page is still being parsed: it waited for
  // nothing (a paint can still come first when the browser renders part of the page early).
  const {inserted, readyState} = await timings(page);
  expect(inserted, 'main bundle inserted').toBeDefined();
  expect(readyState).toBe('loading');
  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'light');
});

test('a browser that reports no paint timing still gets an interactive page', async ({page}) => {
  await page.addInitScript(() => {
    Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', {get: () => []});
  });
  await gotoHydrated(page, route);
  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'light');
});
