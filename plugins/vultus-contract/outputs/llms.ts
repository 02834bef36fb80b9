/**
 * The Markdown outputs for AI assistants and offline readers, written after the build from
 * the same sources as the HTML: every docs page at `<route>.md` (directives expanded into
 * Markdown tables, lists and fenced code, no JSX; links into a page go to its HTML, which has the
 * anchors), `/llms.txt` (llmstxt.org format: title,
 * summary, sections listing every page with its description) and `/llms-full.txt` (every
 * page in sidebar order).
 */
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {Root} from 'mdast';
import {siteUrl} from '../../../config/links';
import {markdownPath} from '../../../src/lib/markdownPath';
import type {PageLink} from '../links';
import {listPages, renderStandalone, stringifyMarkdown} from './markdown';
import type {Sources} from '../sources';
import {postmanFile} from './postman';
import {referRepeats} from './repeats';
import {agentsNote} from './agents';

export type LlmsPage = {
  route: string;
  /** docs-relative file, e.g. services/face-match.md */
  file: string;
  title: string;
  description: string;
  /** The page's Markdown version: title, description, source address and body. */
  markdown: string;
  /** The body as Markdown (the tree's), trimmed. */
  body: string;
  /** The body's syntax tree, links made absolute. */
  tree: Root;
  /** The links as the page wrote them, each with its line (./links.ts checks them). */
  links: PageLink[];
};

export const llmsSections: Array<{title: string; matches: (route: string) => boolean}> = [
  {title: 'General', matches: (route) => /^\/[^/]*$/.test(route)},
  {title: 'Services', matches: (route) => route.startsWith('/services/') || route.startsWith('/enrollment/')},
  {title: 'On-premise', matches: (route) => route.startsWith('/onprem-services/')},
  {title: 'Web SDKs', matches: (route) => route.startsWith('/webSDK/')},
  {title: 'Metrics', matches: (route) => route.startsWith('/metrics/')},
  {title: 'Parameters', matches: (route) => route.startsWith('/parameters/')},
];

export const summary =
  'Vultus is a REST API for face biometrics and identity verification: face match and face search, ' +
  'interactive, non-interactive, 3D and deepfake liveness, age estimation, document verification and OCR, ' +
  'account deduplication, AML screening and a hosted KYC flow, in the cloud (global, EU and US regions) or ' +
  'on your own servers. Synchronous calls return a decision in the response; sessions are created by your ' +
  'server, completed in the browser with the Web SDK, and read back with a GET or a signed webhook. Every ' +
  'result carries a decision, a score, the threshold applied, decline reasons and the model version.';

async function listDocs(docsDir: string): Promise<string[]> {
  return (await listPages(docsDir)).map((file) => path.relative(docsDir, file).split(path.sep).join('/'));
}

/** Every docs page as standalone Markdown (`renderStandalone`). */
export async function llmsPages(
  sources: Sources,
  routesByFile: ReadonlyMap<string, string>,
): Promise<LlmsPage[]> {
  const files = await listDocs(path.join(sources.siteDir, 'docs'));
  const rendered = await Promise.all(
    files.map(async (file) => ({file, page: await renderStandalone(sources, file, routesByFile)})),
  );
  return rendered.map(({file, page}) => {
    const route = routesByFile.get(file) ?? '/';
    const title = String(page.frontMatter.title ?? file);
    const description = String(page.frontMatter.description ?? '');
    const head = {route, title, description};
    const body = stringifyMarkdown(page.tree).trim();
    return {
      ...head,
      file,
      markdown: withHead(head, body, agentsNote),
      body,
      tree: page.tree,
      links: page.links,
    };
  });
}

/**
 * A page's Markdown: its title, description and address, a `note` when given (the Markdown
 * versions name where agents find the rest), then the body (Markdown, trimmed).
 */
function withHead(
  {route, title, description}: Pick<LlmsPage, 'route' | 'title' | 'description'>,
  body: string,
  note?: string,
): string {
  const head = `# ${title}\n\n> ${description}\n\nSource: ${siteUrl}${route}\n\n${note ? `${note}\n\n` : ''}`;
  return `${head}${body}\n`;
}

