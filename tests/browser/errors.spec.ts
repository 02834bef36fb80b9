/**
 * The error catalogue of the site spec, each provoked in the browser: a page chunk that
 * fails to load, a page that crashes, a misconfigured base URL.
 */
import {test, expect} from './fixtures';

test.describe('a chunk that fails to load', () => {
  test.use({
    allowedConsoleErrors: /Failed to load resource|Loading chunk|ChunkLoadError/i,
  });

  test('shows the error and a Retry button that loads it again', async ({page}) => {
    // The diagram renderer is a chunk loaded on demand by pages with diagrams.
    let blocked = true;
    await page.route('**/assets/js/**', async (route) => {
      if (!blocked) return route.continue();
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('docusaurus-mermaid-container')) return route.abort('failed');
      return route.fulfill({response, body});
    });
    await page.goto('/');
    await page.locator('.vultus-diagram-pending').first().scrollIntoViewIfNeeded();
    const box = page.getByRole('alert').filter({has: page.getByRole('button', {name: 'Retry'})});
    await expect(box).toBeVisible();
    await expect(box).toContainText(/chunk|load/i);
    blocked = false;
    await box.getByRole('button', {name: 'Retry'}).click();
    await expect(box).toHaveCount(0);
    await expect(page.locator('.docusaurus-mermaid-container svg').first()).toBeVisible();
    await page.unrouteAll({behavior: 'ignoreErrors'});
  });
});

test.describe('a page that crashes', () => {
  test.use({
    allowedConsoleErrors: /Injected crash for the test|The above error occurred|React will try to recreate/,
  });

  test('reads "This page crashed", shows the cause and a Try again button', async ({page}) => {
    // Replace one string of the Markdown page's compiled content with code that throws.
    await page.route('**/assets/js/**', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      // Only the rendered heading, not the table-of-contents entry evaluated at import.
      const marker = 'children:"How a standalone page differs from a docs page"';
      if (!body.includes(marker)) return route.fulfill({response, body});
      return route.fulfill({
        response,
        body: body.replace(marker, 'children:(()=>{throw new Error("Injected crash for the test")})()'),
      });
    });
    await page.goto('/markdown-page');
    await expect(page.getByText('This page crashed')).toBeVisible();
    await expect(page.getByText('Injected crash for the test')).toBeVisible();
    await expect(page.getByRole('button', {name: 'Try again'})).toBeVisible();
    // Late requests (prefetches) may still be in the handler when the test ends.
    await page.unrouteAll({behavior: 'ignoreErrors'});
  });
});

test.describe('a wrong base URL', () => {
  test.use({allowedConsoleErrors: /Failed to load resource/});

  test('shows the banner that says the site did not load properly the banner that says the site did not load properly', async ({
    page,
  }) => {
    // With a wrong baseUrl every script 404s; reproduce that.
    await page.route('**/assets/**', (route) => route.fulfill({status: 404, body: 'Not found'}));
    await page.goto('/');
    await expect(page.getByText('site did not load properly')).toBeVisible();
  });
});
