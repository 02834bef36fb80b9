/**
 * Shared by the unit tests that read what the docs pages show: every docs page rendered
 * to Markdown with its directives expanded (the same expansion the site uses), once.
 */
import path from 'node:path';
import type {Code, Root} from 'mdast';
import {visit} from 'unist-util-visit';
import {
  docsPagesWithoutDocusaurus,
  listPages,
  renderPageMarkdown,
  type PageMarkdown,
} from '../../../plugins/vultus-contract/outputs/markdown';
import {Sources} from '../../../plugins/vultus-contract/sources';

export const siteDir = path.resolve(__dirname, '../../..');
export const docsDir = path.join(siteDir, 'docs');

/**
 * The site's sources, loaded once per test process as a build loads them (the docs pages' titles
 * once `renderedDocs` or `withDocs` has listed them).
 */
export const sources = new Sources(siteDir);

/** The contract as the build bundles it (its `$ref`s kept, placeholders expanded), loaded once. */
export async function bundledContract(): Promise<Record<string, unknown>> {
  return {...(await sources.contract()).raw};
}

let docsListed: Promise<Sources> | undefined;

/** `sources` with the docs pages listed, for a renderer that names another page by its title. */
export function withDocs(): Promise<Sources> {
  docsListed ??= docsPagesWithoutDocusaurus(siteDir).then((pages) => {
    sources.setDocs(pages);
    return sources;
  });
  return docsListed;
}

export type RenderedPage = PageMarkdown & {
  /** docs-relative file, e.g. services/face-match.md */
  file: string;
  /** the route, e.g. /services/face-match */
  route: string;
  source: string;
};

/** The Markdown pages under a folder (not docs/_partials/, whose parts are read in the pages). */
export const listMarkdown = listPages;

let pages: Promise<RenderedPage[]> | undefined;

export function renderedDocs(): Promise<RenderedPage[]> {
  pages ??= (async () => {
    const {readFile} = await import('node:fs/promises');
    await withDocs();
    const files = await listMarkdown(docsDir);
    return Promise.all(
      files.map(async (absolute) => {
        const rendered = await renderPageMarkdown(sources, absolute);
        const file = path.relative(docsDir, absolute).split(path.sep).join('/');
        const slug = rendered.frontMatter.slug;
        const route = typeof slug === 'string' ? slug : `/${file.replace(/\.mdx?$/, '')}`;
        return {...rendered, file, route, source: await readFile(absolute, 'utf8')};
      }),
    );
  })();
  return pages;
}

export function codeBlocks(tree: Root): Code[] {
  const blocks: Code[] = [];
  visit(tree, 'code', (node: Code) => {
    blocks.push(node);
  });
  return blocks;
}

/** `schema=FaceMatch` from a code block's meta string. */
export function metaValue(meta: string | null | undefined, key: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${key}=("([^"]*)"|\\S+)`).exec(meta ?? '');
  return match ? (match[2] ?? match[1]) : undefined;
}
