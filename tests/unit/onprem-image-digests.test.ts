/**
 * F50: the on-premise images can be pinned and verified. data/releases.yaml gives every on-premise
 * release the digest of each image of data/onprem/services.yaml and of the chart, and the key that
 * verifies their cosign signatures; the revision history renders them; every image a page names
 * has a digest in the current release; and each air-gapped section verifies the images it moves
 * by that digest.
 *
 * Run: node --import tsx --test tests/unit/onprem-image-digests.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {codeBlocks, siteDir} from './helpers/pages';
import {onpremPages, pageSources, renderDoc, section} from './helpers/onprem-pages';

type Release = {version: string; images?: Record<string, string>; chart?: string};
type Product = {id: string; releases: Release[]; signing?: {tool: string; public_key: string}};

const read = (relative: string): unknown => parse(readFileSync(path.join(siteDir, relative), 'utf8'));
const services = read('data/onprem/services.yaml') as {
  version: string;
  registry: string;
  services: Array<{name: string}>;
};
const onprem = (read('data/releases.yaml') as {products: Product[]}).products.find(
  (item) => item.id === 'onprem',
);
const names = services.services.map((service) => service.name);
const current = onprem?.releases.find((release) => release.version === services.version);

test('every on-premise release has one distinct sha256 digest per image and for the chart', () => {
  assert.ok(onprem && current, 'the current on-premise release');
  const seen = new Set<string>();
  for (const release of onprem.releases) {
    assert.deepEqual(
      Object.keys(release.images ?? {}).sort(),
      [...names].sort(),
      `${release.version}: an image digest per container`,
    );
    for (const digest of [...Object.values(release.images ?? {}), release.chart ?? '']) {
      assert.match(digest, /^sha256:[0-9a-f]{64}$/, `${release.version}: ${digest}`);
      assert.ok(!seen.has(digest), `${release.version}: ${digest} is another image's digest`);
      seen.add(digest);
    }
  }
  assert.equal(onprem.signing?.tool, 'cosign');
  assert.match(onprem.signing?.public_key ?? '', /^https:\/\/.+\.pub$/);
});

test('the revision history renders every digest and how to verify the signatures', async () => {
  const page = await renderDoc('revision-history.md');
  const log = section(page.markdown, 'On-premise image releases') ?? '';
  for (const release of onprem?.releases ?? []) {
    for (const digest of [...Object.values(release.images ?? {}), release.chart ?? ''])
      assert.ok(log.includes(digest), `${release.version}: ${digest} is shown`);
  }
  assert.ok(log.includes(`cosign verify --key ${onprem?.signing?.public_key}`), 'the cosign verify command');
});

test('every image a page names at the current version has a digest in the current release', async () => {
  const pattern = new RegExp(`${services.registry.replace(/\./g, '\\.')}/([a-z]+(?:-[a-z]+)*)[:@]`, 'g');
  let named = 0;
  for (const page of await pageSources()) {
    for (const match of page.text.matchAll(pattern)) {
      named += 1;
      assert.ok(
        current?.images?.[match[1] ?? ''],
        `${page.file}: ${match[1]} has no digest in ${services.version}`,
      );
    }
  }
  assert.ok(named > 10, `${named} image references`);
});

test('each air-gapped section verifies the signature of every image it moves, by its published digest', async () => {
  for (const page of await onpremPages()) {
    const airGapped = section(page.markdown, 'Air-gapped operation');
    assert.ok(airGapped, `${page.route}: an air-gapped section`);
    const code = codeBlocks(page.tree)
      .map((block) => block.value)
      .filter((value) => airGapped.includes(value))
      .join('\n');
    assert.match(code, /cosign verify --key /, `${page.route}: cosign verify`);
    const moved = names.filter((name) => code.includes(`/${name}`) || code.includes(`${name}@`));
    assert.ok(moved.length > 0, `${page.route}: the images it moves`);
    for (const name of moved)
      assert.ok(code.includes(current?.images?.[name] ?? '?'), `${page.route}: the digest of ${name}`);
    assert.ok(code.includes(current?.chart ?? '?'), `${page.route}: the chart's digest`);
    assert.doesNotMatch(code, /docker (save|load)/, `${page.route}: docker save and load change the digest`);
  }
});
