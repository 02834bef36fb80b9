/**
 * Content that the browser draws or must show without it: every Mermaid diagram renders to
 * an SVG without errors in both colour modes; every chart and table is in the server-rendered
 * HTML (JavaScript disabled) and fits a 360 px screen.
 */
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {test, expect, gotoHydrated, pageMap} from './fixtures';

const docsDir = path.resolve(__dirname, '../../docs');

function routeOf(file: string): string {
  const source = readFileSync(path.join(docsDir, file), 'utf8');
  const slug = /^slug:\s*(\S+)/m.exec(source)?.[1];
  return slug ?? `/${file.replace(/\.mdx?$/, '')}`;
}

// Pages only: Docusaurus makes no route of a file or folder whose name starts with `_` (docs/_partials/).
const docsFiles = readdirSync(docsDir, {recursive: true, encoding: 'utf8'}).filter(
  (file) => /\.mdx?$/.test(file) && !file.split(path.sep).some((part) => part.startsWith('_')),
);
const diagrams = docsFiles
  .map((file) => ({
    route: routeOf(file),
    count: (readFileSync(path.join(docsDir, file), 'utf8').match(/^```mermaid/gm) ?? []).length,
  }))
  .filter((entry) => entry.count > 0);

test('diagrams below the fold do not load the diagram library until they come into view', async ({page}) => {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requested.push(request.url());
  });
  await page.setViewportSize({width: 390, height: 640});
  await page.goto('/services/deepfake-liveness');
  await expect(page.locator('article h1')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.docusaurus-mermaid-container svg')).toHaveCount(0);
  const before = requested.length;
  await page.locator('.vultus-diagram-pending').first().scrollIntoViewIfNeeded();
  await expect(page.locator('.docusaurus-mermaid-container svg').first()).toBeVisible({timeout: 20_000});
  expect(requested.length).toBeGreaterThan(before);
});

test('the site has diagrams to check', () => {
  expect(diagrams.length).toBeGreaterThan(5);
});

for (const {route, count} of diagrams) {
  test(`${route}: ${count} diagram(s) render in dark mode, and again in light mode`, async ({
    readingPage: page,
  }) => {
    const rendered = page.locator('.docusaurus-mermaid-container svg');
    /** Every diagram of the page drawn in `scheme`, visible and without a syntax error. */
    const drawn = async (scheme: 'light' | 'dark'): Promise<string[]> => {
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      // Diagrams load when they come near the viewport: bring each one into view.
      await expect(async () => {
        const pending = page.locator('.vultus-diagram-pending');
        if ((await pending.count()) > 0)
          await pending
            .first()
            .scrollIntoViewIfNeeded({timeout: 2_000})
            .catch(() => undefined);
        expect(await rendered.count()).toBe(count);
      }).toPass({timeout: 30_000});
      await expect(rendered).toHaveCount(count);
      for (const svg of await rendered.all()) {
        await expect(svg).toBeVisible();
        await expect(svg).not.toContainText(/Syntax error/i);
      }
      return Promise.all((await rendered.all()).map((svg) => svg.evaluate((node) => node.outerHTML)));
    };
    // Dark from the first paint (the reader's system setting), then the reader's system turns light:
    // one visit covers both modes, and each diagram is drawn again in the new mode's colours.
    await page.emulateMedia({colorScheme: 'dark'});
    await page.goto(route);
    const dark = await drawn('dark');
    await page.emulateMedia({colorScheme: 'light'});
    await expect(async () => {
      const light = await drawn('light');
      light.forEach((svg, index) => expect(svg, `diagram ${index + 1} in light mode`).not.toBe(dark[index]));
    }).toPass({timeout: 30_000});
  });
}

const metricsRoutes = pageMap.docs
  .filter((entry) => entry.route.startsWith('/metrics/'))
  .map((entry) => entry.route);

test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false});

  for (const route of metricsRoutes) {
    test(`${route}: every chart and table is in the HTML`, async ({readingPage: page}) => {
      await page.goto(route);
      await expect(page.locator('article h1')).toBeVisible();
      const tables = page.locator('article table');
      expect(await tables.count()).toBeGreaterThan(0);
      for (const chart of await page.locator('article figure.vultus-chart').all()) {
        const svg = chart.locator('svg[role="img"]');
        await expect(svg).toBeVisible();
        await expect(svg.locator('title')).toHaveCount(1);
        await expect(svg.locator('desc')).toHaveCount(1);
        // The same numbers in a table right after the chart.
        await expect(
          chart
            .locator('xpath=following-sibling::*[1]')
            .locator('table')
            .or(chart.locator('xpath=following-sibling::table[1]')),
        ).toHaveCount(1);
      }
    });
  }

  test('a service page shows its reference tables and code samples', async ({readingPage: page}) => {
    await page.goto('/services/face-match');
    await expect(page.locator('[data-operation-id="matchFaces"]')).toBeVisible();
    expect(await page.locator('article table').count()).toBeGreaterThan(2);
    await expect(page.locator('article pre').first()).toBeVisible();
  });
});

test('charts fit a 360 px screen and follow the colour mode', async ({readingPage: page}) => {
  await page.setViewportSize({width: 360, height: 800});
  await page.emulateMedia({colorScheme: 'dark'});
  await page.goto('/metrics/performance-metrics-bias-diversity');
  const chart = page.locator('figure.vultus-chart svg').first();
  await expect(chart).toBeVisible();
  const box = await chart.boundingBox();
  expect(box?.width ?? 999).toBeLessThanOrEqual(360);
  const lineColour = await chart
    .locator('.vultus-chart__line')
    .first()
    .evaluate((node) => getComputedStyle(node).stroke);
  await page.emulateMedia({colorScheme: 'light'});
  await page.reload();
  const lightColour = await page
    .locator('figure.vultus-chart svg .vultus-chart__line')
    .first()
    .evaluate((node) => getComputedStyle(node).stroke);
  expect(lineColour).not.toBe(lightColour);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('blog excerpt links say which post they open, in their text', async ({readingPage: page}) => {
  await gotoHydrated(page, '/blog/tags/hello');
  const links = page.locator('article a', {hasText: 'Read more'});
  expect(await links.count()).toBeGreaterThan(0);
  for (const link of await links.all()) {
    const title = await link.locator('xpath=ancestor::article//h2').innerText();
    expect(await link.textContent()).toBe(`Read more about ${title}`);
    await expect(link).toHaveAccessibleName(`Read more about ${title}`);
  }
});
