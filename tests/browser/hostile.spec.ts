/**
 * Hostile and odd conditions: search payloads that try to inject markup, regex characters,
 * a 1,000-character query and emoji; browser storage blocked; a slow network.
 */
import {test, expect, gotoHydrated, openSearchBox, progressBarSeen, watchProgressBar} from './fixtures';

const payloads = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '"><svg onload=window.__pwned=1>',
  '.*+?^${}()|[]\\',
  '(a+)+$',
  'x'.repeat(1000),
  '😀 liveness 🔐',
  '!!! ??? ...',
  '🔐😀',
  'face match',
];

test('search survives hostile queries: nothing executes, nothing crashes', async ({page}) => {
  const box = await openSearchBox(page, '/');
  for (const query of payloads) {
    await box.fill(query);
    const listbox = page.getByRole('listbox');
    // Either results or the dropdown's own "no results" message (not the announced count,
    // which may still name the previous query for a moment).
    await expect(
      listbox
        .getByRole('option')
        .or(listbox.getByText(/no results/i))
        .first(),
    ).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as {__pwned?: number}).__pwned)).toBeUndefined();
    await expect(page.locator('img[src="x"], svg[onload]')).toHaveCount(0);
  }
  await box.fill('face match');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
});

test.describe('with browser storage blocked', () => {
  test.use({allowedConsoleErrors: /storage|localStorage|sessionStorage|SecurityError/i});

  test.beforeEach(async ({page}) => {
    await page.addInitScript(() => {
      const deny = () => {
        throw new DOMException('Storage is disabled', 'SecurityError');
      };
      for (const name of ['localStorage', 'sessionStorage'] as const) {
        Object.defineProperty(window, name, {get: deny, configurable: true});
      }
    });
  });

  test('pages render, the colour toggle and the announcement close work for the visit', async ({page}) => {
    await gotoHydrated(page, '/auth');
    await expect(page.locator('article h1')).toHaveText('Authentication');
    const toggle = page.getByRole('button', {name: /Switch between dark and light mode/});
    await toggle.click();
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const bar = page.locator('.theme-announcement-bar');
    await expect(bar).toBeVisible();
    await bar.getByRole('button', {name: 'Close'}).click();
    await expect(bar).toHaveCount(0);
    // Navigation inside the visit keeps the state.
    await page
      .locator('nav[aria-label="Docs sidebar"]')
      .getByRole('link', {name: 'Requests', exact: true})
      .click();
    await expect(page.locator('article h1')).toHaveText('Requests');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});

test('on a slow network the progress bar shows, then the page', async ({page}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({width: 1280, height: 800});
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 600,
    downloadThroughput: (2 * 1024 * 1024) / 8,
    uploadThroughput: (1024 * 1024) / 8,
  });
  // The next page is in a collapsed sidebar category, so nothing has prefetched it.
  await gotoHydrated(page, '/ai-assistants');
  await watchProgressBar(page);
  // Past the throttling, the next page's files are held until the bar has shown (at most 10 s):
  // on a loaded machine a 600 ms latency alone can end before the bar's 200 ms timer runs.
  await page.route('**/*', async (route) => {
    await page
      .waitForFunction(() => (window as unknown as {progressBarSeen: boolean}).progressBarSeen, null, {
        timeout: 10_000,
      })
      .catch(() => undefined);
    await route.continue();
  });
  await page.locator('.pagination-nav__link--next').click();
  await expect(page.locator('article h1')).toHaveText('Face enrollment', {timeout: 60_000});
  expect(await progressBarSeen(page)).toBe(true);
  await expect(page.locator('#nprogress')).toHaveCount(0, {timeout: 5_000});
});
