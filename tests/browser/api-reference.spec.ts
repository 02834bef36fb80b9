/**
 * The API reference as a reader sees it, on a laptop (1280 px) and a phone (390 px): field,
 * parameter and header names, types and the identifier of each table row never break inside a
 * word; the page never scrolls sideways and field lists fit their column (only code samples and
 * wide data tables scroll, in their own regions); the collapsed levels of a field list open
 * without JavaScript. The pages are every built page with a field list (`ul.api-fields`).
 */
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {test, expect, gotoHydrated} from './fixtures';

const buildDir = path.resolve(__dirname, '../../build');

/** The routes of the built pages that hold a field list. */
function referenceRoutes(): string[] {
  return readdirSync(buildDir, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('.html') && !file.startsWith('assets'))
    .filter((file) => readFileSync(path.join(buildDir, file), 'utf8').includes('class=api-fields'))
    .map((file) => `/${file.replace(/\.html$/, '').replace(/(^|\/)index$/, '')}`)
    .sort();
}

const routes = referenceRoutes();

test('the reference pages are found in the build', () => {
  expect(routes).toContain('/services/kyc-offsite');
  expect(routes.length).toBeGreaterThan(15);
});

// Measured on the server-rendered page with every collapsed level open: a closed level has no
// layout, so its names would go unmeasured (and the layout is CSS, the same with JavaScript).
test.describe('every level open', () => {
  test.use({javaScriptEnabled: false});

  for (const width of [1280, 390]) {
    test(`at ${width} px no name, type or identifier in the reference breaks inside a word, and the reference fits the column`, async ({
      readingPage: page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({width, height: 900});
      const problems: string[] = [];
      for (const route of routes) {
        await page.goto(route);
        const found = await page.evaluate(() => {
          const out: string[] = [];
          for (const details of document.querySelectorAll('article details'))
            details.setAttribute('open', '');
          if (document.querySelector('article details:not([open])')) out.push('a level stayed closed');
          // Names, where a parameter goes, types and "required" of every field item; the
          // identifiers that start a table row.
          const targets = [
            ...document.querySelectorAll(
              'ul.api-fields > li > :is(code:first-child, em, span, strong), article td:first-child > code',
            ),
          ];
          for (const element of targets) {
            // Each word of the element must sit on one line: a word with line boxes at two heights
            // was broken inside.
            const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const text = node.textContent ?? '';
              for (const match of text.matchAll(/\S+/g)) {
                const range = document.createRange();
                range.setStart(node, match.index);
                range.setEnd(node, match.index + match[0].length);
                const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
                if (tops.size > 1) out.push(`"${match[0]}" breaks across ${tops.size} lines`);
              }
            }
          }
          // Sideways: the page itself never scrolls, and a field list fits its column (code samples
          // and data tables scroll in their own regions).
          const root = document.scrollingElement ?? document.documentElement;
          if (root.scrollWidth > window.innerWidth) out.push(`the page is ${root.scrollWidth} px wide`);
          const column = document.querySelector('article')?.getBoundingClientRect();
          for (const item of document.querySelectorAll('ul.api-fields > li')) {
            const box = item.getBoundingClientRect();
            if (column && box.width > 0 && box.right > column.right + 1) {
              out.push(
                `the field #${item.id} reaches ${Math.round(box.right - column.right)} px past the column`,
              );
            }
            if (item.scrollWidth > item.clientWidth + 1) out.push(`the field #${item.id} overflows its item`);
          }
          return out;
        });
        problems.push(...found.map((problem) => `${route}: ${problem}`));
      }
      expect(problems).toEqual([]);
    });
  }
});

/** The collapsed levels that are not inside another one. */
const outerDetails = 'article ul.api-fields details:not(details details)';

test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false});

  test('a collapsed level of a field list opens, and names its fields', async ({readingPage: page}) => {
    await page.setViewportSize({width: 390, height: 900});
    await page.goto('/services/kyc-offsite');
    const details = page.locator(outerDetails).first();
    const summary = details.locator(':scope > summary');
    await expect(summary).toHaveText(/^\d+ child fields?$/);
    const nested = details.locator('ul.api-fields > li').first();
    await expect(nested).toBeHidden();
    await summary.click();
    await expect(details).toHaveAttribute('open', '');
    await expect(nested).toBeVisible();
    await expect(nested.locator('code').first()).toHaveText(/^[\w[\].]+\.\w+$/);
  });
});

test('with JavaScript, the same levels open on a click and on Enter', async ({readingPage: page}) => {
  await page.setViewportSize({width: 1280, height: 900});
  await gotoHydrated(page, '/services/kyc-offsite');
  for (const [index, how] of [
    [0, 'click'],
    [1, 'Enter'],
  ] as const) {
    const details = page.locator(outerDetails).nth(index);
    const summary = details.locator(':scope > summary');
    const nested = details.locator('ul.api-fields > li').first();
    await expect(nested).toBeHidden();
    if (how === 'click') await summary.click();
    else {
      await summary.focus();
      await page.keyboard.press('Enter');
    }
    await expect(nested).toBeVisible();
  }
});
