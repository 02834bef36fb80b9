/**
 * Local search: the index loads on first use only, the placeholder follows it, results navigate, and
 * a query that finds nothing offers the nearest terms.
 */
import {seriousViolations} from './axe';
import type {Page} from '@playwright/test';
import {test, expect, clickSearchBox, gotoHydrated, openSearchBox} from './fixtures';

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

test('typing a query shows results and a result navigates to its page', async ({readingPage: page}) => {
  const box = await openSearchBox(page, '/');
  await box.fill('liveness');
  const suggestion = page.getByRole('listbox').getByRole('option').first();
  await expect(suggestion).toBeVisible();
  await suggestion.click();
  await expect(page).not.toHaveURL((url) => url.pathname === '/');
  await expect(page.locator('article h1')).toBeVisible();
  await expect(page.locator('article')).toContainText(/liveness/i);
});

test.describe('an index replaced by a deploy while the tab was open', () => {
  test.use({allowedConsoleErrors: /404|Failed to load resource|ERR_INTERNET_DISCONNECTED/});

  /** Answers the first request for a file of `files` with 404, as after a deploy; counts the refusals. */
  async function refuseFirst(page: Page, files: RegExp): Promise<() => number> {
    let refused = 0;
    await page.route(files, async (route) => {
      if (refused === 0) {
        refused += 1;
        await route.fulfill({status: 404, body: 'gone'});
      } else {
        await route.continue();
      }
    });
    return () => refused;
  }

  /** The parts of the index (`-p<n>` postings, `-d<n>` details), fetched after its head. */
  const partRequest = /\/search-index-[0-9a-f]+-[pd]\d+\.json/;

  /** Counts the page's loads from now on. */
  function countLoads(page: Page): () => number {
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    return () => loads;
  }

  /** After the reload, the box loads the new index and finds an error code. */
  async function searchWorksAfterReload(page: Page): Promise<void> {
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    const box = await clickSearchBox(page);
    await box.fill('signature_invalid');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  }

  test('the page reloads once and search works with the new index', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    const refused = await refuseFirst(page, indexRequest);
    await gotoHydrated(page, '/auth');
    const reloaded = page.waitForEvent('load');
    await page.getByLabel('Search', {exact: true}).focus();
    await reloaded;
    await searchWorksAfterReload(page);
    expect(refused()).toBe(1);
  });

  test('a part of the index gone after the head loaded: the page reloads once and search works', async ({
    page,
  }) => {
    const refused = await refuseFirst(page, partRequest);
    const box = await openSearchBox(page, '/auth');
    const reloaded = page.waitForEvent('load');
    await box.fill('signature_invalid');
    await reloaded;
    await searchWorksAfterReload(page);
    expect(refused()).toBe(1);
  });

  test('a part missing from the new deploy too: one reload, then the box says search is unavailable', async ({
    page,
  }) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.route(partRequest, (route) => route.fulfill({status: 404, body: 'gone'}));
    const loads = countLoads(page);
    await gotoHydrated(page, '/auth');
    for (const attempt of [1, 2]) {
      const box = await clickSearchBox(page);
      const reloaded = attempt === 1 ? page.waitForEvent('load') : undefined;
      await box.fill('signature_invalid');
      await reloaded;
      await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    }
    await expect(page.getByLabel('Search', {exact: true})).toHaveAttribute(
      'placeholder',
      'Search unavailable',
    );
    expect(loads(), 'the page loaded, then reloaded once').toBe(2);
  });

  test('the network down while parts load: no reload, the box says so, and the next query works', async ({
    page,
  }) => {
    let offline = true;
    await page.route(partRequest, (route) =>
      offline ? route.abort('internetdisconnected') : route.continue(),
    );
    const loads = countLoads(page);
    const box = await openSearchBox(page, '/auth');
    await box.fill('signature_invalid');
    await expect(page.getByRole('status').filter({hasText: 'Search is unavailable'})).toHaveCount(1);
    offline = false;
    await box.fill('signature_invalidd');
    await box.fill('signature_invalid');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    expect(loads(), 'the page never reloaded').toBe(1);
  });
});

test('the search box names its clear button, announces the result count and clears the highlights', async ({
  readingPage: page,
}) => {
  const box = await openSearchBox(page, '/');
  await box.fill('Idempotent-Replayed');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await expect(page.getByRole('status').filter({hasText: /^\d+ results?$/})).toHaveCount(1);
  await page.getByRole('listbox').getByRole('option').first().click();
  // The page the result opens marks the words searched for.
  await expect(page.locator('article mark').first()).toBeVisible();
  await page.getByRole('button', {name: 'Clear search and highlights'}).click();
  await expect(page.locator('article mark')).toHaveCount(0);
  await expect(page).not.toHaveURL(/_highlight=/);
});

