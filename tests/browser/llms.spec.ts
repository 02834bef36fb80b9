/** The Markdown version of each docs page: a "Copy page" control and a link to the .md file. */
import {test, expect, gotoHydrated} from './fixtures';

test('"Copy page" copies the page’s Markdown, by keyboard, and says so to screen readers', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({width: 1280, height: 800});
  await gotoHydrated(page, '/services/face-match');
  const button = page.getByRole('button', {name: 'Copy page'});
  await button.focus();
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({hasText: 'Page copied as Markdown.'})).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const file = await page.request.get('/services/face-match.md');
  expect(file.status()).toBe(200);
  expect(copied).toBe(await file.text());
  expect(copied.startsWith('# Face match\n')).toBe(true);
});

test('every docs page links its Markdown version, served as text/markdown', async ({readingPage: page}) => {
  for (const route of ['/', '/auth', '/metrics/liveness-verification-system', '/services/aml']) {
    await page.goto(route);
    const link = page.getByRole('link', {name: 'View as Markdown'});
    const href = await link.getAttribute('href');
    expect(href).toBe(route === '/' ? '/index.md' : `${route}.md`);
    const response = await page.request.get(href ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/markdown/);
  }
});

test('/llms.txt is served and links the contract', async ({request}) => {
  const response = await request.get('/llms.txt');
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text.startsWith('# Vultus Docs\n')).toBe(true);
  expect(text).toContain('/openapi.yaml');
  const contract = await request.get('/openapi.yaml');
  expect(contract.status()).toBe(200);
  expect(await contract.text()).toMatch(/^openapi: 3\.1\.0/m);
});

test('each docs page head advertises its Markdown version, and "Open in" links start a chat with it', async ({
  readingPage: page,
}) => {
  for (const route of ['/', '/services/face-match', '/onprem-services/face-liveness']) {
    await page.goto(route);
    const markdown = route === '/' ? '/index.md' : `${route}.md`;
    await expect(page.locator('head link[rel="alternate"][type="text/markdown"]')).toHaveAttribute(
      'href',
      markdown,
    );
    const absolute = `https://docs.vultus.example${markdown}`;
    for (const [name, base] of [
      ['ChatGPT', 'https://chatgpt.com/?q='],
      ['Claude', 'https://claude.ai/new?q='],
    ] as const) {
      const href = await page.getByRole('link', {name: `Open in ${name}`}).getAttribute('href');
      expect(href?.startsWith(base), `${route}: ${name} link ${href ?? ''}`).toBe(true);
      expect(decodeURIComponent(href?.slice(base.length) ?? '')).toContain(absolute);
    }
  }
});
