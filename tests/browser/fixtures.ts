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
   * The worker's page (below), kept from test to test, for a test that opens pages and uses them
   * as a reader does: it reads, clicks, types and may change the viewport and the colour scheme it
   * emulates. Each test starts on the default viewport and colour scheme with the site's storage
   * empty, as on a fresh page, with JavaScript as `test.use({javaScriptEnabled})` says. Not for a
   * test that needs a first visit (nothing cached), intercepts requests, or changes the browser
   * context (network, permissions, scripts run before the page).
   */
  readingPage: Page;
};

type WorkerFixtures = {workerPages: {page: (javaScriptEnabled: boolean) => Promise<Page>}};

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
   * One page per worker, kept open from test to test (one with JavaScript, one without, each made
   * when a test first asks for it). A fresh page starts a renderer and compiles the site's
   * JavaScript again (about 1 s of CPU here); a page that moves on to the next route reuses both,
   * as a reader's tab does. Only `readingPage` hands them to tests.
   */
  workerPages: [
    async ({browser}, use) => {
      const pages = new Map<boolean, Promise<Page>>();
      await use({
        page(javaScriptEnabled) {
          let page = pages.get(javaScriptEnabled);
          if (!page) {
            page = browser
              .newContext({...pageDefaults, javaScriptEnabled, baseURL: process.env.VULTUS_BASE_URL})
              .then((context) => context.newPage());
            pages.set(javaScriptEnabled, page);
          }
          return page;
        },
      });
      for (const page of pages.values()) await (await page).context().close();
    },
    {scope: 'worker'},
  ],
  readingPage: async ({workerPages, javaScriptEnabled, allowedConsoleErrors}, use) => {
    const workerPage = await workerPages.page(javaScriptEnabled ?? true);
    await workerPage.setViewportSize(pageDefaults.viewport);
    await workerPage.emulateMedia({colorScheme: pageDefaults.colorScheme});
    // What the last test stored (a chosen colour mode or code tab, a dismissed bar) is gone.
    if (workerPage.url().startsWith('http')) {
      await workerPage.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
    }
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

/** Opens `route` at 1280 × 800, clicks the navbar search box and waits until its index is loaded. */
export async function openSearchBox(page: Page, route: string): Promise<Locator> {
  await page.setViewportSize({width: 1280, height: 800});
  await gotoHydrated(page, route);
  return clickSearchBox(page);
}

/** Clicks the navbar search box of the page as it is and waits until its index is loaded. */
export async function clickSearchBox(page: Page): Promise<Locator> {
  const box = page.getByLabel('Search', {exact: true});
  await box.click();
  await expect(box).toHaveAttribute('placeholder', 'Search');
  return box;
}

/** Records whether the progress bar (#nprogress) is ever inserted into the page from now on. */
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
