/** Colour mode: light by default, follows the system until the reader chooses, choice persisted. */
import {test, expect, gotoHydrated} from './fixtures';

const toggleName = /Switch between dark and light mode/;

test('light by default when the system has no dark preference', async ({readingPage: page}) => {
  await page.emulateMedia({colorScheme: 'no-preference'});
  await gotoHydrated(page, '/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('follows a dark system preference until the reader chooses', async ({readingPage: page}) => {
  await page.emulateMedia({colorScheme: 'dark'});
  await gotoHydrated(page, '/auth');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({colorScheme: 'light'});
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('the reader’s choice wins over the system and persists across pages and reloads', async ({
  readingPage: page,
}) => {
  await page.emulateMedia({colorScheme: 'dark'});
  await gotoHydrated(page, '/auth');
  const toggle = page.getByRole('button', {name: toggleName});
  await expect(toggle).toHaveAttribute('aria-label', /system mode/);
  // system → light (an explicit choice against the dark system preference)
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await gotoHydrated(page, '/requests');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // light → dark, and it sticks even when the system turns light
  await page.getByRole('button', {name: toggleName}).click();
  await page.emulateMedia({colorScheme: 'light'});
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});
