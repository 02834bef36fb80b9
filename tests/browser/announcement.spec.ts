/** The announcement bar: dismissible, remembered per bar id. */
import {test, expect, gotoHydrated} from './fixtures';

const bar = '.theme-announcement-bar';

test('dismissing the bar is remembered across reloads and pages', async ({readingPage: page}) => {
  await gotoHydrated(page, '/');
  await expect(page.locator(bar)).toBeVisible();
  await page.locator(bar).getByRole('button', {name: 'Close'}).click();
  await expect(page.locator(bar)).toHaveCount(0);
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
