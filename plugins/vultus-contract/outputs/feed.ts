/**
 * The revision history as an Atom feed, /revision-history.xml, so integrators can subscribe to
 * API changes, model sunsets and SDK and on-premise releases. It is read from the built page
 * itself (build/revision-history.html), so the feed says what the page says, with the page's
 * own anchors: every heading of its three logs that carries a date (`2026-11-25`, `3.4.1
 * (2026-09-22)`) is an entry, with the content up to the next heading. Written with the `feed`
 * package; advertised in the head of every page.
 */
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {load} from 'cheerio';
import {Feed} from 'feed';

export const feedFile = 'revision-history.xml';
export const feedTitle = 'Vultus revision history';
const pageRoute = '/revision-history';

/** The logs of the page, by the id of their section heading. */
const logs: Record<string, string> = {
  'api-changes': 'API changes',
  'web-sdk-releases': 'Web SDK',
  'on-premise-image-releases': 'On-premise images',
};

export type FeedEntry = {log: string; title: string; date: string; anchor: string; html: string};

/** The dated entries of the page's logs, newest first, their links made absolute. */
export function feedEntries(html: string, siteUrl: string): FeedEntry[] {
  const $ = load(html);
  const entries: FeedEntry[] = [];
  let log: string | undefined;
  let current: FeedEntry | undefined;
  const absolute = (href: string): string =>
    href.startsWith('#')
      ? `${siteUrl}${pageRoute}${href}`
      : href.startsWith('/')
        ? `${siteUrl}${href}`
        : href;
  $('article .markdown')
    .first()
    .children()
    .each((_, element) => {
      const node = $(element);
      const tag = element.tagName.toLowerCase();
      if (/^h[2-6]$/.test(tag)) {
        current = undefined;
        const id = node.attr('id') ?? '';
        if (tag === 'h2') log = logs[id];
        const title = node.clone().children('a.hash-link').remove().end().text().trim();
        const date = /\b(\d{4}-\d{2}-\d{2})\b/.exec(title)?.[1];
        if (log && date && tag !== 'h2') {
          current = {log, title, date, anchor: id, html: ''};
          entries.push(current);
        }
        return;
      }
      if (!current) return;
      node.find('a[href]').each((__, link) => {
        $(link).attr('href', absolute($(link).attr('href') ?? ''));
      });
      current.html += $.html(node);
    });
  return entries.sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? 1 : -1));
}

export function revisionHistoryFeed(entries: FeedEntry[], siteUrl: string): string {
  const link = `${siteUrl}${pageRoute}`;
  const newest = entries[0];
  if (!newest) throw new Error(`${pageRoute}: no dated entry for the feed`);
  const feed = new Feed({
    title: feedTitle,
    description:
      'Changes to the Vultus API v1 and its models, Web SDK releases and on-premise image releases.',
    id: link,
    link,
    language: 'en',
    updated: new Date(`${newest.date}T00:00:00Z`),
    feedLinks: {atom: `${siteUrl}/${feedFile}`},
    copyright: 'Vultus',
  });
  for (const entry of entries) {
    feed.addItem({
      title: `${entry.log} ${entry.title}`,
      id: `${link}#${entry.anchor}`,
      link: `${link}#${entry.anchor}`,
      date: new Date(`${entry.date}T00:00:00Z`),
      content: entry.html,
      category: [{name: entry.log}],
    });
  }
  return feed.atom1();
}

/** Writes /revision-history.xml from the built page. */
export async function writeRevisionHistoryFeed(outDir: string, siteUrl: string): Promise<void> {
  const html = await readFile(path.join(outDir, `${pageRoute.slice(1)}.html`), 'utf8');
  await writeFile(path.join(outDir, feedFile), revisionHistoryFeed(feedEntries(html, siteUrl), siteUrl));
}
