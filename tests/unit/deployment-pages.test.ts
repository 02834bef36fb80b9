/**
 * Where each operation runs is stated once, in the contract's `x-deployment`, and rendered by
 * `::deployment-matrix`: on the intro, on every service page (its own operations), on every
 * on-premise page (its container's) and on merged-solutions (by container). No page, and no
 * description in the contract, may claim otherwise in prose: a page whose operations do not run
 * on-premise says nothing about an on-premise server but that it has none, and nothing says the
 * on-premise server serves "the same paths" or "every service" as the cloud does.
 *
 * Run: node --import tsx --test tests/unit/deployment-pages.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {deploymentOf, type Contract} from '../../plugins/vultus-contract/contract/contract';
import {renderDeploymentMatrix} from '../../plugins/vultus-contract/contract/deployment';
import {operationAnchor} from '../../src/lib/anchors';
import {renderedDocs, siteDir, type RenderedPage, sources} from './helpers/pages';

let contract: Contract;
test.before(async () => {
  contract = await sources.contract();
});

/** Operations per documenting page, with where they run. */
function operationsOf(route: string): Array<{id: string; cloud: boolean; onPremise: string | false}> {
  return [...contract.operations.values()]
    .filter((entry) => !entry.webhook && entry.operation['x-doc-page'] === route)
    .map((entry) => ({
      id: entry.operation.operationId,
      cloud: deploymentOf(entry).cloud,
      onPremise: deploymentOf(entry)['on-premise'],
    }));
}

const servicePage = (page: RenderedPage): boolean =>
  page.file.startsWith('services/') || page.file === 'enrollment/face-enrollment.md';
const onPremisePage = (page: RenderedPage): boolean => page.file.startsWith('onprem-services/');

/** The page's prose, sentence by sentence: no code, no tables (the rendered matrix is a table). */
function sentences(markdown: string): string[] {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .split('\n')
    .filter((line) => !line.startsWith('|') && !line.startsWith('#'))
    .join('\n')
    .split(/(?<=[.:;])\s+|\n\n+/)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

const onPremiseMention = /on-premise (?:server|container|product)|on your own hosts?\b|on premises/i;
const negative = /\b(?:no|not|never|only in the cloud|cloud only|cloud API only|instead)\b/i;
const cloudOnlyClaim = /\bruns? only in the cloud\b|\bcloud(?: API)? only\b/i;
/** Blanket claims that the on-premise server mirrors the cloud. */
const blanket = [
  /on-premise server (?:exposes|serves|offers) the same paths?\b(?! as the cloud for)/i,
  /\bexposes the same paths? (?:again )?on (?:your|its) own host/i,
  /\bevery service runs\b[^.]*\b(?:own hosts|on-premise|on premises)/i,
  /\bthe same paths on your own hosts\b(?![^.]*\b(?:table|matrix|marks|says which)\b)/i,
];

test('every service page, on-premise page and the intro render the deployment matrix', async () => {
  const pages = await renderedDocs();
  const wanted = pages.filter((page) => servicePage(page) || onPremisePage(page) || page.route === '/intro');
  assert.ok(wanted.filter(servicePage).length >= 14, 'the service pages');
  assert.ok(wanted.filter(onPremisePage).length >= 6, 'the on-premise pages');
  for (const page of wanted) {
    const directive = /^::deployment-matrix(\{[^}]*\})?$/m.exec(page.source);
    assert.ok(directive, `${page.file}: no ::deployment-matrix`);
    const attributes = directive[1] ?? '';
    if (servicePage(page)) {
      assert.equal(attributes, `{page="${page.route}"}`, `${page.file}: the matrix of its own operations`);
      for (const {id} of operationsOf(page.route)) {
        assert.ok(page.markdown.includes(`(${page.route}#${operationAnchor(id)})`), `${page.file}: ${id}`);
      }
    } else if (page.file === 'onprem-services/merged-solutions.md') {
      assert.equal(attributes, '{by="container"}', `${page.file}: every container`);
    } else if (onPremisePage(page)) {
      const container = path.basename(page.file, '.md');
      assert.equal(attributes, `{container="${container}"}`, `${page.file}: its container`);
    }
  }
});

