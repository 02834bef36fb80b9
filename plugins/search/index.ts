/**
 * Local search: the `@easyops-cn/docusaurus-search-local` theme (its search box, its /search
 * page and its options) with our index and query in place of its own.
 *
 * After the build, every docs page is read back from its HTML (./extract.ts): each section, table
 * row, list and the identifiers of its code samples become findable, and a hit lands on the row or
 * heading that holds it. The index (src/lib/search/engine.ts) is written as
 * `search-index-<hash of its content>.json`, and every page names it in
 * `<meta name="vultus-search-index">`, so an index whose content changes always gets a new name.
 * In the browser, the plugin's `searchByWorker` module resolves to src/lib/search/client.ts.
 */
import {createHash} from 'node:crypto';
import {readdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, OptionValidationContext, Plugin} from '@docusaurus/types';
import * as searchLocalModule from '@easyops-cn/docusaurus-search-local';
import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';
import {buildSearchIndex} from '../../src/lib/search/engine';
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

/** Builds the index of the built site, writes it under its content hash and returns its name. */
export async function writeSearchIndex(
  siteDir: string,
  outDir: string,
  routesPaths: string[],
): Promise<string> {
  const entries = [];
  for (const route of docsRoutes(routesPaths)) {
    let html: string;
    try {
      html = await readFile(htmlFile(outDir, route), 'utf8');
    } catch {
      continue; // a route served by another file (a redirect); nothing to index
    }
    entries.push(...extractEntries(html, route));
  }
  const index = buildSearchIndex(withoutRepeats(entries), loadSynonyms(siteDir));
  const json = JSON.stringify(index);
  const hash = createHash('sha256').update(json).digest('hex').slice(0, 12);
  const name = `search-index-${hash}.json`;
  await writeFile(path.join(outDir, name), json);
  return name;
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
      for (const file of await htmlFiles(outDir)) {
        const html = await readFile(file, 'utf8');
        if (html.includes(placeholder))
          await writeFile(file, html.replaceAll(placeholder, `${baseUrl}${name}`));
      }
    },
  };
}

export const validateOptions = searchLocal.validateOptions;
