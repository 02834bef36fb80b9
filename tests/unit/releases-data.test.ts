/**
 * data/releases.yaml (release notes of the Web SDKs and the on-premise images, and the Web SDK
 * support policy) and the pages that render it: docs/revision-history.md and
 * docs/compatibility-matrix.md.
 *
 * 1. The file validates against data/releases.schema.json.
 * 2. The newest Web SDK release is the version of data/sdk/web-sdk.yaml and gui-web-sdk.yaml, and
 *    the newest on-premise release is the image and chart version of data/onprem/services.yaml,
 *    with the models its containers serve. Releases are newest first, versions unique, and every
 *    date is on or before `support.reviewed`, which is not in the future.
 * 3. Each minor version's row follows from the releases and the policy: first release, latest
 *    patch, end of support `support_months` later, and a status that agrees with `reviewed`
 *    (supported versions end after it, ended ones on or before it).
 * 4. Every model and Web SDK version an on-premise release names existed on its date, and only a
 *    new major version carries a Breaking change.
 * 5. The pages render the data (no version typed), and every tag used is one the revision
 *    history's tag table defines.
 *
 * Run: node --import tsx --test tests/unit/releases-data.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {renderPageMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import {addMonths} from '../../plugins/vultus-contract/dates';
import {
  compareVersionsDesc,
  lineOf,
  noticeDate,
  releaseNotes,
  type Product,
  type Support,
} from '../../plugins/vultus-contract/data/releases';
import {siteDir, sources, withDocs} from './helpers/pages';

const products = sources.data('releases.yaml').products;

function product(id: Product['id']): Product {
  const found = products.find((candidate) => candidate.id === id);
  assert.ok(found, `data/releases.yaml has no product ${id}`);
  return found;
}
const webSdk = product('web-sdk');
const onprem = product('onprem');
const support = webSdk.support as Support;

const newest = (item: Product) =>
  [...item.releases].sort((a, b) => compareVersionsDesc(a.version, b.version))[0];
const today = new Date().toISOString().slice(0, 10);

test('the Web SDK has a support policy', () => {
  assert.ok(support, 'data/releases.yaml: support');
});

test('the newest Web SDK release is the version of both SDK data files', () => {
  const web = sources.data('sdk/web-sdk.yaml');
  const gui = sources.data('sdk/gui-web-sdk.yaml');
  assert.equal(newest(webSdk)?.version, web.version, 'data/sdk/web-sdk.yaml version');
  assert.equal(newest(webSdk)?.version, gui.version, 'data/sdk/gui-web-sdk.yaml version');
  assert.deepEqual(webSdk.packages, [web.package, gui.package]);
  const current = support.versions.filter((version) => version.status === 'current');
  assert.equal(current.length, 1, 'exactly one current minor version');
  assert.equal(current[0]?.latest, web.version, 'the current minor version is the SDK data files’ version');
});

test('the newest on-premise release is the image and chart version, with the models the containers serve', () => {
  const services = sources.data('onprem/services.yaml');
  const release = newest(onprem);
  assert.ok(release);
  assert.equal(release.version, services.version, 'data/onprem/services.yaml version');
  assert.equal(release.version, services.chart.version, 'data/onprem/services.yaml chart.version');
  for (const service of services.services) {
    assert.ok(
      service.image.endsWith(`:${release.version}`),
      `${service.name}: image tag is ${release.version}`,
    );
  }
  const served = [...new Set(services.services.map((service) => service.model_version))]
    .filter((model) => model !== 'none')
    .sort();
  assert.deepEqual([...(release.models ?? [])].sort(), served, 'models of the newest release');
});

test('releases are newest first, unique, dated on or before the review date, and the review date has passed', () => {
  assert.ok(support.reviewed <= today, `support.reviewed ${support.reviewed} is in the future`);
  for (const item of products) {
    const versions = item.releases.map((release) => release.version);
    assert.equal(new Set(versions).size, versions.length, `${item.id}: duplicate versions`);
    item.releases.forEach((release, index) => {
      const next = item.releases[index + 1];
      assert.ok(
        release.date <= support.reviewed,
        `${item.id} ${release.version}: dated after the review date`,
      );
      if (next)
        assert.ok(
          release.date >= next.date,
          `${item.id}: ${release.version} is listed before an older release`,
        );
    });
    // Within a minor version, a higher patch is never older.
    for (const release of item.releases) {
      for (const other of item.releases) {
        if (
          lineOf(release.version) === lineOf(other.version) &&
          compareVersionsDesc(release.version, other.version) < 0
        )
          assert.ok(release.date >= other.date, `${item.id}: ${release.version} predates ${other.version}`);
      }
    }
  }
});

test('a Breaking change ships only in a new major version (x.0.0), as semantic versioning and the tag table say', () => {
  const misplaced = products.flatMap((item) =>
    item.releases
      .filter((release) => !/^\d+\.0\.0$/.test(release.version))
      .filter((release) => release.changes.some((change) => change.tag === 'Breaking'))
      .map((release) => `${item.id} ${release.version}`),
  );
  assert.deepEqual(misplaced, [], 'releases that are not a new major version but carry a Breaking change');
});

test('each minor version’s dates and status follow from the releases and the policy', () => {
  const lines = [...new Set(webSdk.releases.map((release) => lineOf(release.version)))].sort(
    compareVersionsDesc,
  );
  assert.deepEqual(
    support.versions.map((version) => version.line),
    lines,
    'support.versions lists every minor version with a release, newest first',
  );
  const problems: string[] = [];
  for (const version of support.versions) {
    const releases = webSdk.releases.filter((release) => lineOf(release.version) === version.line);
    const first = releases.find((release) => release.version === `${version.line}.0`);
    const latest = [...releases].sort((a, b) => compareVersionsDesc(a.version, b.version))[0];
    if (!first) problems.push(`${version.line}: no ${version.line}.0 release`);
    else if (first.date !== version.released)
      problems.push(
        `${version.line}: released ${version.released}, but ${first.version} is dated ${first.date}`,
      );
    if (latest?.version !== version.latest)
      problems.push(
        `${version.line}: latest ${version.latest}, but the newest release is ${latest?.version}`,
      );
    const end = addMonths(version.released, support.support_months);
    if (version.end_of_support !== end)
      problems.push(`${version.line}: end of support ${version.end_of_support}, policy gives ${end}`);
    const status =
      version.end_of_support <= support.reviewed
        ? 'ended'
        : noticeDate(support, version) <= support.reviewed
          ? 'deprecated'
          : version === support.versions[0]
            ? 'current'
            : 'supported';
    if (version.status !== status)
      problems.push(`${version.line}: status ${version.status}, but on ${support.reviewed} it is ${status}`);
  }
  assert.deepEqual(problems, []);
  assert.ok(
    support.versions.some(
      (version) => version.status !== 'ended' && version.end_of_support > support.reviewed,
    ),
    'at least one version is supported',
  );
});

test('every deprecated or ended minor version has its end-of-support notice, dated before its end', () => {
  const notices = releaseNotes(webSdk).filter((note) => note.kind === 'notice');
  for (const version of support.versions.filter((candidate) =>
    ['deprecated', 'ended'].includes(candidate.status),
  )) {
    const notice = notices.find((note) => note.version === version.line);
    assert.ok(notice, `${version.line}: no end-of-support notice`);
    assert.equal(notice.changes[0]?.tag, 'Deprecated');
    assert.ok(notice.date <= addMonths(version.end_of_support, -support.notice_months));
  }
  assert.ok(
    notices.every((note) => note.date <= support.reviewed),
    'no notice is dated after the review date',
  );
});

test('every model and Web SDK version an on-premise release names existed on its date', async () => {
  const contract = await sources.contract();
  const models = (contract.document['x-model-versions'] ?? []) as Array<{
    model_version: string;
    released: string;
  }>;
  const problems: string[] = [];
  for (const release of onprem.releases) {
    for (const name of release.models ?? []) {
      const model = models.find((candidate) => candidate.model_version === name);
      if (!model) problems.push(`${release.version}: ${name} is not in x-model-versions`);
      else if (model.released > release.date)
        problems.push(`${release.version} (${release.date}): ${name} was released on ${model.released}`);
    }
    if (release.web_sdk) {
      const sdk = webSdk.releases.find((candidate) => candidate.version === release.web_sdk);
      if (!sdk) problems.push(`${release.version}: Web SDK ${release.web_sdk} is not a release`);
      else if (sdk.date > release.date)
        problems.push(`${release.version}: Web SDK ${release.web_sdk} is newer`);
    }
  }
  assert.deepEqual(problems, []);
});

test('the revision history renders every release with a tag of its tag table, and types no version', async () => {
  const file = path.join(siteDir, 'docs/revision-history.md');
  const source = readFileSync(file, 'utf8');
  assert.match(source, /^::releases\{product="web-sdk"\}$/m);
  assert.match(source, /^::releases\{product="onprem"\}$/m);
  const tagTable = /## Tags\n[\s\S]*?\n\n((?:\|.*\|\n)+)/.exec(source)?.[1] ?? '';
  const tags = [...tagTable.matchAll(/^\| (\w+)\s+\|/gm)]
    .map((match) => match[1])
    .filter((tag) => tag !== 'Tag');
  assert.deepEqual(tags, ['New', 'Changed', 'Deprecated', 'Breaking', 'Model']);
  const page = await renderPageMarkdown(await withDocs(), file);
  for (const item of products) {
    for (const release of item.releases) {
      assert.ok(
        page.markdown.includes(`${release.version} (${release.date})`),
        `${item.id} ${release.version}`,
      );
      for (const change of release.changes)
        assert.ok(tags.includes(change.tag), `${release.version}: tag ${change.tag}`);
    }
  }
  const typed = [newest(webSdk)?.version, newest(onprem)?.version].filter(
    (version) => version && source.includes(version),
  );
  assert.deepEqual(typed, [], 'versions typed into docs/revision-history.md');
});

test('the compatibility matrix renders the support policy and the supported versions from the data', async () => {
  const file = path.join(siteDir, 'docs/compatibility-matrix.md');
  const source = readFileSync(file, 'utf8');
  assert.match(source, /^::releases\{product="web-sdk" view="policy"\}$/m);
  assert.match(source, /^::releases\{product="web-sdk" view="support"\}$/m);
  const page = await renderPageMarkdown(await withDocs(), file);
  for (const version of support.versions) {
    assert.match(
      page.markdown,
      new RegExp(
        `\\| ${version.latest.replace(/\./g, '\\.')}\\s+\\| ${version.released}\\s+\\| ${version.end_of_support}\\s+\\|`,
      ),
      `the row of ${version.line}`,
    );
  }
  assert.ok(
    page.markdown.includes(`${support.support_months} months`),
    'the policy states the support period',
  );
  assert.ok(!/\{\w+\}/.test(page.markdown.split('## SDK support policy')[1] ?? ''), 'no placeholder left');
});
