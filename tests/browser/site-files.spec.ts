/** The files tools and crawlers fetch, as the server serves them (tests/build/site-files.test.ts checks their content). */
import {test, expect} from './fixtures';

test('robots.txt, the Postman collection, the feed and the social card are served with their types', async ({
  request,
}) => {
  const files: Array<[string, RegExp]> = [
    ['/robots.txt', /^text\/plain/],
    ['/vultus.postman_collection.json', /^application\/json/],
    ['/revision-history.xml', /xml/],
    ['/img/social-card.jpg', /^image\/jpeg/],
    ['/openapi.yaml', /^application\/yaml/],
  ];
  for (const [file, type] of files) {
    const response = await request.get(file);
    expect(response.status(), file).toBe(200);
    expect(response.headers()['content-type'], file).toMatch(type);
  }
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: https://docs.vultus.example/sitemap.xml');
  const collection = (await (await request.get('/vultus.postman_collection.json')).json()) as {
    info: {schema: string};
    variable: Array<{key: string}>;
  };
  expect(collection.info.schema).toContain('schema.getpostman.com/json/collection/v2.1.0');
  expect(collection.variable.map((variable) => variable.key)).toEqual(
    expect.arrayContaining(['baseUrl', 'secretKey']),
  );
});

test('a page names its social card and the feed, and the card is the size social sites show', async ({
  readingPage: page,
}) => {
  await page.goto('/services/face-match');
  const image = await page.locator('head meta[property="og:image"]').getAttribute('content');
  expect(image).toBe('https://docs.vultus.example/img/social-card.jpg');
  await expect(
    page.locator('head link[rel="alternate"][type="application/atom+xml"][title="Vultus revision history"]'),
  ).toHaveAttribute('href', '/revision-history.xml');
  // The JPEG's frame header (SOF0, FF C0) holds its height and width.
  const bytes = await (await page.request.get('/img/social-card.jpg')).body();
  const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  const size = [bytes.readUInt16BE(sof + 7), bytes.readUInt16BE(sof + 5)];
  expect(size).toEqual([1200, 630]);
});
