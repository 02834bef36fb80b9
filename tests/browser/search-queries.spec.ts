/**
 * The navbar box shows what the engine ranks: for a sample of each query set (every fifth query of
 * tests/search/*.json), the dropdown lists exactly the engine's results for the built index, in its
 * order, then "See all results". The ranks themselves, for every query of every set (each answered
 * in the first five), are checked without a browser by tests/build/outputs.test.ts, with the same
 * engine over the same index; this spec checks that the box in the page shows them.
 */
import path from 'node:path';
import type {Page} from '@playwright/test';
import {querySets, readQueries} from '../../scripts/lib/searchQuality';
import {builtEngine} from '../../scripts/lib/searchIndex';
import {test, expect, gotoHydrated} from './fixtures';

const siteDir = path.resolve(__dirname, '../..');

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

for (const set of querySets(siteDir)) {
  test(`the dropdown lists the engine's results in its order, for every fifth query of the ${set.label}`, async ({
    readingPage: page,
  }) => {
    test.setTimeout(120_000);
    const engine = builtEngine(path.join(siteDir, 'build'));
    const sample = readQueries(set.file).filter((_, index) => index % 5 === 0);
    expect(sample.length).toBeGreaterThanOrEqual(5);
    await page.setViewportSize({width: 1280, height: 800});
    await gotoHydrated(page, '/');
    const box = page.getByLabel('Search', {exact: true});
    await box.click();
    await expect(box).toHaveAttribute('placeholder', 'Search');
    for (const {q} of sample) {
      const expected = engine.search(q, 8).map((hit) => hit.url);
      const shown = await dropdownResults(page, q);
      // Then "See all results", to the results page.
      expect(shown.at(-1), q).toMatch(/^\/search\/\?q=/);
      expect(shown.slice(0, -1), q).toEqual(expected);
    }
  });
}
