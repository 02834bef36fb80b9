/** The announcement bar: dismissible, remembered per bar id. */
import {test, expect, gotoHydrated} from './fixtures';

const bar = '.theme-announcement-bar';

test('dismissing the bar is remembered across reloads and pages', async ({readingPage: page}) => {
  await gotoHydrated(page, '/');
  await expect(page.locator(bar)).toBeVisible();
  await page.locator(bar).getByRole('button', {name: 'Close'}).click();
  await expect(page.locator(bar)).toHaveCount(0);
  // A mouse click leaves no focus ring where the bar's focus went (a keyboard close: below).
  expect(await page.evaluate(() => document.activeElement?.matches(':focus-visible'))).toBe(false);
  await page.reload();
  await expect(page.locator(bar)).toHaveCount(0);
  await gotoHydrated(page, '/auth');
  await expect(page.locator(bar)).toHaveCount(0);
});

test('a bar with a new id shows again after an earlier one was dismissed', async ({readingPage: page}) => {
  await gotoHydrated(page, '/');
  await page.locator(bar).getByRole('button', {name: 'Close'}).click();
  await expect(page.locator(bar)).toHaveCount(0);
  // Pretend the dismissed bar was an older one: rewrite the remembered id.
  const rewritten = await page.evaluate(() => {
    let count = 0;
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('docusaurus.announcement.id')) {
        localStorage.setItem(key, 'an-older-announcement');
        count += 1;
      }
    }
    return count;
  });
  expect(rewritten).toBe(1);
  await page.reload();
  await expect(page.locator(bar)).toBeVisible();
});

for (const {label, width} of [
  {label: 'at 1280 px, the navbar’s logo link', width: 1280},
  {label: 'at 390 px, the menu toggle', width: 390},
]) {
  test(`closing the bar by keyboard hands focus to what follows it, ${label}`, async ({
    readingPage: page,
  }) => {
    await page.setViewportSize({width, height: 800});
    await gotoHydrated(page, '/auth');
    const close = page.locator(bar).getByRole('button', {name: 'Close'});
    await close.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator(bar)).toHaveCount(0);
    // The next element in tab order after the bar: the first one of the navbar a reader can reach.
    const expected =
      width === 1280 ? page.locator('.navbar__brand') : page.getByLabel('Toggle navigation bar');
    await expect(expected).toBeFocused();
    expect(
      await expected.evaluate((element) => element.matches(':focus-visible')),
      'with its focus ring',
    ).toBe(true);
    // Tab goes on from there, not from the top of the page.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.navbar') !== null)).toBe(true);
  });
}
