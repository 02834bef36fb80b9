/** Local search: the index loads on first use only, the placeholder follows it, results navigate. */
import {test, expect, gotoHydrated} from './fixtures';

const indexRequest = /\/search-index[^/]*\.json/;

test('no index request before first use; Loading... until the index is loaded, then Search', async ({
  page,
}) => {
  const indexRequests: string[] = [];
  page.on('request', (request) => {
    if (indexRequest.test(request.url())) indexRequests.push(request.url());
  });
  await page.setViewportSize({width: 1280, height: 800});
  // Hold the index back until the test has seen the loading state.
  let releaseIndex: () => void = () => {};
  const indexReleased = new Promise<void>((resolve) => {
    releaseIndex = resolve;
  });
  await page.route(indexRequest, async (route) => {
    await indexReleased;
    await route.continue();
  });
  await gotoHydrated(page, '/auth');
  const box = page.getByLabel('Search', {exact: true});
  await expect(box).toHaveAttribute('placeholder', 'Loading...');
  await page.waitForTimeout(500);
  expect(indexRequests, 'the index must not load before the box is used').toEqual([]);

  await box.focus();
  await expect.poll(() => indexRequests.length).toBeGreaterThan(0);
  await expect(box).toHaveAttribute('placeholder', 'Loading...');
  // The file name carries a build-specific token, not a query string.
  const url = new URL(indexRequests[0] ?? '');
  expect(url.pathname).toMatch(/^\/search-index-[0-9a-f]{8,}\.json$/);
  expect(url.search).toBe('');

  releaseIndex();
  await expect(box).toHaveAttribute('placeholder', 'Search');
});

test('typing a query shows results and a result navigates to its page', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await gotoHydrated(page, '/');
  const box = page.getByLabel('Search', {exact: true});
  await box.click();
  await expect(box).toHaveAttribute('placeholder', 'Search');
  await box.fill('liveness');
  const suggestion = page.getByRole('listbox').getByRole('option').first();
  await expect(suggestion).toBeVisible();
  await suggestion.click();
  await expect(page).not.toHaveURL((url) => url.pathname === '/');
  await expect(page.locator('article h1')).toBeVisible();
  await expect(page.locator('article')).toContainText(/liveness/i);
});
