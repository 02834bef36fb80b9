/**
 * Navigation behaviour of the site spec: skip link, progress bar after 200 ms, .html and
 * /index normalization, reload when a route fails to load, hideable and auto-collapsing
 * sidebar, table of contents with h2–h3.
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {test, expect, gotoHydrated, progressBarSeen, watchProgressBar} from './fixtures';

const buildDir = path.resolve(__dirname, '../../build');

test('the skip link is the first stop in the tab order and moves focus to the content', async ({
  readingPage: page,
}) => {
  await gotoHydrated(page, '/auth');
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveText('Skip to main content');
  await page.keyboard.press('Enter');
  // The next Tab lands inside the main content, past the navbar and the sidebar.
  await page.keyboard.press('Tab');
  const next = page.locator(':focus');
  expect(await next.evaluate((node) => node.closest('main') !== null)).toBe(true);
});

const declineReasonsLink = (page: Page) =>
  page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'Decline reasons', exact: true});

test('a route change slower than 200 ms shows the progress bar', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await gotoHydrated(page, '/auth');
  await watchProgressBar(page);
  // Every script requested from now on (the next route's chunks) arrives 1.5 s late.
  await page.route('**/assets/js/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await declineReasonsLink(page).click();
  await expect(page.locator('#nprogress')).toBeAttached();
  await expect(page.locator('article h1')).toHaveText('Decline reasons');
  expect(await progressBarSeen(page)).toBe(true);
  await page.unrouteAll({behavior: 'ignoreErrors'});
});

test('a route change faster than 200 ms shows no progress bar', async ({readingPage: page}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await gotoHydrated(page, '/auth');
  // Load the next route's chunks first, so that the navigation itself is instant.
  await page.evaluate(() =>
    (window as unknown as {docusaurus: {preload: (p: string) => Promise<unknown>}}).docusaurus.preload(
      '/decline-reasons',
    ),
  );
  await watchProgressBar(page);
  await declineReasonsLink(page).click();
  await expect(page.locator('article h1')).toHaveText('Decline reasons');
  await page.waitForTimeout(400);
  expect(await progressBarSeen(page)).toBe(false);
});

test.describe('path normalization', () => {
  test('the server answers /page.html and /page/index with the plain path', async ({readingPage: page}) => {
    const cases: Array<[string, string]> = [
      ['/auth.html', '/auth'],
      ['/services/face-match.html', '/services/face-match'],
      ['/auth/index', '/auth'],
      ['/index.html', '/'],
      ['/index', '/'],
      ['/requests/', '/requests'],
    ];
    for (const [from, to] of cases) {
      await gotoHydrated(page, from);
      await expect(page, from).toHaveURL((url) => url.pathname === to);
      await expect(page.locator('article h1')).toBeVisible();
    }
  });

  // Hosts that serve auth.html at /auth.html without a redirect: the page itself fixes the URL.
  const cases: Array<[string, string, string, string]> = [
    ['/auth.html', 'auth.html', '/auth', 'Authentication'],
    ['/requests/index', 'requests.html', '/requests', 'Requests'],
  ];
  for (const [from, file, to, title] of cases) {
    test(`in the browser, ${from} becomes ${to} without a hydration error`, async ({page}) => {
      const html = await readFile(path.join(buildDir, file), 'utf8');
      await page.route(`**${from}`, (route) =>
        route.fulfill({status: 200, contentType: 'text/html', body: html}),
      );
      await gotoHydrated(page, from);
      await expect(page).toHaveURL((url) => url.pathname === to);
      await expect(page.locator('article h1')).toHaveText(title);
      // The page is interactive (hydrated): the colour toggle answers.
      const toggle = page.getByRole('button', {name: /Switch between dark and light mode/});
      await expect(toggle).toHaveAttribute('aria-label', /system mode/);
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-label', /currently light mode/);
    });
  }
});

test.describe('route failure', () => {
  // The link's hover preload fails too and reports an unhandled rejection.
  test.use({allowedConsoleErrors: /Failed to load resource|Loading chunk \d+ failed/});

  test('when the next route fails to load, the page reloads at the new path', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await gotoHydrated(page, '/auth');
    let reloaded = false;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) reloaded = true;
    });
    await page.route('**/assets/js/**', (route) => (reloaded ? route.continue() : route.abort('failed')));
    await declineReasonsLink(page).click();
    await expect(page.locator('article h1')).toHaveText('Decline reasons');
    expect(reloaded).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/decline-reasons');
  });
});

test('the sidebar can be hidden and shown again', async ({readingPage: page}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await gotoHydrated(page, '/auth');
  const menu = page.locator('aside.theme-doc-sidebar-container nav[aria-label="Docs sidebar"]');
  await expect(menu).toBeVisible();
  await page.getByRole('button', {name: 'Collapse sidebar'}).click();
  await expect(menu).toBeHidden();
  await page.getByRole('button', {name: 'Expand sidebar'}).click();
  await expect(menu).toBeVisible();
});

test('opening a sidebar category collapses its siblings', async ({readingPage: page}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await gotoHydrated(page, '/auth');
  const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
  const faceMatch = sidebar.getByRole('link', {name: 'Face match', exact: true});
  const metrics1n = sidebar.getByRole('link', {name: /1:N/});
  await sidebar.getByRole('button', {name: 'Services', exact: true}).click();
  await expect(faceMatch).toBeVisible();
  await sidebar.getByRole('button', {name: 'Metrics', exact: true}).click();
  await expect(metrics1n).toBeVisible();
  await expect(faceMatch).toBeHidden();
});

test('the table of contents lists h2 and h3 headings only', async ({readingPage: page}) => {
  await page.setViewportSize({width: 1280, height: 800});
  // The decline-reason catalogue has h2 (sections), h3 (categories) and h4 (codes).
  await gotoHydrated(page, '/decline-reasons');
  const headings = await page
    .locator('article .markdown h2[id], article .markdown h3[id]')
    .evaluateAll((nodes) => nodes.map((n) => n.id));
  const h4 = await page.locator('article .markdown h4').count();
  expect(h4, 'this page needs an h4 for the test to mean something').toBeGreaterThan(0);
  const tocTargets = await page
    .locator('.table-of-contents a')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href')?.slice(1)));
  expect(tocTargets).toEqual(headings);
});
