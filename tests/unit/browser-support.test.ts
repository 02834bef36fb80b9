/**
 * The compatibility matrix agrees with what the docs require of the browser: every browser the
 * matrix supports has, at its minimum version, every feature the Web SDK pages require (WebAssembly,
 * `getUserMedia`, `'wasm-unsafe-eval'` in the CSP they give, …), according to
 * @mdn/browser-compat-data, not a second table typed by hand. The page renders the minimums from
 * data/sdk/browsers.yaml, and no page states a lower Safari or iOS minimum.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import {test} from 'node:test';
import bcd, {type SimpleSupportStatement, type SupportStatement} from '@mdn/browser-compat-data';
import {renderPageMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import {docsDir, renderedDocs, sources, withDocs} from './helpers/pages';

const browsers = sources.data('sdk/browsers.yaml');
const supported = [...browsers.desktop, ...browsers.mobile];

/** The version in a row's `minimum` ("iOS 16" → 16, "Chromium 100" → 100). */
const versionOf = (minimum: string): number => Number(/(\d+(?:\.\d+)?)$/.exec(minimum)?.[1]);

/** The first version of `browser` that supports a BCD feature unflagged and in full, or undefined. */
function firstVersion(support: SupportStatement | undefined): number | undefined {
  const statements: SimpleSupportStatement[] = support === undefined ? [] : [support].flat();
  const versions = statements
    .filter((s) => !s.flags && !s.prefix && !s.alternative_name && !s.partial_implementation)
    .map((s) => s.version_added)
    .filter((v): v is string => typeof v === 'string' && /^≤?\d/.test(v))
    .map((v) => Number(v.replace('≤', '')));
  return versions.length ? Math.min(...versions) : undefined;
}

function compat(key: string) {
  const node = key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)?.[part], bcd) as
    {__compat?: {support: Record<string, SupportStatement | undefined>}} | undefined;
  assert.ok(node?.__compat, `data/sdk/browsers.yaml: "${key}" is not a feature of @mdn/browser-compat-data`);
  return node.__compat;
}

test('every supported browser has every required feature at its minimum version', () => {
  const gaps: string[] = [];
  for (const requirement of browsers.requirements) {
    if (!requirement.bcd) continue;
    const {support} = compat(requirement.bcd);
    for (const row of supported) {
      const since = firstVersion(support[row.bcd]);
      if (since === undefined || since > versionOf(row.minimum)) {
        gaps.push(
          `${row.browser} ${row.minimum}: ${requirement.capability} (${requirement.bcd}) ` +
            (since === undefined ? 'is not supported' : `needs version ${since}`),
        );
      }
    }
  }
  assert.deepEqual(gaps, [], 'data/sdk/browsers.yaml supports browsers the SDK pages would break');
});

test('a platform that runs one browser engine has that browser’s minimum', () => {
  for (const platform of browsers.platforms) {
    if (!platform.engine) continue;
    const engine = supported.find((row) => row.bcd === platform.engine);
    assert.ok(engine, `${platform.platform}: no browser row for ${platform.engine}`);
    assert.equal(versionOf(platform.minimum), versionOf(engine.minimum), platform.platform);
  }
});

test('the compatibility matrix shows every browser and platform with its minimum from the data', async () => {
  await withDocs();
  const page = await renderPageMarkdown(sources, path.join(docsDir, 'compatibility-matrix.md'));
  const rows = page.markdown.split('\n').filter((line) => line.startsWith('|'));
  const cells = (line: string) => line.split('|').map((cell) => cell.trim());
  for (const row of [
    ...supported,
    ...browsers.platforms.map((p) => ({browser: p.platform, minimum: p.minimum})),
  ]) {
    assert.ok(
      rows.some((line) => cells(line)[1] === row.browser && cells(line)[2] === row.minimum),
      `/compatibility-matrix has no row "${row.browser} | ${row.minimum}"`,
    );
  }
});

test('no page states a Safari or iOS minimum below the supported one', async () => {
  const minimum = (id: string) => versionOf(supported.find((row) => row.bcd === id)?.minimum ?? '');
  const safari = minimum('safari');
  const ios = minimum('safari_ios');
  assert.ok(safari > 0 && ios > 0, 'data/sdk/browsers.yaml has Safari and Safari on iOS');
  const below: string[] = [];
  for (const page of await renderedDocs()) {
    for (const match of page.markdown.matchAll(/\b(Safari|iOS(?: and iPadOS)?) (\d+(?:\.\d+)?) or later/g)) {
      const floor = match[1] === 'Safari' ? safari : ios;
      if (Number(match[2]) < floor) below.push(`${page.route}: "${match[0]}"`);
    }
    for (const match of page.markdown.matchAll(
      /^\|[^|\n]*\b(iOS WKWebView|Safari)\b[^|\n]*\|[^|\n]*\|\s*(\d+(?:\.\d+)?) or later/gm,
    )) {
      if (Number(match[2]) < ios) below.push(`${page.route}: "${match[0]}"`);
    }
  }
  assert.deepEqual(below, []);
});
