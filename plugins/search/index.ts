/**
 * Local search: the `@easyops-cn/docusaurus-search-local` theme (its search box, its /search
 * page and its options) with our index and query in place of its own.
 *
 * After the build, every docs page is read back from its HTML (./extract.ts): each section, table
 * row, list and the identifiers of its code samples become findable, and a hit lands on the row or
 * heading that holds it. The index (src/lib/search/engine.ts) is written as a head,
 * `search-index-<hash of its content>.json`, and the parts a query fetches when it reads them
 * (src/lib/search/indexFiles.ts); every page names the head in `<meta name="vultus-search-index">`,
 * so an index whose content changes always gets a new name.
 * In the browser, the plugin's `searchByWorker` module resolves to src/lib/search/client.ts.
 */
import {createHash} from 'node:crypto';
import {readdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, OptionValidationContext, Plugin} from '@docusaurus/types';
import * as searchLocalModule from '@easyops-cn/docusaurus-search-local';
import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';
import {buildSearchIndex, type SearchEntry} from '../../src/lib/search/engine';
import {partUrl, splitSearchIndex, type SearchIndexFile} from '../../src/lib/search/indexFiles';
import {indexMetaName} from '../../src/lib/search/clientConstants';
import {llmsSections} from '../vultus-contract/outputs/llms';
import {extractEntries, withoutRepeats} from './extract';
import {loadSynonyms} from './synonyms';

/** The package's types declare only its options; its entry exports these two. */
const searchLocal = searchLocalModule as unknown as {
  default: (context: LoadContext, options: PluginOptions) => Plugin;
  validateOptions: (context: OptionValidationContext<PluginOptions, PluginOptions>) => PluginOptions;
};

/** Written into every page by injectHtmlTags, replaced with the index's name after the build. */
const placeholder = '__VULTUS_SEARCH_INDEX__';

/** Routes that are not documentation: the sample blog, the search page, standalone pages. */
const notDocs = /^\/(blog|search|markdown-page|404)(\/|$)/;

/** Docs routes in reading order: general pages, services, on-premise, SDKs, metrics, parameters. */
function docsRoutes(routesPaths: string[]): string[] {
  const area = (route: string): number => {
    const index = llmsSections.findIndex((section) => section.matches(route));
    return index < 0 ? llmsSections.length : index;
  };
  return [...new Set(routesPaths)]
    .filter((route) => !notDocs.test(route))
    .sort((a, b) => area(a) - area(b) || a.localeCompare(b));
}

const htmlFile = (outDir: string, route: string): string =>
  route === '/' ? path.join(outDir, 'index.html') : path.join(outDir, `${route}.html`);

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {withFileTypes: true, recursive: true});
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The findable places of every docs page of the built site in `outDir`, page by page, repeats kept. */
export async function siteEntries(outDir: string, routesPaths: string[]): Promise<SearchEntry[]> {
  const entries: SearchEntry[] = [];
  for (const route of docsRoutes(routesPaths)) {
    let html: string;
    try {
      html = await readFile(htmlFile(outDir, route), 'utf8');
    } catch {
      continue; // a route served by another file (a redirect); nothing to index
    }
    entries.push(...extractEntries(html, route));
  }
  return entries;
}

/**
 * Writes an index as its head and parts (src/lib/search/indexFiles.ts) under a hash of their
 * content, and returns the head's name.
 */
export async function writeIndexFiles(outDir: string, index: SearchIndexFile): Promise<string> {
  const {head, postings, details} = splitSearchIndex(index);
  const headJson = JSON.stringify(head);
  const parts = [
    ...postings.map((part, at) => ({kind: 'postings' as const, at, json: JSON.stringify(part)})),
    ...details.map((part, at) => ({kind: 'details' as const, at, json: JSON.stringify(part)})),
  ];
  const hash = createHash('sha256').update(headJson);
  for (const {json} of parts) hash.update(json);
  const name = `search-index-${hash.digest('hex').slice(0, 12)}.json`;
  await writeFile(path.join(outDir, name), headJson);
  for (const {kind, at, json} of parts) await writeFile(path.join(outDir, partUrl(name, kind, at)), json);
  return name;
}

/** Builds the index of the built site, writes it under its content hash and returns its name. */
export async function writeSearchIndex(
  siteDir: string,
  outDir: string,
  routesPaths: string[],
): Promise<string> {
  const entries = withoutRepeats(await siteEntries(outDir, routesPaths));
  return writeIndexFiles(outDir, buildSearchIndex(entries, loadSynonyms(siteDir)));
}

/**
 * Writes `to` in place of `from` in every page of `outDir`: the index's name in place of the
 * placeholder, or of the name of an index written before it.
 */
export async function nameIndexInPages(outDir: string, from: string, to: string): Promise<void> {
  for (const file of await htmlFiles(outDir)) {
    const html = await readFile(file, 'utf8');
    if (html.includes(from)) await writeFile(file, html.replaceAll(from, to));
  }
}

export default function vultusSearchPlugin(context: LoadContext, options: PluginOptions): Plugin {
  const upstream = searchLocal.default(context, options);
  const upstreamClient =
    require.resolve('@easyops-cn/docusaurus-search-local/dist/client/client/theme/searchByWorker.js');
  return {
    ...upstream,
    configureWebpack(config, isServer, utils, content) {
      const upstreamConfig = upstream.configureWebpack?.(config, isServer, utils, content) ?? {};
      return {
        ...upstreamConfig,
        resolve: {alias: {[upstreamClient]: path.join(__dirname, '../../src/lib/search/client.ts')}},
      };
    },
    injectHtmlTags() {
      return {headTags: [{tagName: 'meta', attributes: {name: indexMetaName, content: placeholder}}]};
    },
    async postBuild({outDir, routesPaths, baseUrl}) {
      const name = await writeSearchIndex(context.siteDir, outDir, routesPaths);
      await nameIndexInPages(outDir, placeholder, `${baseUrl}${name}`);
    },
  };
}

export const validateOptions = searchLocal.validateOptions;
