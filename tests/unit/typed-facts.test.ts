/**
 * Render, don't type: a version, port, limit, retention period or default threshold that lives in
 * the contract or data/ (plugins/vultus-contract/facts/facts.ts names them) is never typed into a page.
 * Pages write `:fact{key=…}` in prose and `%{key}` in code, and the build puts
 * the value in. This test reads each Markdown source and looks for every spelling of every fact
 * (`forms`) beside a word that names it (`names`, within a sentence's reach); each one it finds
 * must be on `typedOnPurpose`, with the reason it stays typed.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import {collectFacts, substituteFacts} from '../../plugins/vultus-contract/facts/facts';
import {findTypedCopies, type TypedCopy} from './helpers/typed-facts';
import {docsDir, listMarkdown, renderedDocs, sources} from './helpers/pages';

/**
 * Typed copies that stay typed, each with the reason. `text` is a piece of the line; an entry
 * that matches nothing fails the test, so the list cannot go stale.
 */
const typedOnPurpose: Array<{file: string; fact: string; text: string; why: string}> = [
  {
    file: 'docs/revision-history.md',
    fact: 'schema.AmlHit.risk_score.maximum',
    text: 'the severity of the listing from 0 to 100',
    why: 'a release note says what that release shipped; it stays true of that release if the range changes',
  },
  {
    file: 'docs/revision-history.md',
    fact: 'models.document-v4.6.sunset',
    text: '#### 2026-05-31',
    why: 'the date of the entry that records the retirement: the log is dated by hand, its entries say what happened that day',
  },
  {
    file: 'docs/revision-history.md',
    fact: 'models.deepfake-v1.3.sunset',
    text: '#### 2026-01-31',
    why: 'the date of the entry that records the retirement: the log is dated by hand, its entries say what happened that day',
  },
  {
    file: 'docs/requests.md',
    fact: 'limits.webhooks.retry_delays_seconds.1',
    text: '[ "$STATUS" -lt 300 ]',
    why: 'the end of the 2xx range of HTTP statuses in a retry loop, not the second webhook retry delay',
  },
  {
    file: 'docs/requests.md',
    fact: 'limits.liveness_max_attempts.max',
    text: 'def post_with_retry(path, body, max_attempts=5):',
    why: 'the retry helper’s own number of tries, not a liveness session’s max_attempts',
  },
  {
    file: 'docs/metrics/face-recognition-1n-service.md',
    fact: 'limits.face_search_top_k.max',
    text: 'with `top_k` 50 against',
    why: 'the evaluation protocol’s top_k, fixed when it was run; it stays 50 if the API maximum changes',
  },
  {
    file: 'docs/metrics/face-recognition-1n-service.md',
    fact: 'limits.collection_max_faces',
    text: '#### 10,000,000 faces',
    why: 'the size of an evaluated gallery (data/metrics/face-search.yaml), not the product limit it equals today',
  },
  {
    file: 'docs/metrics/face-recognition-1n-service.md',
    fact: 'limits.collection_max_faces',
    text: 'galleries[gallery_size=10000000]',
    why: 'a data-table selector naming the evaluated gallery, not a statement of the limit',
  },
];

async function allCopies(): Promise<TypedCopy[]> {
  const contract = await sources.contract();
  const facts = [...collectFacts(contract, sources).values()];
  const copies: TypedCopy[] = [];
  // The pages, and the partials and code snippets they include (docs/_partials/, not pages themselves).
  const partialsDir = path.join(docsDir, '_partials');
  const partials = (await readdir(partialsDir).catch(() => [])).map((name) => path.join(partialsDir, name));
  for (const absolute of [...(await listMarkdown(docsDir)), ...partials]) {
    const file = `docs/${path.relative(docsDir, absolute).split(path.sep).join('/')}`;
    copies.push(...findTypedCopies(file, await readFile(absolute, 'utf8'), facts));
  }
  return copies;
}

