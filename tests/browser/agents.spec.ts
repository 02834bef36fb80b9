/**
 * What the server does for coding agents and tools (deploy/nginx/http.conf and site.conf): a page
 * asked for as Markdown is answered with its Markdown version, a docs page's HTML names it in a
 * Link header, the Markdown files are kept out of search engines, and the API catalog says where
 * the contract is.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse as parseYaml} from 'yaml';
import {markdownPath} from '../../src/lib/markdownPath';
import {test, expect, pageMap} from './fixtures';

const buildDir = path.resolve(__dirname, '../../build');
const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

test('a docs page asked for with Accept: text/markdown is its Markdown version, varying on Accept', async ({
  request,
}) => {
  for (const accept of ['text/markdown', 'text/markdown, text/html;q=0.9', 'text/plain, text/markdown']) {
    for (const route of ['/', '/auth', '/services/face-match', '/onprem-services/merged-solutions']) {
      const response = await request.get(route, {headers: {accept}});
      expect(response.status(), `${accept} ${route}`).toBe(200);
      const headers = response.headers();
      expect(headers['content-type'], route).toMatch(/^text\/markdown/);
      expect(headers.vary, route).toMatch(/\bAccept\b/);
      expect(headers['x-robots-tag'], route).toBe('noindex');
      expect(await response.text(), route).toBe(
        readFileSync(path.join(buildDir, markdownPath(route)), 'utf8'),
      );
    }
  }
  // A page without a Markdown version is its HTML, whatever the Accept.
  const blog = await request.get('/blog', {headers: {accept: 'text/markdown'}});
  expect(blog.status()).toBe(200);
  expect(blog.headers()['content-type']).toMatch(/^text\/html/);
});

test('a browser gets the HTML, and every docs page names its Markdown version in a Link header', async ({
  request,
}) => {
  for (const {route} of pageMap.docs) {
    const response = await request.get(route, {headers: {accept: browserAccept}});
    expect(response.status(), route).toBe(200);
    const headers = response.headers();
    expect(headers['content-type'], route).toMatch(/^text\/html/);
    expect(headers.vary, route).toMatch(/\bAccept\b/);
    expect(headers['x-robots-tag'], route).toBeUndefined();
    expect(headers.link, route).toBe(`<${markdownPath(route)}>; rel="alternate"; type="text/markdown"`);
    const markdown = await request.get(markdownPath(route));
    expect(markdown.status(), markdownPath(route)).toBe(200);
    expect(markdown.headers()['x-robots-tag'], markdownPath(route)).toBe('noindex');
  }
  // The pages without a Markdown version name none.
  for (const route of ['/blog', '/search', '/no-such-page']) {
    const response = await request.get(route, {headers: {accept: browserAccept}});
    expect(response.headers().link, route).toBeUndefined();
  }
});

test('/.well-known/api-catalog is a linkset naming each cloud base URL with its contract and docs', async ({
  request,
}) => {
  const response = await request.get('/.well-known/api-catalog');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/linkset\+json/);
  const {linkset} = (await response.json()) as {
    linkset: Array<{anchor: string; item?: {href: string}[]; 'service-desc'?: {href: string}[]}>;
  };
  const contract = parseYaml(readFileSync(path.join(buildDir, 'openapi.yaml'), 'utf8')) as {
    servers: {url: string}[];
  };
  const cloud = contract.servers.map((server) => server.url).filter((url) => !url.includes('{'));
  expect(linkset[0]?.anchor).toBe('https://docs.vultus.example/.well-known/api-catalog');
  expect(linkset[0]?.item?.map((item) => item.href)).toEqual(cloud);
  for (const url of cloud) {
    const api = linkset.find((context) => context.anchor === url);
    expect(api?.['service-desc']?.[0]?.href, url).toBe('https://docs.vultus.example/openapi.yaml');
  }
  expect((await request.get('/openapi.yaml')).status()).toBe(200);
});

test('/skill.md is an Agent Skill, served as Markdown', async ({request}) => {
  const response = await request.get('/skill.md');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/markdown/);
  const text = await response.text();
  expect(text).toMatch(/^---\nname: vultus-integration\ndescription: .{40,}\n---\n\n/);
});