test('a service page says nothing about an on-premise server its operations do not have', async () => {
  const pages = await renderedDocs();
  let checked = 0;
  for (const page of pages.filter(servicePage)) {
    const operations = operationsOf(page.route);
    assert.ok(operations.length > 0, `${page.file}: documents no operation`);
    const onPremise = operations.some((operation) => operation.onPremise !== false);
    const cloud = operations.some((operation) => operation.cloud);
    for (const sentence of sentences(page.markdown)) {
      if (!onPremise && onPremiseMention.test(sentence) && !negative.test(sentence)) {
        // A pointer to another page (the on-premise liveness check) is not a claim about this one.
        const pointsAway = /\]\(\.\/onprem-liveness-detection\.md/.test(sentence);
        assert.ok(pointsAway, `${page.file}: claims an on-premise server: "${sentence.slice(0, 160)}"`);
      }
      if (cloudOnlyClaim.test(sentence)) {
        assert.ok(
          !onPremise,
          `${page.file}: says cloud only, but x-deployment names a container: "${sentence}"`,
        );
      }
    }
    if (!cloud) assert.doesNotMatch(page.markdown, /^### Where it runs[\s\S]*?\| Yes +\| Yes/m);
    checked += 1;
  }
  assert.ok(checked >= 14);
});

test('no page or contract description says the on-premise server mirrors the whole cloud API', async () => {
  const texts: Array<[string, string]> = (await renderedDocs()).map((page) => [page.file, page.markdown]);
  texts.push(['contract/openapi.yaml', readFileSync(path.join(siteDir, 'contract/openapi.yaml'), 'utf8')]);
  for (const [file, markdown] of texts) {
    for (const sentence of sentences(markdown)) {
      for (const pattern of blanket) {
        assert.doesNotMatch(sentence, pattern, `${file}: "${sentence.slice(0, 200)}"`);
      }
    }
  }
});

test('the matrix renders each operation where x-deployment puts it, and fails on an unknown container', () => {
  const [table] = renderDeploymentMatrix(contract, sources, {page: '/services/document-ocr'});
  const rows = JSON.stringify(table);
  assert.match(rows, /POST \/documents\/ocr/);
  const face = JSON.stringify(renderDeploymentMatrix(contract, sources, {container: 'face-match'}));
  assert.match(face, /POST \/face\/match/);
  assert.doesNotMatch(face, /POST \/documents\/ocr/, 'OCR does not run in the face-match container');
  assert.match(face, /GET \/health\/live/, 'every container answers the probes');

  const broken = structuredClone(contract.operations.get('matchFaces'));
  assert.ok(broken);
  broken.operation['x-deployment'] = {cloud: true, 'on-premise': 'face-matcher'};
  const operations = new Map(contract.operations).set('matchFaces', broken);
  assert.throws(
    () => renderDeploymentMatrix({...contract, operations}, sources, {}),
    /#\/paths\/~1face~1match\/post\/x-deployment\/on-premise: "face-matcher" is not a container/,
  );
});

/** The operations a rendered page calls or links to: `#op-…` links and `METHOD /path` in inline code. */
function operationsNamed(page: RenderedPage): Set<string> {
  const named = new Set<string>();
  const text = JSON.stringify(page.tree);
  for (const entry of contract.operations.values()) {
    if (entry.webhook) continue;
    const id = entry.operation.operationId;
    if (
      text.includes(`#${operationAnchor(id)}"`) ||
      text.includes(`"${entry.method.toUpperCase()} ${entry.path}"`)
    )
      named.add(id);
  }
  return named;
}

test('an on-premise container that hands out client tokens serves every operation the Web SDK pages have your server call', async () => {
  const pages = await renderedDocs();
  const sdkPages = pages.filter((page) => page.route.startsWith('/webSDK/'));
  const sdkCalls = new Map(sdkPages.map((page) => [page.route, operationsNamed(page)]));
  assert.ok(
    [...sdkCalls.values()].some((ids) => ids.size > 0),
    'the Web SDK pages name the operations your server calls',
  );
  const failures: string[] = [];
  let containers = 0;
  for (const page of pages.filter(onPremisePage)) {
    const container = /::deployment-matrix\{container="([\w-]+)"\}/.exec(page.source)?.[1];
    // Sessions for the Web SDK: an operation of the container whose answer carries a client token.
    const handsOutTokens = [...contract.operations.values()].some(
      (entry) =>
        !entry.webhook &&
        deploymentOf(entry)['on-premise'] === container &&
        JSON.stringify(entry.operation.responses).includes('"client_token"'),
    );
    if (!container || !handsOutTokens) continue;
    containers += 1;
    for (const [route, ids] of sdkCalls) {
      for (const id of ids) {
        const entry = contract.operations.get(id);
        const onPremise = entry ? deploymentOf(entry)['on-premise'] : false;
        if (onPremise !== container && onPremise !== 'every container')
          failures.push(
            `${page.file}: its sessions use the Web SDK, and ${route} has your server call ${id}, served on-premise by ${onPremise || 'no container'}, not ${container}`,
          );
      }
    }
  }
  assert.ok(containers > 0, 'an on-premise container hands out client tokens');
  assert.deepEqual(failures, []);
});

test('the table by container lists, on each container’s row, every operation x-deployment places there', async () => {
  const [table] = renderDeploymentMatrix(contract, sources, {by: 'container'}) as Array<{
    children: Array<{children: unknown[]}>;
  }>;
  assert.ok(table);
  const rows = table.children.slice(1).map((row) => JSON.stringify(row));
  const missing: string[] = [];
  for (const entry of contract.operations.values()) {
    const onPremise = entry.webhook ? false : deploymentOf(entry)['on-premise'];
    if (onPremise === false) continue;
    const call = `${entry.method.toUpperCase()} ${entry.path}`;
    const holders = rows.filter((row) => row.includes(`"${call}"`));
    const expected = onPremise === 'every container' ? rows.length : 1;
    if (holders.length !== expected)
      missing.push(`${call} (${onPremise}): on ${holders.length} rows, expected ${expected}`);
    if (onPremise !== 'every container' && !holders[0]?.includes(`"${onPremise}"`))
      missing.push(`${call}: not on the row of ${onPremise}`);
  }
  assert.deepEqual(missing, []);
});
