/**
 * Small builders for Markdown syntax trees (mdast), so the directive renderers read as
 * what they produce. The same trees become HTML in the site and Markdown in the
 * per-page .md exports.
 */
import type {
  BlockContent,
  Code,
  Heading,
  InlineCode,
  Link,
  List,
  ListItem,
  Paragraph,
  PhrasingContent,
  RootContent,
  Strong,
  Table,
  TableCell,
  TableRow,
  Text,
} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {searchDeprecatedAttribute, searchKindAttribute, type MarkedKind} from '../../src/lib/search/facets';
import {gfmFromMarkdown} from 'mdast-util-gfm';
import {gfm} from 'micromark-extension-gfm';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';

export type Cell = string | PhrasingContent | PhrasingContent[];

export const text = (value: string): Text => ({type: 'text', value});
export const code = (value: string): InlineCode => ({type: 'inlineCode', value});
export const strong = (...children: PhrasingContent[]): Strong => ({type: 'strong', children});
export const link = (url: string, ...children: PhrasingContent[]): Link => ({type: 'link', url, children});
export const paragraph = (...children: PhrasingContent[]): Paragraph => ({type: 'paragraph', children});

/** A tight list item holding one paragraph. */
export const listItem = (...children: PhrasingContent[]): ListItem => ({
  type: 'listItem',
  spread: false,
  children: [paragraph(...children)],
});

/** A tight list, numbered or not. */
export const list = (ordered: boolean, items: ListItem[]): List => ({
  type: 'list',
  ordered,
  spread: false,
  children: items,
});

/** Inline items as a list: "a, b and c" (`last` = " and "), or "a, b, c" (`last` = ", "). */
export function listed(items: PhrasingContent[], last: string): PhrasingContent[] {
  return items.flatMap((item, index) =>
    index === 0 ? [item] : [text(index === items.length - 1 ? last : ', '), item],
  );
}

/**
 * Marks a heading (the search entry of its section) or a table (the entries of its rows) with the
 * kind of thing it shows, for the search page's facets (src/lib/search/facets.ts).
 */
export function markSearchKind<T extends Heading | Table>(node: T, kind: MarkedKind): T {
  const data = (node.data ?? {}) as {hProperties?: Record<string, unknown>};
  node.data = {...data, hProperties: {...data.hProperties, [searchKindAttribute]: kind}} as T['data'];
  return node;
}

/**
 * Marks a node (a table row, a field item) as deprecated, for the search page's status facet
 * (src/lib/search/facets.ts).
 */
export function markDeprecated<T extends RootContent | TableRow>(node: T): T {
  const data = (node.data ?? {}) as {hProperties?: Record<string, unknown>};
  node.data = {...data, hProperties: {...data.hProperties, [searchDeprecatedAttribute]: ''}} as T['data'];
  return node;
}

export function heading(depth: 2 | 3 | 4, value: string, id?: string): Heading {
  const node: Heading = {type: 'heading', depth, children: [text(value)]};
  if (id) node.data = {hProperties: {id}, id} as Heading['data'];
  return node;
}

export function codeBlock(lang: string, value: string, meta?: string): Code {
  return {type: 'code', lang, meta: meta ?? null, value};
}

/** The syntax extensions of every parse: made once, they hold no state. */
const extensions = [gfm()];
const mdastExtensions = [gfmFromMarkdown()];

/**
 * Text that Markdown reads as itself: one line of letters, digits, spaces and punctuation that
 * opens no syntax (no emphasis, code, link, HTML, entity or escape character, no autolink, and
 * no start that makes a block: a list marker, a heading, a quote, a rule).
 */
const plainText = /^[\p{L}\p{N}(][\p{L}\p{N} ,.;()'"%+\-–—’?]*$/u;
/** A start that opens a numbered list, or a `www.` that GFM links. */
const notPlain = /^\d+[.)]|www\./i;

/** Markdown text (from the contract's descriptions, a data file's cell) as inline content. */
export function inlineMarkdown(markdown: string): PhrasingContent[] {
  // Most cells and many descriptions are plain words: the same text node, without a parse.
  if (plainText.test(markdown) && !notPlain.test(markdown) && !markdown.endsWith(' ')) {
    return [text(markdown)];
  }
  return parsedInlineMarkdown(markdown);
}

/** `inlineMarkdown` by the parser, for any text. */
export function parsedInlineMarkdown(markdown: string): PhrasingContent[] {
  const tree = fromMarkdown(markdown, {extensions, mdastExtensions});
  const out: PhrasingContent[] = [];
  for (const [index, node] of tree.children.entries()) {
    if (node.type === 'paragraph') {
      if (index > 0) out.push(text(' '));
      out.push(...node.children);
    }
  }
  return out;
}

/** Markdown text (from the contract's descriptions) as block content. */
export function blockMarkdown(markdown: string): RootContent[] {
  return fromMarkdown(markdown, {extensions, mdastExtensions}).children;
}

function toCell(cell: Cell): TableCell {
  const children = typeof cell === 'string' ? [text(cell)] : Array.isArray(cell) ? cell : [cell];
  return {type: 'tableCell', children};
}

export function table(header: string[], rows: Cell[][]): Table {
  const row = (cells: Cell[]): TableRow => ({type: 'tableRow', children: cells.map(toCell)});
  return {
    type: 'table',
    align: header.map(() => null),
    children: [row(header), ...rows.map(row)],
  };
}

/** A JSX element with string attributes: rendered by a component registered in MDXComponents. */
export function jsx(
  name: string,
  attributes: Record<string, string | undefined>,
  children: BlockContent[] = [],
): MdxJsxFlowElement {
  return {
    type: 'mdxJsxFlowElement',
    name,
    attributes: Object.entries(attributes)
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([attrName, value]) => ({type: 'mdxJsxAttribute', name: attrName, value})),
    children,
  };
}

export const yesNo = (value: boolean): string => (value ? 'Yes' : 'No');