test('no page types a fact of the contract or data/ that the build can render', async () => {
  const copies = await allCopies();
  const used = new Set<(typeof typedOnPurpose)[number]>();
  const unexplained = copies.filter((copy) => {
    const entry = typedOnPurpose.find(
      (candidate) =>
        candidate.file === copy.file &&
        candidate.fact === copy.fact &&
        copy.lineText.includes(candidate.text),
    );
    if (entry) used.add(entry);
    return !entry;
  });
  const kept = copies.length - unexplained.length;
  console.log(`typed copies: ${copies.length} found, ${kept} on the list, ${unexplained.length} to render`);
  assert.deepEqual(
    unexplained.map(
      (copy) =>
        `${copy.file}:${copy.line}: ${copy.form} is ${copy.facts.join(' or ')}: write :fact{key="…"} in prose or %{…} in code`,
    ),
    [],
  );
  assert.deepEqual(
    typedOnPurpose.filter((entry) => !used.has(entry)),
    [],
    'typedOnPurpose entries that match no typed copy: remove them',
  );
  assert.ok(typedOnPurpose.length <= 50, `at most 50 typed copies stay typed (${typedOnPurpose.length})`);
});

test('the detector finds a typed version, port, limit, retention period, throughput and published figure, and passes rendered ones', async () => {
  const contract = await sources.contract();
  const facts = [...collectFacts(contract, sources).values()];
  const version = facts.find((fact) => fact.key === 'onprem.version');
  const port = facts.find((fact) => fact.key === 'onprem.api_port');
  const throughput = facts.find((fact) => fact.key === 'onprem.throughput.matchFaces.cpu');
  assert.ok(version && port && throughput);
  const page = [
    `Pull the image with tag ${version.value}.`,
    '```bash',
    `curl http://localhost:${port.value}/v1/health`,
    '```',
    'Uploaded media is kept for 24 hours, then deleted.',
    'Client tokens last 600 seconds by default.',
    'Pull the image with tag :fact{key="onprem.version"} from `%{onprem.version}`.',
    'Wait 2 seconds and retry.',
    `One CPU worker answers ${throughput.value} requests per second.`,
    'In bright light BPCER was 0.0119 (95% interval 0.0091 to 0.016).',
    'const TOLERANCE_SECONDS = 300; // signature tolerance',
    'The set holds 48,620 subjects.',
  ].join('\n');
  // Each place with every fact its value could be (a figure can equal another file's figure).
  const found = findTypedCopies('docs/example.md', page, facts).flatMap((copy) =>
    copy.facts.map((fact) => `${copy.line} ${fact}`),
  );
  for (const expected of [
    '1 onprem.version',
    '3 onprem.api_port',
    '5 limits.media_retention_hours',
    '6 limits.client_token_lifetime_seconds.default',
    '9 onprem.throughput.matchFaces.cpu',
    '10 metrics.liveness.modes.interactive.conditions.bright-light.bpcer',
    '10 metrics.liveness.modes.interactive.conditions.bright-light.bpcer.low',
    '11 limits.request_signature_tolerance_seconds',
    '12 metrics.face-match.evaluation_set.size.subjects',
  ]) {
    assert.ok(found.includes(expected), `${expected} in ${found.join(', ')}`);
  }
  assert.ok(!found.some((copy) => copy.startsWith('7 ') || copy.startsWith('8 ')), found.join(', '));
});

test('the build substitutes %{key} in code and fails on an unknown key, naming it', async () => {
  const contract = await sources.contract();
  const facts = collectFacts(contract, sources);
  assert.equal(
    substituteFacts(contract, sources, 'image: onprem/face-match:%{onprem.version}', 'x.md:1'),
    `image: onprem/face-match:${facts.get('onprem.version')?.value}`,
  );
  assert.throws(
    () => substituteFacts(contract, sources, 'tag %{onprem.versoin}', 'docs/x.md:3'),
    /docs\/x\.md:3: %\{onprem\.versoin\}: no such fact/,
  );
  const rendered = await renderedDocs();
  const leftover = rendered.filter((page) => /%\{[a-z][\w-]*(?:\.[\w-]+)+\}/.test(page.markdown));
  assert.deepEqual(
    leftover.map((page) => page.file),
    [],
    'pages whose rendered Markdown still holds a %{key}',
  );
});
