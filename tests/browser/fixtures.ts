/**
 * The test object every browser spec uses: Playwright's, plus a check that fails the
 * test on any console error or uncaught page error. A test that provokes an error on
 * purpose names the messages it expects with `test.use({allowedConsoleErrors: /…/})`.
 */
import {test as base, expect, type Locator, type Page} from '@playwright/test';
import pageMapJson from '../page-map.json';

export type PageMapEntry = {route: string; title: string; area: string; sidebar: boolean};
export type OtherRoute = {route: string; title: string};

export const pageMap = pageMapJson as {docs: PageMapEntry[]; other: OtherRoute[]};
export const siteTitle = 'Vultus Docs';

type Fixtures = {
  /** Console errors this test provokes on purpose (one pattern; use | for several). */
  allowedConsoleErrors: RegExp | null;
  consoleErrors: string[];
};

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [null, {option: true}],
  consoleErrors: [
    async ({page, allowedConsoleErrors}, use) => {
      const errors: string[] = [];
      const allowed = (text: string): boolean => allowedConsoleErrors?.test(text) ?? false;
      page.on('console', (message) => {
        if (message.type() === 'error' && !allowed(message.text())) {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => {
        if (!allowed(error.message)) {
          errors.push(`Uncaught: ${error.message}`);
        }
      });
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    {auto: true},
  ],
});

/** Opens a route and waits until React has hydrated it, so handlers are attached. */
export async function gotoHydrated(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
}

/** Records whether the progress bar (#nprogress) is ever inserted into the page from now on. */
/** Opens `route` at 1280 × 800, clicks the navbar search box and waits until its index is loaded. */
export async function openSearchBox(page: Page, route: string): Promise<Locator> {
  await page.setViewportSize({width: 1280, height: 800});
  await gotoHydrated(page, route);
  const box = page.getByLabel('Search', {exact: true});
  await box.click();
  await expect(box).toHaveAttribute('placeholder', 'Search');
  return box;
}

export async function watchProgressBar(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as {progressBarSeen: boolean};
    w.progressBarSeen = false;
    new MutationObserver(() => {
      if (document.getElementById('nprogress')) w.progressBarSeen = true;
    }).observe(document.documentElement, {childList: true, subtree: true});
  });
}

export const progressBarSeen = (page: Page): Promise<boolean> =>
  page.evaluate(() => (window as unknown as {progressBarSeen: boolean}).progressBarSeen);

export {expect};