test('"See all results" is the last option of the list, reached by keyboard, and opens the results page', async ({
  readingPage: page,
}) => {
  const box = await openSearchBox(page, '/');
  await expect(box).toHaveAttribute('role', 'combobox');
  await box.fill('webhook retries');
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.last()).toHaveText('See all results for "webhook retries"');
  const seeAll = await options.last().getAttribute('id');
  const count = await options.count();
  // Arrow keys walk the options from the box; Enter opens the one that is active.
  for (
    let step = 0;
    step < count && (await box.getAttribute('aria-activedescendant')) !== seeAll;
    step += 1
  ) {
    await box.press('ArrowDown');
  }
  await expect(box).toHaveAttribute('aria-activedescendant', seeAll ?? '');
  await expect(options.last()).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\/?\?q=webhook(\+|%20)retries$/);
  await expect(page.getByRole('heading', {level: 1})).toContainText('webhook retries');
  await expect(page.getByRole('article').first()).toContainText(/webhook/i);
});

test('a query that finds nothing says what was searched and offers the nearest terms, each opening its results', async ({
  readingPage: page,
}) => {
  const box = await openSearchBox(page, '/');
  const listbox = page.getByRole('listbox');
  // Too short for the typo allowance: "kyb" itself finds nothing; "kyc", a word of the titles, does.
  await box.fill('kyb');
  await expect(listbox).toContainText('No results for "kyb". The nearest terms:');
  await expect(page.getByRole('status').filter({hasText: 'No results for "kyb". Nearest: kyc'})).toHaveCount(
    1,
  );
  const nearest = listbox.getByRole('option', {name: 'Search for "kyc"'});
  await expect(nearest).toBeVisible();
  // The dropdown and the navbar it hangs from. A one-option dropdown ends across a link of the
  // table of contents under it, which axe's target-size rule (WCAG 2.2) then measures as a sliver;
  // the page itself is scanned closed, on every route (./routes.spec.ts).
  expect(await seriousViolations(page, '.navbar'), 'axe, the dropdown with the nearest terms').toEqual([]);
  // A word that no title comes near: the dropdown's own "no results", and no option.
  await box.fill('xqzt');
  await expect(listbox.getByText(/no results/i).first()).toBeVisible();
  await expect(listbox.getByRole('option')).toHaveCount(0);
  await box.fill('kyb');
  await nearest.click();
  await expect(page).toHaveURL(/\/search\/?\?q=kyc$/);
  await expect(page.getByRole('heading', {level: 1})).toContainText('kyc');
  await expect(page.getByRole('article').first()).toContainText(/KYC/);
});

test('each result shows its icon, then its title over its path, inside its own option', async ({
  readingPage: page,
}) => {
  const box = await openSearchBox(page, '/');
  await box.fill('webhook retries');
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.nth(2)).toBeVisible();
  for (let index = 0; index < 3; index += 1) {
    const option = await options.nth(index).boundingBox();
    const icon = await options.nth(index).locator('[class*="hitIcon"]').boundingBox();
    const title = await options.nth(index).locator('[class*="hitTitle"]').boundingBox();
    // A page result has no path (it is the page); a section or a row has one.
    const paths = options.nth(index).locator('[class*="hitPath"]');
    const path = (await paths.count()) > 0 ? await paths.boundingBox() : title;
    if (!option || !icon || !title || !path) throw new Error(`result ${index} lacks an icon or a title`);
    for (const part of [icon, title, path]) {
      expect(part.y, `result ${index}: inside its option`).toBeGreaterThanOrEqual(option.y);
      expect(part.y + part.height).toBeLessThanOrEqual(option.y + option.height);
    }
    expect(icon.x + icon.width, `result ${index}: the icon sits left of the title`).toBeLessThanOrEqual(
      title.x,
    );
    if (path !== title) {
      expect(title.y + title.height, `result ${index}: the title sits above the path`).toBeLessThanOrEqual(
        path.y + 1,
      );
    }
  }
});

