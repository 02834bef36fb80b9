/** The navigation bar of the site spec: items, link targets, logo, locale menu, mobile menu. */
import {test, expect, gotoHydrated} from './fixtures';
import {externalLinks} from '../../config/links';

test('navbar items, in order, with the spec targets', async ({readingPage: page}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await gotoHydrated(page, '/auth');
  const navbar = page.getByRole('navigation', {name: 'Main'});

  const restful = navbar.getByRole('link', {name: 'RESTful API'});
  await expect(restful).toHaveAttribute('href', '/');

  const mobile = navbar.getByRole('link', {name: 'Mobile SDKs'});
  await expect(mobile).toHaveAttribute('href', externalLinks.mobileSdks);
  // Same tab: no target, or _self.
  expect(await mobile.getAttribute('target')).not.toBe('_blank');

  for (const [name, href] of [
    ['Status', externalLinks.status],
    ['Contact Us', externalLinks.contact],
  ] as const) {
    const link = navbar.getByRole('link', {name});
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
  await expect(navbar.getByLabel('Search', {exact: true})).toBeVisible();
  await expect(navbar.getByRole('button', {name: /Switch between dark and light mode/})).toBeVisible();
});

test('the logo is 100 px wide', async ({readingPage: page}) => {
  await gotoHydrated(page, '/');
  const logo = page.locator('.navbar__brand img').first();
  await expect(logo).toHaveAttribute('width', '100');
  const box = await logo.boundingBox();
  expect(box?.width).toBe(100);
});

test('the language menu offers English only', async ({readingPage: page}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await gotoHydrated(page, '/');
  const dropdown = page.locator('.navbar__items--right .dropdown').filter({hasText: 'English'});
  await dropdown.hover();
  const items = dropdown.locator('.dropdown__menu li');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toHaveText('English');
});

test('below 996 px the navbar becomes a mobile menu', async ({readingPage: page}) => {
  await page.setViewportSize({width: 995, height: 800});
  await gotoHydrated(page, '/auth');
  const toggle = page.getByRole('button', {name: 'Toggle navigation bar'});
  await expect(toggle).toBeVisible();
  await expect(page.locator('.navbar__items a.navbar__link', {hasText: 'RESTful API'})).toBeHidden();
  await toggle.click();
  const sidebar = page.locator('.navbar-sidebar');
  await expect(sidebar.getByRole('link', {name: 'RESTful API'})).toBeVisible();
  await expect(sidebar.getByRole('link', {name: 'Contact Us'})).toBeVisible();
  await sidebar.getByRole('button', {name: 'Close navigation bar'}).click();
  await expect(sidebar.getByRole('link', {name: 'RESTful API'})).toBeHidden();
});

test('at 997 px the full navbar shows and the mobile toggle does not', async ({readingPage: page}) => {
  await page.setViewportSize({width: 997, height: 800});
  await gotoHydrated(page, '/auth');
  await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeHidden();
  await expect(page.locator('.navbar__items a.navbar__link', {hasText: 'RESTful API'})).toBeVisible();
});

test('the footer carries the 2025 copyright', async ({readingPage: page}) => {
  await gotoHydrated(page, '/');
  await expect(page.locator('footer .footer__copyright')).toHaveText('Copyright © 2025 Vultus');
});
