/**
 * Byte budgets (budgets.json): what a first visit downloads per page kind, and the search
 * index. Bytes, not time: a regression fails with the figures.
 */
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {test, expect} from './fixtures';
import {firstVisitBytes} from './first-visit';

type Budget = {route: string; js: number; css: number};
const budgets = JSON.parse(readFileSync(path.resolve(__dirname, '../../budgets.json'), 'utf8')) as {
  firstVisitGzipKB: Record<string, Budget>;
  searchIndexGzipKB: number;
};

const kb = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;

for (const [kind, budget] of Object.entries(budgets.firstVisitGzipKB)) {
  test.describe(kind, () => {
    test.use({allowedConsoleErrors: /status of 404/});

    test(`first visit of ${budget.route} stays within ${budget.js} KB of JS and ${budget.css} KB of CSS (gzip)`, async ({
      page,
    }) => {
      await page.setViewportSize({width: 412, height: 823});
      const measured = await firstVisitBytes(page, budget.route);
      const bytes = {js: measured.jsGzip, css: measured.cssGzip};
      const figures = `${kind} ${budget.route}: JS ${kb(bytes.js)} KB, CSS ${kb(bytes.css)} KB gzip`;
      console.log(figures);
      expect(kb(bytes.js), figures).toBeLessThanOrEqual(budget.js);
      expect(kb(bytes.css), figures).toBeLessThanOrEqual(budget.css);
      expect(bytes.js, 'scripts were measured').toBeGreaterThan(0);
    });
  });
}

test(`the search index stays within ${budgets.searchIndexGzipKB} KB gzip`, () => {
  const buildDir = path.resolve(__dirname, '../../build');
  const files = readdirSync(buildDir).filter((file) => /^search-index.*\.json$/.test(file));
  expect(files.length).toBeGreaterThan(0);
  const size = files.reduce(
    (total, file) => total + gzipSync(readFileSync(path.join(buildDir, file)), {level: 6}).length,
    0,
  );
  console.log(`search index: ${kb(size)} KB gzip`);
  expect(kb(size)).toBeLessThanOrEqual(budgets.searchIndexGzipKB);
});
