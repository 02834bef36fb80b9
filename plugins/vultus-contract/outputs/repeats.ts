/**
 * llms-full.txt states each block once. The site repeats some blocks on purpose, so that every
 * page reads on its own: the licence-error table on each on-premise page, the webhook helpers on
 * each session page, an operation on every page that uses it. One file read from start to end
 * needs them once; a block that an earlier page (or an earlier part of the same page) has already
 * shown becomes a line naming where it is, with a link to that section of the site.
 */
import type {Heading, List, ListItem, Paragraph, Root, RootContent} from 'mdast';
import {toString} from 'mdast-util-to-string';
import {createSlugger} from '@docusaurus/utils';
import {siteUrl} from '../../../config/links';
import {markdownPath} from '../../../src/lib/markdownPath';
import {blockwiseWriter} from './markdown';
import {link, paragraph, text} from '../mdast';

/**
 * A repeated block shorter than this stays: the line that refers to it would save little, and a
 * short line (a one-row table, a sentence) reads better where it is.
 */
export const repeatedBlockMinBytes = 300;

export type PageTree = {route: string; title: string; tree: Root};

type Place = {
  route: string;
  title: string;
  section?: {title: string; id: string};
  /** The bold label the block follows in its section ("Parameters", "Error responses"), if any. */
  label?: string;
};

const kinds: Partial<Record<RootContent['type'], string>> = {
  table: 'table',
  code: 'code',
  list: 'list',
};

/**
 * The id Docusaurus gives each heading of a page (`@docusaurus/mdx-loader`'s headings plugin):
 * an id set by a directive, made unique on the page, or the slug of the heading's text.
 */
function headingIds(tree: Root): Map<Heading, string> {
  const slugger = createSlugger();
  const ids = new Map<Heading, string>();
  for (const node of tree.children) {
    if (node.type !== 'heading' || node.depth === 1) continue;
    const set = (node.data as {hProperties?: {id?: unknown}} | undefined)?.hProperties?.id;
    ids.set(
      node,
      typeof set === 'string' ? slugger.slug(set, {maintainCase: true}) : slugger.slug(toString(node)),
    );
  }
  return ids;
}

function reference(node: RootContent, place: Place): Paragraph {
  const what = kinds[node.type] ?? 'text';
  if (!place.section)
    return paragraph(
      text(`The same ${what} as at the start of `),
      link(`${siteUrl}${markdownPath(place.route)}`, text(place.title)),
      text(', above.'),
    );
  return paragraph(
    text(`The same ${what} as ${place.label ? `“${place.label}” ` : ''}under `),
    link(`${siteUrl}${place.route}#${place.section.id}`, text(place.section.title)),
    text(` (${place.title}), above.`),
  );
}

/** The bold text a paragraph starts with, when it is a label (`**Parameters**`, `**Request body** (…)`). */
function labelOf(node: RootContent | undefined): string | undefined {
  const first = node?.type === 'paragraph' ? node.children[0] : undefined;
  return first?.type === 'strong' ? toString(first) : undefined;
}

/**
 * What makes two blocks the same: their Markdown (`markdownOf`), and that Markdown with links to places on the
 * page that shows them made relative (the licence-error table of each on-premise page links to
 * that page's rows).
 */
function keysOf(markdown: string, route: string): [string, string] {
  return [markdown, `#${markdown.split(`${siteUrl}${route}#`).join('#')}`];
}

class Shown {
  private readonly at = new Map<string, Place>();
  constructor(private readonly earlier?: Shown) {}
  get([markdown, relative]: [string, string]): Place | undefined {
    return this.at.get(markdown) ?? this.at.get(relative) ?? this.earlier?.get([markdown, relative]);
  }
  set(keys: [string, string], place: Place): void {
    for (const key of keys) if (!this.at.has(key)) this.at.set(key, place);
  }
  /** Adds what a nested pass has shown. */
  merge(other: Shown): void {
    for (const [key, place] of other.at) if (!this.at.has(key)) this.at.set(key, place);
  }
}

/**
 * The pages' trees, in reading order, with each top-level block of at least
 * `repeatedBlockMinBytes` that an earlier place has shown replaced by a reference to that place,
 * and in a list, each nested list of that size too (the fields of a shared object: an operation's
 * `result`, `config` or `metadata`). Headings always stay. The trees passed in are not changed; a
 * tree (or list) in which nothing was replaced is returned as it was passed. `markdownOf` writes a
 * block (the caller's `blockwiseWriter`, which then writes the pages from the blocks it has kept).
 */
export function referRepeats(
  pages: PageTree[],
  markdownOf: (node: RootContent) => string = blockwiseWriter().block,
): Root[] {
  const firstAt = new Shown();
  return pages.map(({route, title, tree}) => {
    const ids = headingIds(tree);
    let place: Place = {route, title};
    const children = tree.children.map((node, index): RootContent => {
      if (node.type === 'heading') {
        const id = ids.get(node);
        if (id) place = {route, title, section: {title: toString(node), id}};
        return node;
      }
      const markdown = markdownOf(node);
      if (Buffer.byteLength(markdown) < repeatedBlockMinBytes) return node;
      const key = keysOf(markdown, route);
      const first = firstAt.get(key);
      if (first) return reference(node, first);
      const at = {...place, label: labelOf(tree.children[index - 1])};
      firstAt.set(key, at);
      if (node.type !== 'list') return node;
      // Its nested lists that an earlier place shows become references; the list that is left can
      // then be one that an earlier place shows too.
      const shown = new Shown(firstAt);
      const list = referNested(node, place, route, shown, markdownOf);
      const listKey = keysOf(markdownOf(list), route);
      const earlier = listKey[0] === key[0] ? undefined : firstAt.get(listKey);
      if (earlier) return reference(node, earlier);
      firstAt.merge(shown);
      firstAt.set(listKey, at);
      return list;
    });
    return unlessSame(tree, children);
  });
}

/** `parent` with these children, or `parent` itself when each child is the one it has. */
function unlessSame<T extends {children: unknown[]}>(parent: T, children: T['children']): T {
  return children.every((child, index) => child === parent.children[index]) ? parent : {...parent, children};
}

/** A list with each nested list that an earlier place has shown replaced by a reference. */
function referNested(
  list: List,
  place: Place,
  route: string,
  shown: Shown,
  markdownOf: (node: RootContent) => string,
): List {
  const items = list.children.map((item): ListItem => {
    const children = item.children.map((child) => {
      if (child.type !== 'list') return child;
      const markdown = markdownOf(child);
      if (Buffer.byteLength(markdown) < repeatedBlockMinBytes)
        return referNested(child, place, route, shown, markdownOf);
      const key = keysOf(markdown, route);
      const first = shown.get(key);
      if (first) return reference(child, {...first, label: undefined});
      shown.set(key, place);
      return referNested(child, place, route, shown, markdownOf);
    });
    return unlessSame(item, children);
  });
  return unlessSame(list, items);
}
