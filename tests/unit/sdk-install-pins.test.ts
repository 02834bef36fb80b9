/**
 * Every install command of a Vultus package on the site pins the exact version the data holds:
 * `npm install --save-exact @vultus/web-sdk-gui@<sdk.version>`, where the version is
 * data/sdk/web-sdk.yaml's (the `sdk.version` fact), the newest Web SDK release of
 * data/releases.yaml. Pages render it with `%{sdk.version}`; a copied end-to-end example must not
 * float to whatever version is current.
 *
 * Run: node --import tsx --test tests/unit/sdk-install-pins.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {renderedDocs, siteDir, sources} from './helpers/pages';

const sdkVersion = sources.data('sdk/web-sdk.yaml').version;

/** Install commands of @vultus packages in a text, each with what is wrong with it. */
export function unpinnedInstalls(text: string, version: string): string[] {
  const problems: string[] = [];
  const commands = /\b(?:npm\s+(?:install|i|add)|yarn\s+add|pnpm\s+(?:add|install|i))\b[^\n`]*/g;
  for (const match of text.matchAll(commands)) {
    const command = match[0];
    const packages = [...command.matchAll(/(@vultus\/[\w.-]+)(?:@([^\s`'"]+))?/g)];
    for (const [, name, pin] of packages) {
      if (pin !== version) problems.push(`${command.trim()}: ${name} is not pinned to ${version}`);
      else if (!/--save-exact|--exact|\s-E\b/.test(command))
        problems.push(`${command.trim()}: without --save-exact, package.json records a range`);
    }
  }
  return problems;
}

test('the SDK version is the newest Web SDK release', () => {
  const releases = sources.data('releases.yaml');
  const product = releases.products.find((entry) => entry.id === 'web-sdk');
  assert.ok(product, 'data/releases.yaml: no web-sdk product');
  const newest = product.releases
    .map((release) => release.version)
    .sort((a, b) => b.localeCompare(a, 'en', {numeric: true}))[0];
  assert.equal(sdkVersion, newest);
});

test('every install command of a Vultus package on the site is pinned to the SDK version', async () => {
  const problems: string[] = [];
  let found = 0;
  for (const page of await renderedDocs()) {
    found += [...page.markdown.matchAll(/\b(?:npm|yarn|pnpm)\s+\w+[^\n`]*@vultus\//g)].length;
    for (const problem of unpinnedInstalls(page.markdown, sdkVersion))
      problems.push(`docs/${page.file}: ${problem}`);
  }
  for (const file of [
    'contract/openapi.yaml',
    'data/releases.yaml',
    'data/sdk/web-sdk.yaml',
    'data/sdk/gui-web-sdk.yaml',
  ]) {
    const text = readFileSync(path.join(siteDir, file), 'utf8').replace(/%\{sdk\.version\}/g, sdkVersion);
    for (const problem of unpinnedInstalls(text, sdkVersion)) problems.push(`${file}: ${problem}`);
  }
  assert.ok(
    found >= 7,
    `only ${found} install commands found: the SDK pages and the service pages have them`,
  );
  assert.deepEqual(problems, []);
});

test('the pin check finds a floating install', () => {
  assert.deepEqual(unpinnedInstalls('run `npm install @vultus/web-sdk-gui` first', '3.4.1'), [
    'npm install @vultus/web-sdk-gui: @vultus/web-sdk-gui is not pinned to 3.4.1',
  ]);
  assert.deepEqual(unpinnedInstalls('npm install @vultus/web-sdk@3.4.1', '3.4.1'), [
    'npm install @vultus/web-sdk@3.4.1: without --save-exact, package.json records a range',
  ]);
  assert.deepEqual(unpinnedInstalls('npm install --save-exact @vultus/web-sdk@3.4.1', '3.4.1'), []);
});
