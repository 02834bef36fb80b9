/**
 * axe-core on one page of each kind in dark mode, and on the open search dropdown: no serious or
 * critical violation (every route in light mode: ./routes.spec.ts); that the scan finds what it
 * looks for. Keyboard-only use of the navbar, the mobile menu, the sidebar, code tabs, search and
 * copy buttons.
 */
import type {Locator, Page} from '@playwright/test';
import {axeTimeout, seriousViolations} from './axe';
import {test, expect, gotoHydrated, openSearchBox} from './fixtures';

test('the scan finds what it looks for: text below 4.5:1 and an image without a text alternative', async ({
  page,
}) => {
  test.setTimeout(axeTimeout);
  await gotoHydrated(page, '/markdown-page');
  await page.evaluate(() => {
    const main = document.querySelector('main');
    main?.insertAdjacentHTML(
      'afterbegin',
      '<p style="color:#bbb;background:#fff">Planted low-contrast text</p><img src="/img/logo.svg">',
    );
  });
  const found = (await seriousViolations(page)).join('\n');
  expect(found).toMatch(/^color-contrast \(serious\)/m);
  expect(found).toMatch(/^image-alt \(critical\)/m);
});

test.describe('dark mode', () => {
  test.use({allowedConsoleErrors: /status of 404/});
  const kinds: Array<[string, string]> = [
    ['docs page with a sidebar', '/services/face-match'],
    ['docs page without a sidebar', '/services/aml'],
    ['metrics page with charts', '/metrics/performance-metrics-bias-diversity'],
    ['blog post', '/blog/long-blog-post'],
    ['tag page', '/blog/tags/hello'],
    ['not-found page', '/no-such-page'],
    ['standalone page', '/markdown-page'],
  ];
  for (const [kind, route] of kinds) {
    test(`axe, dark mode: ${kind}`, async ({readingPage: page}) => {
      test.setTimeout(axeTimeout);
      await page.emulateMedia({colorScheme: 'dark'});
      await page.goto(route);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test('every link in running text is underlined, not told apart by colour alone (WCAG 1.4.1)', async ({
  readingPage: page,
}) => {
  for (const route of [
    '/markdown-page',
    '/services/face-match',
    '/blog/long-blog-post',
    '/revision-history',
  ]) {
    await page.goto(route);
    // The text of the page: a docs page's or blog post's body (.markdown), a standalone page's article.
    const plain = await page.evaluate(() =>
      [
        ...document.querySelectorAll(
          'main :is(.markdown, article:not(:has(.markdown))) :is(p, li, td, dd, blockquote) a[href]',
        ),
      ]
        .filter((link) => !link.closest('nav, .table-of-contents, .pagination-nav, .button, [class*="tabs"]'))
        .filter((link) => !getComputedStyle(link).textDecorationLine.includes('underline'))
        .map((link) => `${link.textContent ?? ''} (${link.getAttribute('href') ?? ''})`),
    );
    expect(plain, route).toEqual([]);
    expect(
      await page.locator('main :is(.markdown, article:not(:has(.markdown))) p a[href]').count(),
      `${route} has links in its text`,
    ).toBeGreaterThan(0);
  }
  // The theme's own links around the text keep their look: breadcrumbs, table of contents, tags.
  await page.goto('/services/face-match');
  for (const selector of ['.breadcrumbs__link', '.table-of-contents__link']) {
    const links = page.locator(`article ${selector}, ${selector}`);
    expect(await links.count(), selector).toBeGreaterThan(0);
    await expect(links.first()).not.toHaveCSS('text-decoration-line', /underline/);
  }
  await page.goto('/blog/long-blog-post');
  await expect(page.locator('article a[rel="tag"]').first()).not.toHaveCSS(
    'text-decoration-line',
    /underline/,
  );
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe, ${colorScheme} mode: the open search dropdown with its results and "See all results"`, async ({
    readingPage: page,
  }) => {
    test.setTimeout(axeTimeout);
    await page.emulateMedia({colorScheme});
    const box = await openSearchBox(page, '/');
    await box.fill('webhook retries');
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options.last()).toHaveText(/^See all results/);
    expect(await seriousViolations(page)).toEqual([]);
    // The active option is drawn in the highlight colour: its text must stay readable too.
    await box.press('ArrowUp');
    await box.press('ArrowUp');
    await expect(options.last()).toHaveAttribute('aria-selected', 'true');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

/**
 * Presses Tab until `predicate` holds for the focused element; fails after `limit` presses, naming
 * the elements focus went through.
 */
async function tabUntil(
  page: Page,
  predicate: () => Promise<boolean>,
  limit = 60,
  key = 'Tab',
): Promise<void> {
  const trail: string[] = [];
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press(key);
    if (await predicate()) return;
    trail.push(await focusedName(page));
  }
  throw new Error(
    `focus never reached the target in ${limit} ${key} presses; it went to:\n${trail.join('\n')}`,
  );
}

/** The focused element as a reader would name it: its tag, then its label or its text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return '(nothing)';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return `${element.tagName.toLowerCase()} "${name}"`;
  });

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

/** `/auth` at 1280 × 800: the docs sidebar's collapse and expand buttons, and one of its links. */
async function sidebarButtons(
  page: Page,
): Promise<{collapse: Locator; expand: Locator; sidebarLink: Locator}> {
  await page.setViewportSize({width: 1280, height: 800});
  await gotoHydrated(page, '/auth');
  return {
    collapse: page.getByRole('button', {name: 'Collapse sidebar'}),
    expand: page.getByRole('button', {name: 'Expand sidebar'}),
    sidebarLink: page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'Requests'}),
  };
}

/** Whether the element shows the focus ring the browser draws for keyboard focus. */
const hasFocusRing = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element) => element.matches(':focus-visible'));

test.describe('keyboard only', () => {
  test('the navbar: every item is reachable and opens with Enter', async ({readingPage: page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await gotoHydrated(page, '/auth');
    await tabUntil(page, async () => (await focusedText(page)) === 'RESTful API');
    await tabUntil(page, async () => (await focusedText(page)) === 'Blog');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('the mobile menu takes focus, keeps it while open, is navigable and closes with the keyboard', async ({
    readingPage: page,
  }) => {
    await page.setViewportSize({width: 390, height: 800});
    await gotoHydrated(page, '/auth');
    const toggle = page.getByRole('button', {name: 'Toggle navigation bar'});
    await tabUntil(page, async () => (await focusedLabel(page)) === 'Toggle navigation bar');
    await page.keyboard.press('Enter');
    const menu = page.locator('.navbar-sidebar');
    const close = menu.getByRole('button', {name: 'Close navigation bar'});
    // The menu covers the page: focus moves into it, not to the navbar items under it.
    await expect(close).toBeFocused();
    // On a docs page the menu opens on the docs sidebar; the main menu is one step back.
    await tabUntil(page, async () => (await focusedText(page)).includes('Back to main menu'), 3);
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('link', {name: 'RESTful API'})).toBeVisible();
    // The button that had focus is now hidden: focus moves to the main menu's first item, not
    // back to the top of the page.
    await expect(menu.getByRole('link', {name: 'RESTful API'})).toBeFocused();
    await tabUntil(page, async () => (await focusedText(page)) === 'Contact Us', 10);
    // While the menu is open, Tab never reaches the page behind it.
    for (let presses = 0; presses < 15; presses += 1) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => {
          const focused = document.activeElement;
          return focused === document.body || Boolean(focused?.closest('.navbar-sidebar'));
        }),
        `focus stays in the menu: ${await focusedName(page)}`,
      ).toBe(true);
    }
    // The close button closes it, and focus goes back to the button that opened it.
    await tabUntil(page, async () => (await focusedLabel(page)) === 'Close navigation bar', 20, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('link', {name: 'RESTful API'})).toBeHidden();
    await expect(toggle).toBeFocused();
    // So does Escape.
    await page.keyboard.press('Enter');
    await expect(close).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(close).toBeHidden();
    await expect(toggle).toBeFocused();
    // And the page behind can be reached again.
    await tabUntil(page, async () => (await focusedText(page)).startsWith('Authorization: Bearer'), 30);
  });

  test('the open mobile menu closes on a tap beside it, on the backdrop', async ({readingPage: page}) => {
    await page.setViewportSize({width: 390, height: 800});
    await gotoHydrated(page, '/auth');
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const close = page.locator('.navbar-sidebar').getByRole('button', {name: 'Close navigation bar'});
    await expect(close).toBeFocused();
    // The menu is 83 % of the width; the backdrop dims the rest.
    await page.mouse.click(380, 400);
    await expect(close).toBeHidden();
    await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeFocused();
  });

  test('the docs sidebar collapses and expands with the keyboard, focus moving to the button that undoes it', async ({
    readingPage: page,
  }) => {
    const {collapse, expand, sidebarLink} = await sidebarButtons(page);
    await collapse.focus();
    await page.keyboard.press('Enter');
    await expect(sidebarLink).toBeHidden();
    // The button pressed is gone with the sidebar: focus moves to the one that brings it back,
    // with its focus ring.
    await expect(expand).toBeFocused();
    expect(await hasFocusRing(expand)).toBe(true);
    // Tab moves on, as from any button; it does not expand the sidebar.
    await page.keyboard.press('Tab');
    await expect(expand).not.toBeFocused();
    await expect(sidebarLink).toBeHidden();
    await expand.focus();
    await page.keyboard.press('Enter');
    await expect(sidebarLink).toBeVisible();
    await expect(collapse).toBeFocused();
  });

  test('the docs sidebar collapsed and expanded with the mouse shows no focus ring and moves no focus', async ({
    readingPage: page,
  }) => {
    const {collapse, expand, sidebarLink} = await sidebarButtons(page);
    await collapse.click();
    await expect(sidebarLink).toBeHidden();
    await expect(expand).toBeVisible();
    expect(await hasFocusRing(expand)).toBe(false);
    await expand.click();
    await expect(sidebarLink).toBeVisible();
    await expect(collapse).not.toBeFocused();
  });

  test('the table of contents on a narrow screen says whether it is open', async ({readingPage: page}) => {
    await page.setViewportSize({width: 390, height: 800});
    await gotoHydrated(page, '/auth');
    const toggle = page.getByRole('button', {name: 'On this page'});
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(
      page.locator('.theme-doc-toc-mobile').getByRole('link', {name: 'Secret keys', exact: true}),
    ).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('the sidebar: a category opens with Enter and its pages are reachable', async ({
    readingPage: page,
  }) => {
    await page.setViewportSize({width: 1280, height: 800});
    await gotoHydrated(page, '/auth');
    await tabUntil(page, async () => (await focusedText(page)) === 'Services');
    await page.keyboard.press('Enter');
    // The category opens with an animation; its links take focus once they are shown.
    await expect(
      page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'Face match', exact: true}),
    ).toBeVisible();
    await tabUntil(page, async () => (await focusedText(page)) === 'Face match', 5);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/services\/face-match$/);
  });

  test('code tabs switch with the arrow keys and the choice persists across pages', async ({
    readingPage: page,
  }) => {
    await page.setViewportSize({width: 1280, height: 800});
    await gotoHydrated(page, '/services/face-match');
    const firstTabs = page.locator('.tabs-container').first();
    const curl = firstTabs.getByRole('tab', {name: 'cURL'});
    await curl.focus();
    await page.keyboard.press('ArrowRight');
    const javascript = firstTabs.getByRole('tab', {name: 'JavaScript'});
    await expect(javascript).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(javascript).toHaveAttribute('aria-selected', 'true');
    await gotoHydrated(page, '/services/face-search');
    await expect(
      page.locator('.tabs-container').first().getByRole('tab', {name: 'JavaScript'}),
    ).toHaveAttribute('aria-selected', 'true');
  });

  test('search: reachable, typed into, results chosen with the arrow keys', async ({readingPage: page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await gotoHydrated(page, '/auth');
    await tabUntil(page, async () => (await focusedLabel(page)) === 'Search');
    await page.keyboard.type('webhook');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/auth$/);
  });

  test('a code block’s copy button is reachable and copies the code', async ({page, context}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({width: 1280, height: 800});
    await gotoHydrated(page, '/services/face-match');
    const block = page.locator('article .theme-code-block').first();
    const button = block.getByRole('button', {name: /Copy code/i});
    await button.focus();
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.length).toBeGreaterThan(20);
    const shown = await block.locator('code').innerText();
    expect(copied.trim()).toBe(shown.trim());
  });
});
