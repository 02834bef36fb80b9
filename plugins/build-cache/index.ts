/**
 * The bundler's persistent cache is thrown away when the site's own build code changes, as it is
 * when Docusaurus or docusaurus.config.ts change. Docusaurus gives the cache its own files and the
 * site configuration as build dependencies, and the bundler follows what the configuration imports
 * (an edit to plugins/rehype-inline-code.ts, or to src/lib/codeBreaks.ts which it imports, renders
 * the pages again in a warm build). Most plugins the configuration names by path, and the loaders
 * they add, are not imported, so a warm build after an edit to one of them reused the bundle of the
 * code before the edit: an alias added in plugins/code-highlight/index.ts left the client bundle
 * as it was until the cache was cleared. Every file under plugins/ is now a build dependency, and
 * every file under config/ too, whether the configuration imports it or not: an edit to one makes
 * the next build, or the next `npm start`, cold.
 */
import {readdirSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** The directories of the site's build code. */
const buildCodeDirs = ['plugins', 'config'];

export default function buildCachePlugin(context: LoadContext): Plugin {
  return {
    name: 'vultus-build-cache',
    configureWebpack(config) {
      // Nothing to add when the cache is not persistent (DOCUSAURUS_NO_PERSISTENT_CACHE).
      const cache = (config.experiments as {cache?: unknown} | undefined)?.cache;
      if (typeof cache !== 'object' || cache === null) return {};
      const buildDependencies = buildCodeDirs.flatMap((dir) =>
        readdirSync(path.join(context.siteDir, dir), {recursive: true, withFileTypes: true})
          .filter((entry) => entry.isFile())
          .map((entry) => path.join(entry.parentPath, entry.name)),
      );
      // webpack-merge appends these to Docusaurus's own.
      return {experiments: {cache: {buildDependencies}}} as ReturnType<
        NonNullable<Plugin['configureWebpack']>
      >;
    },
  };
}
