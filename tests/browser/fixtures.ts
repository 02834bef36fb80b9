/**
 * The test object every browser spec uses: Playwright's, plus a check that fails the
 * test on any console error or uncaught page error of its page. A test that provokes an
 * error on purpose names the messages it expects with `test.use({allowedConsoleErrors: /…/})`.
 */
import {test as base, expect, type ConsoleMessage, type Locator, type Page} from '@playwright/test';
import {pageDefaults} from './chromium';
import pageMapJson from '../page-map.json';

export type PageMapEntry = {route: string; title: string; area: string; sidebar: boolean};
export type OtherRoute = {route: string; title: string};

export const pageMap = pageMapJson as {docs: PageMapEntry[]; other: OtherRoute[]};
export const siteTitle = 'Vultus Docs';

type Fixtures = {
  /** Console errors this test provokes on purpose (one pattern; use | for several). */
  allowedConsoleErrors: RegExp | null;
  /**
   * The worker's reading page (below), for a test that only opens pages and reads them: it may
   * change the colour scheme it emulates, and nothing else (no viewport, storage or clicks).
   */
  readingPage: Page;
};

type WorkerFixtures = {workerPage: Page};

/** Collects the console errors and uncaught errors of `page` that `allowed` does not match. */
function watchConsole(page: Page, allowed: RegExp | null): {errors: string[]; stop: () => void} {
  const errors: string[] = [];
  const onConsole = (message: ConsoleMessage): void => {
    if (message.type() === 'error' && !(allowed?.test(message.text()) ?? false)) errors.push(message.text());
  };
  const onPageError = (error: Error): void => {
    if (!(allowed?.test(error.message) ?? false)) errors.push(`Uncaught: ${error.message}`);
  };
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  return {
    errors,
    stop: () => {
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
    },
  };
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  allowedConsoleErrors: [null, {option: true}],
  page: async ({page, allowedConsoleErrors}, use) => {
    const watch = watchConsole(page, allowedConsoleErrors);
    await use(page);
    expect(watch.errors, 'console errors on the page').toEqual([]);
  },
  /**
   * One page per worker, kept open from test to test. A fresh page starts a renderer and compiles
   * the site's JavaScript again (about 1 s of CPU here); a page that moves on to the next route
   * reuses both, as a reader's tab does. Only `readingPage` hands it to tests.
   */
  workerPage: [
    async ({browser}, use) => {
      const context = await browser.newContext({...pageDefaults, baseURL: process.env.VULTUS_BASE_URL});
      await use(await context.newPage());
      await context.close();
    },
    {scope: 'worker'},
  ],
  readingPage: async ({workerPage, allowedConsoleErrors}, use) => {
    await workerPage.emulateMedia({colorScheme: pageDefaults.colorScheme});
    const watch = watchConsole(workerPage, allowedConsoleErrors);
    await use(workerPage);
    watch.stop();
    expect(watch.errors, 'console errors on the page').toEqual([]);
  },
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
