/**
 * Every route of the page map: status 200, the right title, the sidebar present or absent
 * as the map says, no console errors; unmatched paths get the not-found page with a 404.
 */
import {test, expect, pageMap, siteTitle} from './fixtures';

const sidebar = 'aside.theme-doc-sidebar-container';

for (const {route, title, sidebar: hasSidebar} of pageMap.docs) {
  test(`docs route ${route}`, async ({page}) => {
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(route);
    await expect(page).toHaveTitle(`${title} | ${siteTitle}`);
    await expect(page.locator('article h1, article header h1').first()).toHaveText(title);
    await expect(page.locator(sidebar)).toHaveCount(hasSidebar ? 1 : 0);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0).toBeGreaterThan(50);
  });
}

for (const {route, title} of pageMap.other) {
  test(`other route ${route}`, async ({page}) => {
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(route);
    await expect(page).toHaveTitle(`${title} | ${siteTitle}`);
    await expect(page.locator(sidebar)).toHaveCount(0);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0).toBeGreaterThan(5);
  });
}

test.describe('not found', () => {
  test.use({allowedConsoleErrors: /Failed to load resource: the server responded with a status of 404/});

  for (const path of ['/no-such-page', '/services/no-such-service', '/blog/no-such-post']) {
    test(`unmatched path ${path} gives a 404 and the not-found page`, async ({page}) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
      await expect(page).toHaveTitle(`Page Not Found | ${siteTitle}`);
    });
  }
});

test('/ is the docs intro, inside the docs layout', async ({page}) => {
  await page.goto('/');
  await expect(page.locator(sidebar)).toBeVisible();
  await expect(page.getByRole('link', {name: 'RESTful API'})).toHaveClass(/navbar__link--active/);
});

test.describe('redirects', () => {
  const cases: Array<[string, string]> = [
    ['/metrics/how-the-provider-helps-your-business', '/metrics/how-vultus-helps-your-business'],
    ['/docs', '/'],
    ['/docs/auth', '/auth'],
    ['/docs/services/face-match', '/services/face-match'],
  ];
  for (const [from, to] of cases) {
    test(`${from} redirects to ${to}`, async ({page}) => {
      await page.goto(from);
      await expect(page).toHaveURL((url) => url.pathname === to);
      await expect(page.locator('article h1').first()).toBeVisible();
    });
  }
});
