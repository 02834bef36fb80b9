/**
 * Where each decline code is raised, on-premise included, is a fact of the contract: each entry of
 * `x-decline-reasons` lists in `on_premise` the containers of data/onprem/services.yaml that raise
 * it (none for a cloud-only code). It agrees with `services` and the operations' `x-deployment`: a
 * container raises a code only if an operation of one of the code's service pages runs in it, and
 * the on-premise-only liveness check's container raises exactly the codes that list its page. The
 * catalogue on /decline-reasons renders it, and no page claims a code for "every liveness mode"
 * when a liveness page does not raise it, unless it names the on-premise exception.
 *
 * Run: node --import tsx --test tests/unit/decline-deployment.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {deploymentOf, type Contract} from '../../plugins/vultus-contract/contract/contract';
import {declineAnchor} from '../../src/lib/anchors';
import {renderedDocs, sources} from './helpers/pages';

type Reason = {code: string; services: string[]; on_premise?: unknown};

let contract: Contract;
let reasons: Reason[];
test.before(async () => {
  contract = await sources.contract();
  reasons = contract.document['x-decline-reasons'] as Reason[];
});

/** Per docs page: the containers its operations run in, and whether any runs in the cloud. */
function pages(): Map<string, {containers: Set<string>; cloud: boolean}> {
  const out = new Map<string, {containers: Set<string>; cloud: boolean}>();
  for (const entry of contract.operations.values()) {
    if (entry.webhook) continue;
    const page = entry.operation['x-doc-page'] ?? '';
    const deployment = deploymentOf(entry);
    const item = out.get(page) ?? {containers: new Set<string>(), cloud: false};
    if (typeof deployment['on-premise'] === 'string') item.containers.add(deployment['on-premise']);
    item.cloud ||= deployment.cloud;
    out.set(page, item);
  }
  return out;
}

test('x-decline-reasons: on_premise names the containers that raise each code, as services and x-deployment allow', () => {
  const byPage = pages();
  const problems: string[] = [];
  let onPremise = 0;
  for (const reason of reasons) {
    if (!Array.isArray(reason.on_premise)) {
      problems.push(`${reason.code}: no on_premise list (the containers that raise it, [] when none)`);
      continue;
    }
    const containers = reason.on_premise as string[];
    if (containers.length > 0) onPremise += 1;
    const possible = new Set(reason.services.flatMap((page) => [...(byPage.get(page)?.containers ?? [])]));
    for (const container of containers) {
      if (!possible.has(container)) {
        problems.push(`${reason.code}: ${container} serves no operation of ${reason.services.join(', ')}`);
      }
    }
    // A page whose operations run only on-premise: its container raises exactly the page's codes.
    for (const [page, {containers: served, cloud}] of byPage) {
      if (cloud || served.size !== 1) continue;
      const [container] = [...served];
      if (reason.services.includes(page) !== containers.includes(container ?? '')) {
        problems.push(
          `${reason.code}: services ${reason.services.includes(page) ? 'lists' : 'omits'} ${page}, on_premise ${containers.includes(container ?? '') ? 'names' : 'omits'} ${container}`,
        );
      }
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(onPremise >= 5, `only ${onPremise} codes raised on-premise`);
});

test('the catalogue says, for each code, which containers raise it on-premise', async () => {
  const page = (await renderedDocs()).find((candidate) => candidate.route === '/decline-reasons');
  assert.ok(page, '/decline-reasons');
  const problems: string[] = [];
  for (const reason of reasons) {
    const start = page.markdown.indexOf(`#### ${reason.code}`);
    const end = page.markdown.slice(start).search(/Show the user:|Message \(for your reviewer/) + start;
    if (start < 0 || end < start) {
      problems.push(`${reason.code}: no catalogue entry`);
      continue;
    }
    const entry = page.markdown.slice(start, end);
    const containers = Array.isArray(reason.on_premise) ? (reason.on_premise as string[]) : [];
    const stated = /on-premise/i.test(entry);
    if (containers.length === 0 && stated)
      problems.push(`${reason.code}: cloud only, its entry names on-premise`);
    if (containers.length > 0 && !stated)
      problems.push(`${reason.code}: raised on-premise, its entry does not say so`);
    const everyContainer = /every service container/.test(entry);
    for (const container of containers) {
      if (!everyContainer && !entry.includes(`\`${container}\``))
        problems.push(`${reason.code}: ${container} not named`);
    }
  }
  assert.deepEqual(problems, []);
  assert.match(page.markdown, /cloud only/i, 'the catalogue says what no container names means');
});

test('no page claims a decline code for every liveness mode when one of them does not raise it', async () => {
  const livenessPages = [
    ...new Set(
      [...contract.operations.values()]
        .filter((entry) => !entry.webhook && entry.operation.tags?.[0] === 'Liveness')
        .map((entry) => entry.operation['x-doc-page'] ?? ''),
    ),
  ];
  assert.ok(livenessPages.length >= 5, 'the liveness pages');
  const problems: string[] = [];
  for (const page of await renderedDocs()) {
    const sentences = page.markdown
      .replace(/```[\s\S]*?```/g, ' ')
      .split(/(?<=\.)\s+|\n\n+/)
      .map((sentence) => sentence.replace(/\s+/g, ' '));
    for (const sentence of sentences) {
      if (!/\b(?:every|all|each) liveness (?:modes?|sessions?|checks?)\b/i.test(sentence)) continue;
      for (const reason of reasons) {
        if (!sentence.includes(reason.code) && !sentence.includes(declineAnchor(reason.code))) continue;
        const missing = livenessPages.filter((candidate) => !reason.services.includes(candidate));
        if (missing.length > 0 && !/on-premise/i.test(sentence)) {
          problems.push(
            `docs/${page.file}: ${reason.code} for every liveness mode, not raised by ${missing.join(', ')}: "${sentence.slice(0, 140)}"`,
          );
        }
      }
    }
  }
  assert.deepEqual(problems, []);
});
