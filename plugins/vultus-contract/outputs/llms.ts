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
import {blockwiseWriter, listPages, renderStandalone, type BlockwiseWriter} from './markdown';
import type {Sources} from '../sources';
import {postmanFile} from './postman';
import {referRepeats} from './repeats';
import {agentsNote} from './agents';

/** A docs page with its directives expanded, before its Markdown is written. */
export type LlmsPage = {
  route: string;
  /** docs-relative file, e.g. services/face-match.md */
  file: string;
  title: string;
  description: string;
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

/**
 * Every docs page expanded (`renderStandalone`), its Markdown not yet written: the build checks
 * the pages' links first (./links.ts), so a broken link fails it before anything is written.
 */
export async function llmsPages(
  sources: Sources,
  routesByFile: ReadonlyMap<string, string>,
): Promise<LlmsPage[]> {
  const files = await listDocs(path.join(sources.siteDir, 'docs'));
  return Promise.all(
    files.map(async (file) => {
      const page = await renderStandalone(sources, file, routesByFile);
      return {
        route: routesByFile.get(file) ?? '/',
        file,
        title: String(page.frontMatter.title ?? file),
        description: String(page.frontMatter.description ?? ''),
        tree: page.tree,
        links: page.links,
      };
    }),
  );
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

/**
 * Every page in sidebar order, each block the site repeats across pages stated once (repeats.ts).
 * `bodies`: each page's body as its Markdown version has it; `writer`: the one that wrote them.
 */
export function llmsFullTxt(
  pages: LlmsPage[],
  order: string[],
  bodies: ReadonlyMap<LlmsPage, string>,
  writer: BlockwiseWriter,
): string {
  const ordered = inSidebarOrder(pages, order);
  const referred = referRepeats(ordered, writer.block);
  // A body with nothing referred to is the tree the page's Markdown version was written from.
  const markdown = ordered.map((page, index) => {
    const body = referred[index] ?? page.tree;
    return withHead(page, body === page.tree ? (bodies.get(page) ?? '') : writer.tree(body).trim()).trim();
  });
  const reading =
    'Every page of the documentation follows, in the order of the sidebar. Where a page repeats a table, list or ' +
    'code block that an earlier page shows, a line names the section that has it ("The same table as under …, above").';
  return `# Vultus Docs\n\n> ${summary}\n\n${reading}\n\n${markdown.join('\n\n---\n\n')}\n`;
}

const llmsFile = 'llms.txt';
const llmsFullFile = 'llms-full.txt';

/** The files `writeLlmsOutputs` writes, as paths of the site (`/auth.md`, `/llms.txt`). */
export const llmsOutputFiles = (pages: LlmsPage[]): string[] => [
  ...pages.map((page) => markdownPath(page.route)),
  `/${llmsFile}`,
  `/${llmsFullFile}`,
];

/**
 * Writes the pages' Markdown versions (`<route>.md`), llms.txt and llms-full.txt into the build
 * directory. One writer writes them all, so a block that many pages show is written once.
 */
export async function writeLlmsOutputs(
  outDir: string,
  pages: LlmsPage[],
  sidebarItems: unknown[],
  instructions: string,
): Promise<void> {
  const writer = blockwiseWriter();
  const bodies = new Map(pages.map((page) => [page, writer.tree(page.tree).trim()]));
  await Promise.all(
    pages.map(async (page) => {
      const target = path.join(outDir, markdownPath(page.route));
      await mkdir(path.dirname(target), {recursive: true});
      await writeFile(target, withHead(page, bodies.get(page) ?? '', agentsNote));
    }),
  );
  const order = sidebarOrder(sidebarItems);
  await writeFile(path.join(outDir, llmsFile), llmsTxt(pages, order, instructions));
  await writeFile(path.join(outDir, llmsFullFile), llmsFullTxt(pages, order, bodies, writer));
}