/** Doc ids of the sidebar in order (categories flattened). */
export function sidebarOrder(items: unknown[]): string[] {
  const ids: string[] = [];
  for (const item of items) {
    if (typeof item === 'string') ids.push(item);
    else if (item && typeof item === 'object') {
      const record = item as {type?: string; id?: string; items?: unknown[]};
      if (record.type === 'doc' && record.id) ids.push(record.id);
      if (Array.isArray(record.items)) ids.push(...sidebarOrder(record.items));
    }
  }
  return ids;
}

/** Pages in sidebar order, then the pages that are in no sidebar. */
function inSidebarOrder(pages: LlmsPage[], order: string[]): LlmsPage[] {
  const byId = new Map(pages.map((page) => [page.file.replace(/\.mdx?$/, ''), page]));
  return [
    ...order.map((id) => byId.get(id)).filter((page): page is LlmsPage => page !== undefined),
    ...pages.filter((page) => !order.includes(page.file.replace(/\.mdx?$/, ''))),
  ];
}

/** `instructions`: the "Instructions for agents" section's body (./agents.ts). */
export function llmsTxt(unordered: LlmsPage[], order: string[], instructions: string): string {
  const pages = inSidebarOrder(unordered, order);
  const lines = ['# Vultus Docs', '', `> ${summary}`, ''];
  lines.push(
    'Every page below is also available as Markdown at its `.md` address; the whole documentation is in one file at ' +
      `${siteUrl}/llms-full.txt.`,
    '',
    '## Instructions for agents',
    '',
    instructions,
    '',
  );
  for (const section of llmsSections) {
    const inSection = pages.filter((page) => section.matches(page.route));
    if (inSection.length === 0) continue;
    lines.push(`## ${section.title}`, '');
    for (const page of inSection)
      lines.push(`- [${page.title}](${siteUrl}${markdownPath(page.route)}): ${page.description}`);
    lines.push('');
  }
  lines.push(
    '## API contract',
    '',
    `- [OpenAPI 3.1 document](${siteUrl}/openapi.yaml): the Vultus API v1 contract: every operation, schema, error code and decline reason.`,
    `- [Postman collection](${siteUrl}/${postmanFile}): every operation of the contract, with the base URL and the secret key as collection variables.`,
    '',
  );
  return lines.join('\n');
}

/** Every page in sidebar order, each block the site repeats across pages stated once (repeats.ts). */
export function llmsFullTxt(pages: LlmsPage[], order: string[]): string {
  const ordered = inSidebarOrder(pages, order);
  const bodies = referRepeats(ordered);
  // A body with nothing referred to is the tree the page's Markdown version was written from.
  const markdown = ordered.map((page, index) => {
    const body = bodies[index] ?? page.tree;
    return withHead(page, body === page.tree ? page.body : stringifyMarkdown(body).trim()).trim();
  });
  const reading =
    'Every page of the documentation follows, in the order of the sidebar. Where a page repeats a table, list or ' +
    'code block that an earlier page shows, a line names the section that has it ("The same table as under …, above").';
  return `# Vultus Docs\n\n> ${summary}\n\n${reading}\n\n${markdown.join('\n\n---\n\n')}\n`;
}

/**
 * Writes the .md pages, llms.txt and llms-full.txt into the build directory; returns the pages.
 * `routesByFile`: the route of each docs file, from the docs plugin.
 */
export async function writeLlmsOutputs(
  sources: Sources,
  outDir: string,
  sidebarItems: unknown[],
  routesByFile: ReadonlyMap<string, string>,
  instructions: string,
): Promise<LlmsPage[]> {
  const pages = await llmsPages(sources, routesByFile);
  await Promise.all(
    pages.map(async (page) => {
      const target = path.join(outDir, markdownPath(page.route));
      await mkdir(path.dirname(target), {recursive: true});
      await writeFile(target, page.markdown);
    }),
  );
  const order = sidebarOrder(sidebarItems);
  await writeFile(path.join(outDir, 'llms.txt'), llmsTxt(pages, order, instructions));
  await writeFile(path.join(outDir, 'llms-full.txt'), llmsFullTxt(pages, order));
  return pages;
}
