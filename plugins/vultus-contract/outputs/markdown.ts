/**
 * A docs page as plain Markdown: front matter read, contract and data directives
 * expanded into Markdown tables, lists and fenced code (no JSX), ready for the per-page .md
 * exports, llms-full.txt and the tests that read what a page shows.
 */
import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import type {Link, Root, RootContent} from 'mdast';
import {parse as parseYaml} from 'yaml';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import {visit} from 'unist-util-visit';
import {toString} from 'mdast-util-to-string';
import {VFile} from 'vfile';
import {siteUrl} from '../../../config/links';
import {markdownPath} from '../../../src/lib/markdownPath';
import {linkedDocsFile, type PageLink} from '../links';
import remarkVultusContract from '../remark';
import type {DocsPage, Sources} from '../sources';

export type PageMarkdown = {
  frontMatter: Record<string, unknown>;
  /** The Markdown body with every directive expanded (no front matter). */
  markdown: string;
  /** The expanded syntax tree. */
  tree: Root;
  /** Every link of the page, with the line it was written on (./links.ts checks them). */
  links: PageLink[];
};

/** A docs page's front matter, its tree with every directive expanded, and its links (no Markdown written). */
async function expandPage(sources: Sources, file: string): Promise<Omit<PageMarkdown, 'markdown'>> {
  const source = await readFile(file, 'utf8');
  const processor = unified()
    .use(remarkParse)
    .use(remarkFrontmatter, ['yaml'])
    .use(remarkGfm)
    .use(remarkDirective)
    .use(remarkVultusContract, {sources, mode: 'markdown'});
  const vfile = new VFile({path: file, value: source});
  const parsed = processor.parse(vfile);
  const tree = (await processor.run(parsed, vfile)) as Root;
  let frontMatter: Record<string, unknown> = {};
  const first = tree.children[0];
  if (first?.type === 'yaml') {
    frontMatter = (parseYaml(first.value) as Record<string, unknown> | null) ?? {};
    tree.children.shift();
  }
  const links: PageLink[] = [];
  visit(tree, ['link', 'definition'], (node) => {
    if (node.type === 'link' || node.type === 'definition')
      links.push({url: node.url, line: node.position?.start.line});
  });
  return {frontMatter, tree, links};
}

export async function renderPageMarkdown(sources: Sources, file: string): Promise<PageMarkdown> {
  const page = await expandPage(sources, file);
  return {...page, markdown: stringifyMarkdown(page.tree)};
}

/**
 * A syntax tree as Markdown for the .md twins and llms-full.txt: tables without padding
 * (`tablePipeAlign: false`), which aligned columns for a human reading the source and made a
 * third of llms-full.txt spaces. One processor for every call: it compiles the escaping
 * patterns of its extensions once.
 */
const markdownWriter = unified()
  .use(remarkGfm, {tablePipeAlign: false})
  .use(remarkDirective)
  .use(remarkStringify, {bullet: '-', fences: true, rule: '-'})
  .freeze();
export function stringifyMarkdown(tree: Root): string {
  return markdownWriter.stringify(tree);
}

/** Writes trees as Markdown (`stringifyMarkdown`) a top-level block at a time. */
export type BlockwiseWriter = {
  /** One block as Markdown, ending in a newline. */
  block(node: RootContent): string;
  /** A tree as Markdown: the same as `stringifyMarkdown`. */
  tree(tree: Root): string;
};

/** The blocks remark-stringify joins with one blank line at the top of a page; anything else (text, inline nodes) is written whole. */
const joinedBlocks = new Set([
  'paragraph',
  'heading',
  'thematicBreak',
  'blockquote',
  'list',
  'code',
  'table',
  'html',
  'definition',
  'leafDirective',
  'containerDirective',
]);
const isJoinedBlock = (node: RootContent): boolean => joinedBlocks.has(node.type);

/**
 * A writer for many pages that share blocks (an operation on every page that uses it, the
 * licence-error table of each on-premise page): each block's Markdown is kept by the block's
 * content, its JSON without the positions, which the Markdown does not depend on and which is
 * quicker to write than the Markdown. A tree is its blocks joined by a blank line, as
 * remark-stringify joins them. A tree it would join otherwise is written whole: two lists in a row
 * (remark-stringify gives the second another bullet so that the two stay two lists), a node that is
 * not a block at the top (`joinedBlocks`), or raw HTML that ends in a line break.
 */
