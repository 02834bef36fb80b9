/**
 * The files tools and crawlers fetch from the built site: the Postman collection, the revision
 * history feed, robots.txt, the sitemap with each page's last change, and the social card every
 * page names in og:image.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {load} from 'cheerio';
import {XMLParser, XMLValidator} from 'fast-xml-parser';
import {loadContract} from '../../plugins/vultus-contract/contract/contract';
import {collectionRequests, postmanFile} from '../../plugins/vultus-contract/outputs/postman';
import {feedFile} from '../../plugins/vultus-contract/outputs/feed';

const siteDir = path.resolve(__dirname, '../..');
const buildDir = path.join(siteDir, 'build');
const siteUrl = 'https://docs.vultus.example';
const read = (file: string): string => readFileSync(path.join(buildDir, file), 'utf8');
const pageMap = JSON.parse(readFileSync(path.join(siteDir, 'tests/page-map.json'), 'utf8')) as {
  docs: Array<{route: string}>;
};
const htmlOf = (route: string): string => read(route === '/' ? 'index.html' : `${route.slice(1)}.html`);

test('the Postman collection is published, parses, holds every operation and is linked from llms.txt and the intro', async () => {
  const collection = JSON.parse(read(postmanFile)) as Record<string, unknown>;
  const contract = await loadContract(siteDir);
  const operations = [...contract.operations.values()].filter((entry) => !entry.webhook).length;
  assert.equal(collectionRequests(collection).length, operations);
  assert.ok(read('llms.txt').includes(`${siteUrl}/${postmanFile}`), 'llms.txt links it');
  assert.ok(load(htmlOf('/'))(`a[href="/${postmanFile}"]`).length > 0, 'the intro links it');
});

test('the revision history feed is well-formed Atom, one entry per dated heading, each linking its anchor', () => {
  const xml = read(feedFile);
  assert.equal(XMLValidator.validate(xml), true, 'well-formed XML');
  const {feed} = new XMLParser({ignoreAttributes: false, attributeNamePrefix: ''}).parse(xml) as {
    feed: {
      xmlns: string;
      id: string;
      title: string;
      updated: string;
      entry: Array<{
        id: string;
        title: {'#text': string};
        updated: string;
        link: {href: string};
        content: {'#text': string; type: string};
      }>;
    };
  };
  assert.equal(feed.xmlns, 'http://www.w3.org/2005/Atom');
  assert.equal(feed.id, `${siteUrl}/revision-history`);
  assert.ok(feed.title && !Number.isNaN(Date.parse(feed.updated)));
  const page = load(htmlOf('/revision-history'));
  const dated = page('article .markdown h3, article .markdown h4').filter((_, heading) =>
    /\d{4}-\d{2}-\d{2}/.test(page(heading).text()),
  );
  assert.ok(feed.entry.length >= 30, `${feed.entry.length} entries`);
  assert.equal(feed.entry.length, dated.length, 'an entry per dated heading');
  for (const entry of feed.entry) {
    const title = entry.title['#text'];
    assert.ok(entry.id && title && !Number.isNaN(Date.parse(entry.updated)), title);
    assert.equal(entry.content.type, 'html', title);
    const anchor = entry.link.href.replace(`${siteUrl}/revision-history#`, '');
    assert.equal(page(`[id="${anchor}"]`).length, 1, `${entry.link.href} names a heading of the page`);
    assert.ok(entry.content['#text'].length > 40, `${title} has content`);
    assert.doesNotMatch(entry.content['#text'], /href="?(?:\/|#|\.)/, `${title}: links are absolute`);
  }
  const newest = [...feed.entry].sort((a, b) => Date.parse(b.updated) - Date.parse(a.updated))[0];
  assert.equal(feed.updated, newest?.updated, 'the feed is as new as its newest entry');
});

test('every page advertises the feed, its social card and (docs) its Markdown version in the head', () => {
  for (const route of ['/', '/services/face-match', '/revision-history', '/blog', '/markdown-page']) {
    const $ = load(htmlOf(route));
    assert.equal(
      $(`head link[rel="alternate"][type="application/atom+xml"][href="/${feedFile}"]`).length,
      1,
      route,
    );
    const image = $('head meta[property="og:image"]').attr('content');
    assert.equal(image, `${siteUrl}/img/social-card.jpg`, `${route} og:image`);
    assert.equal($('head meta[name="twitter:image"]').attr('content'), image, `${route} twitter:image`);
  }
  assert.ok(existsSync(path.join(buildDir, 'img/social-card.jpg')));
  for (const {route} of pageMap.docs) {
    const href = load(htmlOf(route))('head link[rel="alternate"][type="text/markdown"]').attr('href');
    assert.equal(href, route === '/' ? '/index.md' : `${route}.md`, route);
  }
});

test('robots.txt allows crawling and names the sitemap, whose docs pages carry their last change', () => {
  assert.equal(read('robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`);
  const sitemap = new XMLParser().parse(read('sitemap.xml')) as {
    urlset: {url: Array<{loc: string; lastmod?: string}>};
  };
  const byLoc = new Map(sitemap.urlset.url.map((url) => [url.loc, url.lastmod]));
  for (const {route} of pageMap.docs) {
    const lastmod = byLoc.get(`${siteUrl}${route}`);
    assert.match(String(lastmod), /^\d{4}-\d{2}-\d{2}$/, `${route} lastmod`);
  }
});
