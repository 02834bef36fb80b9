/**
 * The server-rendered page is the page: when React takes over, code blocks and code tabs stay the
 * nodes the server sent (the classic theme rebuilt every one of them, which doubled the work of
 * becoming interactive on long reference pages), and they still show the reader's colour mode and
 * language choice.
 */
import {test, expect, gotoHydrated} from './fixtures';

const route = '/services/face-match';

test('code blocks and code tabs from the server are kept when the page becomes interactive', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as {rebuilt: string[]};
    w.rebuilt = [];
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const node of Array.from(mutation.removedNodes))
          if (node instanceof Element && node.matches('.theme-code-block, .tabs-container'))
            w.rebuilt.push(node.className);
    }).observe(document, {childList: true, subtree: true});
  });
  await gotoHydrated(page, route);
  await expect(page.locator('article .tabs-container').first()).toBeVisible();
  expect(await page.locator('article .theme-code-block').count()).toBeGreaterThan(5);
  expect(await page.evaluate(() => (window as unknown as {rebuilt: string[]}).rebuilt)).toEqual([]);
});

test('after a reload in dark mode, code blocks use the dark code colours', async ({readingPage: page}) => {
  await page.emulateMedia({colorScheme: 'light'});
  await gotoHydrated(page, route);
  // The toggle cycles system → light → dark.
  const toggle = page.getByRole('button', {name: /Switch between dark and light mode/});
  await toggle.click();
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const pre = page.locator('article pre.prism-code').first();
  // The dark palette: #161b22 background, #e6edf3 text, #ff7b72 keywords (config/prism.ts).
  await expect(pre).toHaveCSS('background-color', 'rgb(22, 27, 34)');
  await expect(pre).toHaveCSS('color', 'rgb(230, 237, 243)');
  const keyword = page.locator('article pre.prism-code .k').first();
  await expect(keyword).toHaveCSS('color', 'rgb(255, 123, 114)');
});

test('a chosen code language shows its panel after a reload', async ({readingPage: page}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await gotoHydrated(page, route);
  const tabs = page.locator('article .tabs-container').first();
  await tabs.getByRole('tab', {name: 'Python'}).click();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  const python = tabs.getByRole('tab', {name: 'Python'});
  await expect(python).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab', {name: 'cURL'})).toHaveAttribute('aria-selected', 'false');
  const panels = tabs.getByRole('tabpanel', {includeHidden: true});
  await expect(panels.nth(0)).toBeHidden();
  await expect(panels.nth(2)).toBeVisible();
  await expect(panels.nth(2)).toContainText('import');
});

test('code reached by a client-side link is highlighted and copies its exact text', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({width: 1280, height: 800});
  await gotoHydrated(page, '/services/face-search');
  await page.evaluate(() => {
    (window as unknown as {sameDocument: boolean}).sameDocument = true;
  });
  await page.locator('article').getByRole('link', {name: 'Face match', exact: true}).first().click();
  await expect(page).toHaveURL(/\/services\/face-match$/);
  // The address changes before the new page replaces the old one: wait for the new page.
  await expect(page.locator('article h1')).toHaveText('Face match');
  // The page was rendered in the browser from its chunk, not loaded from the server.
  expect(await page.evaluate(() => (window as unknown as {sameDocument?: boolean}).sameDocument)).toBe(true);
  const block = page.locator('article .theme-code-block').first();
  await expect(block.locator('.k, .f, .s').first()).toBeVisible();
  const shown = await block.locator('code').innerText();
  await block.getByRole('button', {name: /Copy code/i}).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.trim()).toBe(shown.trim());
});
