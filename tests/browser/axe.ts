/**
 * The accessibility scan the browser tests run: axe-core's WCAG 2.2 A and AA rules and its best
 * practices, keeping the serious and critical violations.
 */
import AxeBuilder from '@axe-core/playwright';
import {expect, type Page} from '@playwright/test';

/**
 * The time one axe scan may take. axe's colour-contrast rule walks every text node, and the longest
 * reference pages (/responses, /services/aml) take 20 to 30 s on CI's two cores with two workers,
 * at the edge of the 30 s default. This is the harness's budget, not a check: what the tests assert
 * is unchanged, and speed is measured by `npm run bench`.
 */
export const axeTimeout = 90_000;

/** The WCAG 2.2 A and AA rules and axe's best practices. */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * The serious and critical violations on the page as it is now, one line each; within `include`
 * (a CSS selector) only, for a scan of one part of the page.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  // No page has a frame of its own, so axe runs in the page itself (legacy mode) rather than in
  // each frame and then again in a blank page to merge the frames' results: the same rules on
  // the same nodes, without opening a second page for every scan.
  expect(page.frames(), 'a page with frames needs axe’s per-frame mode').toHaveLength(1);
  const builder = new AxeBuilder({page});
  if (include !== undefined) builder.include(include);
  const results = await builder
    .setLegacyMode()
    // The same rules on the same nodes; axe keeps only the violations, not every node that
    // passed (a fifth less time on the longest reference pages). Set before the tags: `options`
    // replaces the options `withTags` adds to, and axe then ran its default rules, not these.
    .options({resultTypes: ['violations']})
    .withTags(tags)
    .analyze();
  expect(results.toolOptions.runOnly, 'axe ran the rules of these tags').toEqual({type: 'tag', values: tags});
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}
