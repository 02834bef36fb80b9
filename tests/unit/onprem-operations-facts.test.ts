/**
 * Operating facts of the on-premise containers, each stated once and rendered where a reader
 * looks for it (the rendered pages under docs/onprem-services and data/onprem):
 * 1. Idempotency across replicas: every page's "Scaling" says where a container keeps its
 *    `Idempotency-Key`s and what a retry that reaches another replica does.
 * 2. Host ports: pages whose install commands publish the same host ports say that a second
 *    container on the same host needs other host ports.
 * 3. Gateway resources: the gateway's sizing table shows one RAM figure and one vCPU figure per
 *    replica, and the Helm values request and limit exactly those.
 * 4. Retention of on-premise sessions and their frames: every sentence about how long sessions or
 *    frames stay names `sessions.retention_days`, and the deepfake page's "Architecture" renders
 *    its default.
 *
 * Run: node --import tsx --test tests/unit/onprem-operations-facts.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {codeBlocks, renderedDocs, siteDir, type RenderedPage} from './helpers/pages';

type Json = Record<string, unknown>;
const data = (file: string): Json =>
  parse(readFileSync(path.join(siteDir, 'data/onprem', file), 'utf8')) as Json;

async function onpremPages(): Promise<RenderedPage[]> {
  const pages = (await renderedDocs()).filter((page) => page.file.startsWith('onprem-services/'));
  assert.ok(pages.length >= 6, 'the on-premise pages');
  return pages;
}

/** A `## ` section of a rendered page, up to the next one. */
function section(page: RenderedPage, title: string): string {
  const start = page.markdown.indexOf(`\n## ${title}\n`);
  assert.ok(start >= 0, `${page.file}: no "## ${title}"`);
  const end = page.markdown.indexOf('\n## ', start + 1);
  return page.markdown.slice(start, end < 0 ? undefined : end);
}

const prose = (markdown: string): string => markdown.replace(/```[\s\S]*?```/g, ' ');

test('every on-premise page says, where it discusses scaling, what idempotency means across replicas', async () => {
  for (const page of await onpremPages()) {
    const scaling = prose(section(page, 'Scaling'));
    assert.match(scaling, /Idempotency-Key/, `${page.file}: Scaling does not name Idempotency-Key`);
    assert.match(
      scaling,
      /replicas?\b[^.]*\bkeys?\b|\bkeys?\b[^.]*\breplicas?\b/i,
      `${page.file}: where the keys live across replicas`,
    );
    assert.match(
      scaling,
      /runs? (?:it |the request )?again|twice/i,
      `${page.file}: what a retry on another replica does`,
    );
  }
});

test('pages that publish the same host ports say how to run a second container on the same host', async () => {
  const published = new Map<string, Set<string>>();
  for (const page of await onpremPages()) {
    const ports = new Set<string>();
    for (const block of codeBlocks(page.tree)) {
      for (const match of block.value.matchAll(
        /(?:-p|--publish)\s+(\d+):\d+|^\s*-\s*['"]?(\d+):\d+['"]?\s*$/gm,
      )) {
        ports.add(match[1] ?? match[2] ?? '');
      }
    }
    published.set(page.file, ports);
  }
  const pages = await onpremPages();
  let shared = 0;
  for (const page of pages) {
    const mine = published.get(page.file) ?? new Set();
    const others = [...published].filter(
      ([file, ports]) => file !== page.file && [...ports].some((port) => mine.has(port)),
    );
    if (others.length === 0) continue;
    shared += 1;
    assert.match(
      prose(section(page, 'Install')),
      /same host[^.]*\bhost ports?\b|\bhost ports?\b[^.]*same host/i,
      `${page.file}: publishes host ports ${[...mine].join(', ')} as ${others.map(([file]) => file).join(', ')} do, and does not say so`,
    );
  }
  assert.ok(shared >= 2, 'the single-container pages publish the same ports');
});

test('the gateway has one RAM and one vCPU figure per replica, and the Helm values use them', async () => {
  const merged = (await onpremPages()).find((page) => page.file === 'onprem-services/merged-solutions.md');
  assert.ok(merged, 'merged-solutions');
  // The gateway's sizing table as the reader sees it: one row per profile, one RAM column.
  const sizing = section(merged, 'Hardware sizing');
  const table = sizing
    .split('\n\n')
    .find(
      (block) =>
        block.startsWith('| Profile') && /\| vCPU/.test(block) && !/worker/i.test(block.split('\n')[0] ?? ''),
    );
  assert.ok(table, 'the gateway sizing table');
  const [header = '', , ...rows] = table.split('\n');
  const cells = (line: string): string[] =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
  const ram = cells(header).filter((name) => /RAM/.test(name));
  assert.deepEqual(
    ram,
    ['RAM (GiB)'],
    `one RAM figure per replica, not a base and a per-worker figure: ${header}`,
  );
  assert.equal(rows.length, 1, 'one profile');
  const row = Object.fromEntries(
    cells(header).map((name, index) => [name, cells(rows[0] ?? '')[index] ?? '']),
  );
  const values = codeBlocks(merged.tree).find(
    (block) => block.lang === 'yaml' && /title="values\.yaml"/.test(block.meta ?? ''),
  );
  assert.ok(values, 'merged-solutions: the Helm values');
  const resources = ((parse(values.value) as Json).gateway as Json).resources as {
    requests: {cpu: string; memory: string};
    limits: {memory: string};
  };
  assert.equal(resources.requests.memory, `${row['RAM (GiB)']}Gi`, 'gateway.resources.requests.memory');
  assert.equal(resources.limits.memory, `${row['RAM (GiB)']}Gi`, 'gateway.resources.limits.memory');
  assert.equal(String(resources.requests.cpu), row.vCPU, 'gateway.resources.requests.cpu');
});

test('how long on-premise sessions and their frames stay is stated with sessions.retention_days only', async () => {
  const config = data('config.yaml');
  const retention = (config.keys as Json[]).find((key) => key.key === 'sessions.retention_days');
  assert.ok(retention, 'config.yaml: sessions.retention_days');
  const texts: Array<[string, string]> = [];
  for (const page of await onpremPages()) texts.push([page.file, prose(page.markdown)]);
  const walk = (value: unknown, where: string): void => {
    if (typeof value === 'string') texts.push([where, value]);
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) walk(item, `${where}.${key}`);
  };
  walk(data('services.yaml'), 'data/onprem/services.yaml');
  const problems: string[] = [];
  for (const [where, text] of texts) {
    for (const sentence of text.split(/(?<=[.;])\s+/)) {
      if (!/\b(?:sessions?|frames?)\b/i.test(sentence)) continue;
      if (
        !/\buntil\b|\bdeleted\b|\bretention\b|\b(?:stays?|kept|keeps?|holds?)\b[^.]*\b(?:for|after)\b/i.test(
          sentence,
        )
      )
        continue;
      if (!/sessions\.retention_days/.test(sentence))
        problems.push(`${where}: "${sentence.trim().slice(0, 140)}"`);
    }
  }
  assert.deepEqual(problems, []);
  const deepfake = (await onpremPages()).find(
    (page) => page.file === 'onprem-services/deepfake-detection.md',
  );
  assert.ok(deepfake);
  const architecture = prose(section(deepfake, 'Architecture'));
  assert.match(architecture, /sessions\.retention_days/, 'Architecture names the key');
  assert.match(
    architecture,
    new RegExp(`\\b${String(retention.default)} days\\b`),
    'Architecture renders its default',
  );
});