test('a result for a table row opens the page at that row, below the navbar', async ({readingPage: page}) => {
  const box = await openSearchBox(page, '/');
  await box.fill('Safari');
  const first = page.locator('.vultus-hit').first();
  const href = (await first.getAttribute('data-href')) ?? '';
  const anchor = href.split('#')[1] ?? '';
  expect(anchor, 'the result names an anchor').not.toBe('');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#${anchor}$`));
  const row = page.locator(`[id="${anchor}"]`);
  await expect(row).toHaveJSProperty('tagName', 'TR');
  await expect(row).toBeInViewport();
  const navbar = await page.locator('.navbar').boundingBox();
  const rowBox = await row.boundingBox();
  expect(rowBox?.y ?? 0).toBeGreaterThanOrEqual((navbar?.y ?? 0) + (navbar?.height ?? 0) - 1);
  await expect(row).toContainText('Safari');
});

test('tabbing past the box while the index loads: focus stays where the reader went', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 800});
  let releaseIndex: () => void = () => {};
  const indexReleased = new Promise<void>((resolve) => {
    releaseIndex = resolve;
  });
  await page.route(/\/search-index[^/]*\.json/, async (route) => {
    await indexReleased;
    await route.continue();
  });
  await gotoHydrated(page, '/auth');
  const box = page.getByLabel('Search', {exact: true});
  await box.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const elsewhere = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    element.dataset.probe = 'here';
    return element.tagName;
  });
  expect(elsewhere).not.toBe('INPUT');
  releaseIndex();
  await expect(box).toHaveAttribute('placeholder', 'Search');
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.probe)).toBe(
    'here',
  );
});

test('the search page filters its results by kind and deployment, from and into its address, by keyboard', async ({
  readingPage: page,
}) => {
  await gotoHydrated(page, '/search?q=license&kind=error-code');
  const kind = page.getByRole('group', {name: 'Kind'});
  const deployment = page.getByRole('group', {name: 'Deployment'});
  await expect(kind.getByRole('radio', {name: 'Error codes'})).toBeChecked();
  await expect(deployment.getByRole('radio', {name: 'All'})).toBeChecked();
  const results = page.locator('article');
  await expect(results.first()).toBeVisible();
  const labels = await results.locator('p span').allTextContents();
  expect(new Set(labels), 'every result of the filter is an error code').toEqual(new Set(['Error code']));
  await expect(results.locator('a[href$="#error-license-missing"]').first()).toBeVisible();

  // The arrow keys move within the group, as in any radio group, and the address follows.
  await kind.getByRole('radio', {name: 'Error codes'}).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(kind.getByRole('radio', {name: 'Schema fields'})).toBeChecked();
  await expect(page).toHaveURL(/[?&]kind=field(&|$)/);
  await expect(page).toHaveURL(/[?&]q=license(&|$)/);

  await deployment.getByRole('radio', {name: 'On-premise'}).check();
  await expect(page).toHaveURL(/[?&]deployment=on-premise(&|$)/);
  await kind.getByRole('radio', {name: 'All'}).check();
  await expect(page).not.toHaveURL(/[?&]kind=/);
  await expect(results.first()).toBeVisible();
  const hrefs = await results
    .locator('h2 a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs.filter((href) => /^\/(services|enrollment|webSDK)\//.test(href))).toEqual([]);
  expect(hrefs.some((href) => href.startsWith('/onprem-services/'))).toBe(true);

  // A filter that leaves nothing says so and offers the search without filters.
  await gotoHydrated(page, '/search?q=helm&kind=webhook-event&deployment=on-premise');
  await expect(page.getByText('No documents were found with these filters.')).toBeVisible();
  await page.getByRole('button', {name: 'Search everything'}).click();
  await expect(page).toHaveURL(/\/search\?q=helm$/);
  await expect(results.first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the search page finds what is deprecated, and says so beside each result', async ({
  readingPage: page,
}) => {
  await gotoHydrated(page, '/search?q=liveness%20model%20version&status=deprecated');
  const status = page.getByRole('group', {name: 'Status'});
  await expect(status.getByRole('radio', {name: 'Deprecated'})).toBeChecked();
  const results = page.locator('article');
  await expect(results.first()).toBeVisible();
  const labels = await results
    .locator('p')
    .evaluateAll((paths) => paths.map((path) => path.textContent ?? ''));
  expect(labels.length).toBeGreaterThan(0);
  expect(
    labels.filter((label) => !/· Deprecated/.test(label)),
    'every result says it is deprecated',
  ).toEqual([]);
  await expect(results.locator('a[href*="#model-versions-liveness-v30"]').first()).toBeVisible();
  await status.getByRole('radio', {name: 'All'}).check();
  await expect(page).not.toHaveURL(/[?&]status=/);
  await expect(results.locator('p', {hasNotText: 'Deprecated'}).first()).toBeVisible();
});
