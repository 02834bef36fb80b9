/**
 * Local Docusaurus plugin for the Vultus API contract: loads and validates
 * contract/openapi.yaml in loadContent (a malformed contract fails the build, naming the file and
 * the line). The pages render the contract and data/ through the remark plugin in ./remark.ts;
 * the loader ./dependencies-loader.cjs, added here to every docs page, tells the bundler which
 * files each page was rendered from (./reads.ts), so an edit renders its pages again.
 *
 * The contract is published at /openapi.yaml with its placeholders (`%{limits.…}`) replaced by
 * their values, and as a Postman collection at /vultus.postman_collection.json (./outputs/postman.ts):
 * written to the build in postBuild, and served by `docusaurus start` from a generated directory
 * that follows the contract (written again after a compilation that saw it change).
 *
 * After the build the plugin also writes the Markdown outputs (`<route>.md`, /llms.txt,
 * /llms-full.txt, ./outputs/llms.ts) and the revision history feed, /revision-history.xml
 * (./outputs/feed.ts), which every page's head advertises, and checks every link of the docs,
 * naming the file and line of a broken one (./links.ts). Both take each docs file's route from
 * the docs plugin's own data.
 */
import {createHash} from 'node:crypto';
import {mkdir, readFile, stat, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import type {Compiler} from 'webpack';
import sidebars from '../../sidebars';
import {contractRelativePath, publishedContract} from './contract/contract';
import {postmanCollection, postmanFile} from './outputs/postman';
import {feedFile, feedTitle, writeRevisionHistoryFeed} from './outputs/feed';
import {llmsOutputFiles, llmsPages, writeLlmsOutputs} from './outputs/llms';
import {renderAgentFiles, skillFile, writeSkill} from './outputs/agents';
import {apiCatalogFile, writeApiCatalog} from './outputs/apiCatalog';
import type {DocsPage, Sources} from './sources';
import {SourceError} from './errors';
import {brokenLinks} from './links';
import {preloadFacts} from './facts/facts';
import {watchSources} from './watchSources';

/** The docs pages with their routes and titles, from the docs plugin's own data. */
function docsPages(content: DocsContent | undefined): DocsPage[] {
  return (content?.loadedVersions ?? []).flatMap((version) =>
    version.docs.map((doc) => ({
      file: doc.source.replace(/^@site\//, ''),
      route: doc.permalink,
      title: doc.title,
    })),
  );
}

/** The route of each docs page by its file under docs/. */
const docsRoutes = (pages: readonly DocsPage[]): Map<string, string> =>
  new Map(pages.map((page) => [page.file.replace(/^docs\//, ''), page.route]));

/** The plugin's options: the site's sources (./sources.ts), which the remark plugin of the docs renders from. */
export type PluginOptions = {sources: Sources};

/**
 * Writes the files API tools import into `dir`: the published contract, /openapi.yaml, and the
 * Postman collection converted from it (./outputs/postman.ts).
 */
async function writePublishedContract(siteDir: string, dir: string): Promise<void> {
  await mkdir(dir, {recursive: true});
  const published = await publishedContract(siteDir);
  await writeFile(path.join(dir, 'openapi.yaml'), published);
  await writeFile(path.join(dir, postmanFile), JSON.stringify(await postmanCollection(published)));
}

/**
 * The code that turns the contract into the published files (./contract/contract.ts and what it
 * imports to expand placeholders, ./outputs/postman.ts) and the converter's version.
 */
const publishingCode = [
  './contract/contract',
  './contract/sandbox',
  './placeholders',
  './numbers',
  './outputs/postman',
  'openapi-to-postmanv2/package.json',
].map((module) => require.resolve(module));

/** `docusaurus start` (the build sets NODE_ENV to production before it loads the plugins). */
const devServer = (): boolean => process.env.NODE_ENV !== 'production';

export default function vultusContractPlugin(
  context: LoadContext,
  options: PluginOptions,
): Plugin<undefined> {
  // What `docusaurus start` serves at the site root besides static/: the published contract.
  const devStaticDir = path.join(context.generatedFilesDir, 'vultus-contract', 'static');
  const contractFile = path.join(context.siteDir, contractRelativePath);
  const {sources} = options;
  let publishedMtimeMs: number | undefined;
  /** What the dev server's copy was written from: the contract and the code that converts it. */
  const writtenFromFile = path.join(devStaticDir, '..', 'published-from.sha256');
  const publishedFrom = async (): Promise<string> => {
    const hash = createHash('sha256');
    for (const file of [contractFile, ...publishingCode]) hash.update(await readFile(file));
    return hash.digest('hex');
  };
  /**
   * Writes the dev server's copy of /openapi.yaml and the Postman collection when the contract
   * changed since the last copy: at start (not when the copy of an earlier start was written from
   * the same contract and code: converting takes two seconds), then a second after a compilation,
   * once the pages that render from the contract are rebuilt and their update is sent (not before
   * them, as a plugin reload would).
   */
  async function publishForDevServer(): Promise<void> {
    const {mtimeMs} = await stat(contractFile);
    if (mtimeMs === publishedMtimeMs) return;
    publishedMtimeMs = mtimeMs;
    const from = await publishedFrom();
    const written = await readFile(writtenFromFile, 'utf8').catch(() => '');
    const copy = await stat(path.join(devStaticDir, postmanFile)).catch(() => undefined);
    if (written === from && copy) return;
    await writePublishedContract(context.siteDir, devStaticDir);
    await writeFile(writtenFromFile, from);
  }
  /**
   * The pages that render from a contract the loader rejects show why; this says which copy was
   * not written, once per change of the contract.
   */
  const warnNotPublished = (error: unknown): void => {
    console.warn(
      `[vultus-contract] /openapi.yaml and the Postman collection not updated: ${error instanceof Error ? error.message : String(error)}`,
    );
  };
  return {
    name: 'vultus-contract',
    async loadContent() {
      if (devServer()) {
        // Beside the first compilation, not before it: the server is ready sooner (a warm start
        // renders no page, and no page needs the contract; it loads once the server is ready,
        // below), /openapi.yaml is there a moment later, and a contract the loader rejects is
        // shown by the pages that render from it, in the browser's overlay, with the server
        // still running.
        void publishForDevServer().catch(warnNotPublished);
        return;
      }
      // The build fails at once on a contract the loader rejects, naming the file and the line.
      await sources.contract();
    },
    allContentLoaded({allContent}) {
      // Before the pages compile: a page that names another by its title asks the docs plugin's.
      const docs = allContent['docusaurus-plugin-content-docs']?.default as DocsContent | undefined;
      sources.setDocs(docsPages(docs));
    },
    configureWebpack(_config, isServer) {
      // On every docs page, the files the page is rendered from become its dependencies, so an
      // edit to the contract, a data file or a partial renders it again. After the MDX loader: the
      // files this render read. Before it: the files the last render read, so that a page whose
      // render fails still depends on them and renders again when the writer fixes the file.
      const dependencies = (enforce: 'pre' | 'post') => ({
        test: /\.mdx?$/i,
        include: [path.join(context.siteDir, 'docs')],
        enforce,
        use: [{loader: require.resolve('./dependencies-loader.cjs'), options: {reads: sources.reads}}],
      });
      const module = {rules: [dependencies('pre'), dependencies('post')]};
      // The build writes build/openapi.yaml in postBuild instead.
      if (isServer || !devServer()) return {module};
      // A page that fails on the first compilation has no last render: while a page fails, the
      // dev server also watches the files the failed pages read and the contract, which every page
      // renders from (the bundler compiles failed pages again on every compilation). Not while
      // every page renders: the persistent cache takes a file the compilation watches besides its
      // modules' own as changed at the next start, and every page reading it would render again
      // on each `npm start`.
      const watchPageReads = {
        apply(compiler: Compiler) {
          // What changed is read again by the pages that render from it.
          compiler.hooks.watchRun.tap('vultus-contract', (watching) => {
            sources.forget([...(watching.modifiedFiles ?? []), ...(watching.removedFiles ?? [])]);
          });
          compiler.hooks.afterCompile.tap('vultus-contract', (compilation) => {
            if (sources.reads.failedPages().length === 0) return;
            for (const file of sources.reads.ofFailedPages()) compilation.fileDependencies.add(file);
            compilation.fileDependencies.add(contractFile);
          });
          // A second after the last compilation, the server publishes the contract again if it
          // changed (./contract/contract.ts), and loads the contract and the facts (every data
          // file they come from) so that the writer's first edit does not wait for them. Not
          // sooner: the browser's first page, or the page an edit updates, would wait for them
          // (a second or two, in the event loop the server answers from). A page that needs them
          // waits for the same load; a file the loader rejects is shown by the pages that render
          // from it.
          let idle: NodeJS.Timeout | undefined;
          // What no open page reads is watched here, not by the bundler (./watchSources.ts).
          watchSources(sources, () => void publishForDevServer().catch(warnNotPublished));
          compiler.hooks.done.tap('vultus-contract', () => {
            clearTimeout(idle);
            idle = setTimeout(() => {
              void publishForDevServer()
                .catch(warnNotPublished)
                .then(() => preloadFacts(sources))
                .catch(() => undefined);
            }, 1000).unref();
          });
        },
      };
      // webpack-merge appends this to the dev server's list of static directories.
      const devServerConfig = {
        static: [{directory: devStaticDir, publicPath: context.baseUrl, watch: false}],
      };
      return {module, plugins: [watchPageReads], devServer: devServerConfig} as ReturnType<
        NonNullable<Plugin['configureWebpack']>
      >;
    },
    async postBuild({outDir, routesPaths}) {
      await writePublishedContract(context.siteDir, outDir);
      const items = Object.values(sidebars).flatMap((sidebar) => (Array.isArray(sidebar) ? sidebar : []));
      const routeOfFile = docsRoutes(sources.docsPages());
      const agents = await renderAgentFiles(sources, routeOfFile);
      const pages = await llmsPages(sources, routeOfFile);
      // Before anything is written from the pages, and before Docusaurus's own check, which names
      // the route only: file and line (./links.ts).
      const broken = brokenLinks([...pages, agents.skill, agents.instructions], {
        routeOfFile,
        routes: routesPaths,
        outDir,
        toBeWritten: new Set([
          ...llmsOutputFiles(pages),
          `/${skillFile}`,
          `/${apiCatalogFile}`,
          `/${feedFile}`,
        ]),
      });
      if (broken.length > 0) throw new SourceError(`${broken.length} broken link(s):\n${broken.join('\n')}`);
      await writeLlmsOutputs(outDir, pages, items, agents.instructions.markdown);
      await writeSkill(outDir, agents.skill);
      await writeApiCatalog(outDir, (await sources.contract()).document, context.siteConfig.url);
      await writeRevisionHistoryFeed(outDir, context.siteConfig.url);
    },
    injectHtmlTags() {
      // Every page advertises the revision history feed, as a blog advertises its own.
      return {
        headTags: [
          {
            tagName: 'link',
            attributes: {
              rel: 'alternate',
              type: 'application/atom+xml',
              title: feedTitle,
              href: `${context.baseUrl}${feedFile}`,
            },
          },
        ],
      };
    },
  };
}