export function blockwiseWriter(): BlockwiseWriter {
  const written = new Map<string, string>();
  const block = (node: RootContent): string => {
    const content = JSON.stringify(node, (key, value: unknown) => (key === 'position' ? undefined : value));
    let markdown = written.get(content);
    if (markdown === undefined) {
      markdown = stringifyMarkdown({type: 'root', children: [node]});
      written.set(content, markdown);
    }
    return markdown;
  };
  const listsInARow = ({children}: Root): boolean =>
    children.some((node, index) => node.type === 'list' && children[index + 1]?.type === 'list');
  return {
    block,
    tree: (tree) => {
      if (tree.children.length === 0 || listsInARow(tree) || !tree.children.every(isJoinedBlock))
        return stringifyMarkdown(tree);
      // Raw HTML that ends in a line break keeps it, and the blank line comes after it.
      if (tree.children.some((node) => node.type === 'html' && node.value.endsWith('\n')))
        return stringifyMarkdown(tree);
      const blocks = tree.children.map(block);
      return `${blocks.map((markdown) => markdown.replace(/\n$/, '')).join('\n\n')}\n`;
    },
  };
}

/**
 * The Markdown pages under a folder, absolute and sorted: not a file or folder whose name starts
 * with `_`, which Docusaurus makes no route of (docs/_partials/ holds parts of pages).
 */
export async function listPages(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {withFileTypes: true, recursive: true});
  return entries
    .map((entry) => ({entry, file: path.join(entry.parentPath, entry.name)}))
    .filter(
      ({entry, file}) =>
        entry.isFile() &&
        /\.mdx?$/.test(entry.name) &&
        !path
          .relative(dir, file)
          .split(path.sep)
          .some((part) => part.startsWith('_')),
    )
    .map(({file}) => file)
    .sort();
}

/**
 * The docs pages as the docs plugin lists them, for code that renders pages without Docusaurus (the
 * tests, scripts/render-page.ts; `Sources.setDocs`): the route from the front matter's `slug` or the
 * file's path, the title from its `title` or the first heading.
 */
export async function docsPagesWithoutDocusaurus(siteDir: string): Promise<DocsPage[]> {
  const docsDir = path.join(siteDir, 'docs');
  return Promise.all(
    (await listPages(docsDir)).map(async (file) => {
      const source = await readFile(file, 'utf8');
      const tree = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).parse(source);
      const [first] = tree.children;
      const frontMatter =
        first?.type === 'yaml' ? ((parseYaml(first.value) as Record<string, unknown> | null) ?? {}) : {};
      const heading = tree.children.find((node) => node.type === 'heading' && node.depth === 1);
      const relative = path.relative(docsDir, file).split(path.sep).join('/');
      return {
        file: `docs/${relative}`,
        route:
          typeof frontMatter.slug === 'string' ? frontMatter.slug : `/${relative.replace(/\.mdx?$/, '')}`,
        title: String(frontMatter.title ?? (heading ? toString(heading) : relative)),
      };
    }),
  );
}

/**
 * Resolves a link of a docs page to an absolute URL, pointing docs pages at their .md version. A
 * link to a place in a page (`#op-match-faces`, `#schema-result`, a table row) points at the HTML
 * page, which has that anchor (the build checks it); the Markdown versions have none.
 */
function absoluteLink(url: string, pageFile: string, routesByFile: ReadonlyMap<string, string>): string {
  // Docusaurus's `pathname://` (a file of the site, not a page) means nothing outside the site.
  if (url.startsWith('pathname://')) return `${siteUrl}${url.slice('pathname://'.length)}`;
  if (/^[a-z]+:\/\//i.test(url) || url.startsWith('mailto:')) return url;
  const [target = '', hash] = url.split('#');
  const anchor = hash ? `#${hash}` : '';
  const docsPage = (route: string): string => `${siteUrl}${anchor ? route : markdownPath(route)}${anchor}`;
  if (target === '') return docsPage(routesByFile.get(pageFile) ?? '/');
  const file = linkedDocsFile(pageFile, target);
  if (file !== undefined) {
    const route = routesByFile.get(file);
    return route ? docsPage(route) : `${siteUrl}/${target}${anchor}`;
  }
  if (target.startsWith('/')) {
    const isDocsRoute = [...routesByFile.values()].includes(target);
    return isDocsRoute ? docsPage(target) : `${siteUrl}${target}${anchor}`;
  }
  return url;
}

/**
 * A file under docs/ (`file` docs-relative) as standalone Markdown: directives expanded, links made
 * absolute in the tree, which its user writes out (`stringifyMarkdown`); `links` keeps them as
 * written, for ./links.ts. `routesByFile` is the route of each docs file from the docs plugin's
 * own data.
 */
export async function renderStandalone(
  sources: Sources,
  file: string,
  routesByFile: ReadonlyMap<string, string>,
): Promise<Omit<PageMarkdown, 'markdown'>> {
  const {frontMatter, tree, links} = await expandPage(sources, path.join(sources.siteDir, 'docs', file));
  visit(tree, 'link', (node: Link) => {
    node.url = absoluteLink(node.url, file, routesByFile);
  });
  return {frontMatter, tree, links};
}
