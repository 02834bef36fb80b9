/**
 * Every route of the page map, read as a reader's tab opens it: status 200, the right title, the
 * sidebar present or absent as the map says, a description, no console errors, and no serious or
 * critical axe violation in light mode (./axe.ts; dark mode: ./accessibility.spec.ts). Unmatched
 * paths get the not-found page with a 404.
 */
import {axeTimeout, seriousViolations} from './axe';
import {test, expect, pageMap, siteTitle} from './fixtures';

const sidebar = 'aside.theme-doc-sidebar-container';

const routes = [
  ...pageMap.docs.map(({route, title, sidebar: hasSidebar}) => ({kind: 'docs', route, title, hasSidebar})),
  ...pageMap.other.map(({route, title}) => ({kind: 'other', route, title, hasSidebar: false})),
];

for (const {kind, route, title, hasSidebar} of routes) {
  test(`${kind} route ${route}: the page, its title and sidebar, and no serious axe violation`, async ({
    readingPage: page,
  }) => {
    test.setTimeout(axeTimeout);
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(route);
    await expect(page).toHaveTitle(`${title} | ${siteTitle}`);
    if (kind === 'docs')
      await expect(page.locator('article h1, article header h1').first()).toHaveText(title);
    await expect(page.locator(sidebar)).toHaveCount(hasSidebar ? 1 : 0);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0).toBeGreaterThan(kind === 'docs' ? 50 : 5);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test.describe('not found', () => {
  test.use({allowedConsoleErrors: /Failed to load resource: the server responded with a status of 404/});

  for (const path of ['/no-such-page', '/services/no-such-service', '/blog/no-such-post']) {
    test(`unmatched path ${path} gives a 404 and the not-found page`, async ({readingPage: page}) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
      await expect(page).toHaveTitle(`Page Not Found | ${siteTitle}`);
    });
  }
});

test('/ is the docs intro, inside the docs layout', async ({readingPage: page}) => {
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
    test(`${from} redirects to ${to}`, async ({readingPage: page}) => {
      await page.goto(from);
      await expect(page).toHaveURL((url) => url.pathname === to);
      await expect(page.locator('article h1').first()).toBeVisible();
    });
  }
});
