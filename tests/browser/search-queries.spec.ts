/**
 * Search finds what integrators type: each query of the shared sample
 * (tests/search/shared-sample.json, kept as it was handed to us) and of ours (tests/search/queries.json) is
 * typed into the navbar box, and one of the routes that answer it must be among the first five
 * results of the dropdown.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {test, expect, gotoHydrated} from './fixtures';

type QuerySet = {queries: {q: string; routes: string[]}[]};

const sharedFile = path.resolve(__dirname, '../search/shared-sample.json');
const ownFile = path.resolve(__dirname, '../search/queries.json');

const read = (file: string): QuerySet => JSON.parse(readFileSync(file, 'utf8')) as QuerySet;

/** The addresses of the dropdown's options, in order, once they answer `query`. */
export async function dropdownResults(page: Page, query: string): Promise<string[]> {
  const box = page.getByLabel('Search', {exact: true});
  await box.fill('');
  await box.fill(query);
  const options = page.locator('[role="listbox"] [role="option"] [data-href]');
  let previous = '';
  let stable = 0;
  // The list is current when it has stopped changing for three polls in a row.
  await expect
    .poll(
      async () => {
        const current = (
          await options.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-href')))
        ).join(' ');
        stable = current !== '' && current === previous ? stable + 1 : 0;
        previous = current;
        return stable;
      },
      {intervals: [100], timeout: 10_000, message: `results for ${JSON.stringify(query)}`},
    )
    .toBeGreaterThanOrEqual(3);
  return previous.split(' ');
}

for (const [name, file] of [
  ['shared sample', sharedFile],
  ['our own queries', ownFile],
] as const) {
  test(`search answers every query of the ${name} in the first five results`, async ({page}) => {
    test.setTimeout(180_000);
    expect(existsSync(file), `${file} must exist`).toBe(true);
    const {queries} = read(file);
    expect(queries.length).toBeGreaterThanOrEqual(30);
    await page.setViewportSize({width: 1280, height: 800});
    await gotoHydrated(page, '/');
    const box = page.getByLabel('Search', {exact: true});
    await box.click();
    await expect(box).toHaveAttribute('placeholder', 'Search');
    const misses: string[] = [];
    for (const {q, routes} of queries) {
      const results = await dropdownResults(page, q);
      const found = results.slice(0, 5).some((url) => routes.includes(url.split('#')[0] ?? ''));
      if (!found)
        misses.push(
          `${JSON.stringify(q)} → ${results.slice(0, 5).join(', ')} (wanted ${routes.join(' or ')})`,
        );
    }
    expect(misses, 'queries whose answer is not in the first five results').toEqual([]);
  });
}
