/**
 * An edit to the site's build code makes the next build cold (plugins/build-cache): the bundler's
 * persistent cache names as build dependencies every plugin and theme the site configuration
 * names by path, the loaders they add and the files of config/, besides what Docusaurus names
 * itself (the configuration, whose imports the bundler follows). Without them, a warm build after
 * an edit to such a file reused the bundle made before it: an alias added in
 * plugins/code-highlight/index.ts did not reach the client bundle until the cache was cleared.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type {Configuration} from 'webpack';
import type {ConfigureWebpackUtils, LoadContext} from '@docusaurus/types';
import buildCachePlugin from '../../plugins/build-cache';
import {siteDir} from './helpers/pages';

const configureWebpack = (config: Configuration): Configuration => {
  const plugin = buildCachePlugin({siteDir} as LoadContext);
  assert.ok(plugin.configureWebpack);
  return plugin.configureWebpack(config, false, {} as ConfigureWebpackUtils, undefined) as Configuration;
};

test('every plugin the site configuration names by path, the loader they add and config/ are build dependencies of the bundler’s persistent cache', async () => {
  const {default: config} = await import('../../docusaurus.config');
  const named = [...(config.plugins ?? []), ...(config.themes ?? [])]
    .map((entry) => (Array.isArray(entry) ? entry[0] : entry))
    .filter((entry): entry is string => typeof entry === 'string' && entry.startsWith('./'))
    .map((entry) => path.join(siteDir, entry));
  assert.ok(
    named.includes(path.join(siteDir, 'plugins/build-cache/index.ts')),
    'docusaurus.config.ts uses plugins/build-cache',
  );
  const cache = configureWebpack({experiments: {cache: {type: 'persistent'}}} as Configuration).experiments
    ?.cache as {buildDependencies?: string[]} | undefined;
  const dependencies = new Set(cache?.buildDependencies);
  const expected = [
    ...named,
    path.join(siteDir, 'plugins/vultus-contract/dependencies-loader.cjs'),
    path.join(siteDir, 'config/docs-front-matter.schema.json'),
  ];
  assert.deepEqual(
    expected.filter((file) => !dependencies.has(file)).map((file) => path.relative(siteDir, file)),
    [],
    'files the cache does not know',
  );
});

test('with no persistent cache (DOCUSAURUS_NO_PERSISTENT_CACHE), the plugin adds no cache settings', () => {
  assert.deepEqual(configureWebpack({}), {});
});
