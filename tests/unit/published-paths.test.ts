/**
 * What the site publishes names no file of this repository: the pages and their Markdown twins,
 * and /openapi.yaml with its comments, never cite `plugins/…`, `tests/…`, `data/…` or the name of
 * a source file (`face-match.yaml`, `signatures.ts`) that a reader cannot open. A fact's source is
 * named by the page that publishes it.
 *
 * Run: node --import tsx --test tests/unit/published-paths.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {publishedContract} from '../../plugins/vultus-contract/contract/contract';
import {renderedDocs, siteDir} from './helpers/pages';

/** The repository's source folders whose paths a reader must never meet. */
const sourceFolders = ['plugins', 'tests', 'data', 'contract', 'src', 'scripts', 'config'];

/** Names of the repository's own source files: data files, schemas, renderers and tests. */
function sourceNames(): string[] {
  const names = new Set<string>();
  for (const folder of ['data', 'plugins', 'tests']) {
    for (const entry of readdirSync(path.join(siteDir, folder), {recursive: true, withFileTypes: true})) {
      if (entry.isFile() && /\.(ya?ml|json|tsx?)$/.test(entry.name)) names.add(entry.name);
    }
  }
  return [...names];
}

/** Names a reader meets for their own files too (a Helm chart's values.yaml), not ours alone. */
const sharedNames = new Set(['values.yaml', 'config.yaml', 'package.json', 'index.ts', 'openapi.yaml']);

function findPaths(text: string, names: string[]): string[] {
  const found = new Set<string>();
  const folders = new RegExp(
    `(?<![\\w./-])(?:${sourceFolders.join('|')})/[\\w.-]+(?:/[\\w.-]+)*\\.(?:ya?ml|json|tsx?|md)\\b`,
    'g',
  );
  for (const [match] of text.matchAll(folders)) found.add(match);
  for (const name of names) {
    if (sharedNames.has(name)) continue;
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(?<![\\w./-])${escaped}\\b`).test(text)) found.add(name);
  }
  return [...found];
}

test('no published page and no part of /openapi.yaml names a file of this repository', async () => {
  const names = sourceNames();
  const wrong: string[] = [];
  for (const found of findPaths(await publishedContract(siteDir), names))
    wrong.push(`/openapi.yaml: ${found}`);
  for (const page of await renderedDocs()) {
    for (const found of findPaths(page.markdown, names)) wrong.push(`${page.route}: ${found}`);
  }
  assert.deepEqual(wrong, []);
});
