/**
 * The API reference of what runs on-premise shows the on-premise server, not the cloud:
 * 1. The rendered reference of every on-premise-only operation names no cloud-only operation, no
 *    media (`media_id`, `POST /media`, `410`), no environment or region, no cloud host, secret key,
 *    sandbox header or rate-limit header: the contract expresses on-premise operations with their own
 *    schemas and responses (`OnpremImage`, `OnpremForbidden`), not the cloud's.
 * 2. An operation that runs in the cloud and in a container marks what is cloud only: every line of
 *    its reference that offers media (`media_id`, `410 media_expired`) says that the on-premise
 *    server has none.
 * 3. The examples of the health probes describe one container: a `models` check names the model
 *    versions of one container of data/onprem/services.yaml.
 * 4. The on-premise liveness page says nothing the rendered reference contradicts (the cloud host or
 *    `VULTUS_SECRET_KEY` in its samples, `media_id` among its image inputs).
 *
 * Run: node --import tsx --test tests/unit/onprem-reference.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {deploymentOf, type Contract} from '../../plugins/vultus-contract/contract/contract';
import {renderOperation} from '../../plugins/vultus-contract/contract/operation';
import {typeLinks} from '../../plugins/vultus-contract/contract/fieldList';
import {stringifyMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import {renderedDocs, siteDir, sources} from './helpers/pages';

let contract: Contract;
test.before(async () => {
  contract = await sources.contract();
});

const referenceOf = (operationId: string): string =>
  stringifyMarkdown({
    type: 'root',
    children: renderOperation(contract, operationId, 'markdown', typeLinks(sources)),
  });

/** What only the cloud has, as a reader would see it named. */
const cloudOnly: Array<[RegExp, string]> = [
  [/media_id|media_expired|`410`|\bmedia object/i, 'media'],
  [
    /\benvironments?\b|\bregional\b|\b(?:this|the|your|a) region\b|data residency/i,
    'environments or regions',
  ],
  [/api(?:\.eu|\.us)?\.vultus\.example/, 'the cloud host'],
  [/VULTUS_SECRET_KEY|\bsk_(?:live|test)?_?/, 'a secret key'],
  [/Vultus-Sandbox-Outcome|\bsandbox\b/i, 'the sandbox'],
  [/RateLimit-|\b429\b/, 'rate limits'],
  [/\bwebhooks?\b/i, 'webhooks'],
];

test('the reference of an on-premise-only operation names nothing of the cloud', () => {
  const cloudOperations = [...contract.operations.values()]
    .filter((entry) => !entry.webhook && deploymentOf(entry)['on-premise'] === false)
    .map((entry) => `${entry.method.toUpperCase()} ${entry.path}`);
  const problems: string[] = [];
  let checked = 0;
  for (const [operationId, entry] of contract.operations) {
    if (entry.webhook || deploymentOf(entry).cloud) continue;
    checked += 1;
    // What the reference says, the links' targets aside.
    const shown = referenceOf(operationId).replace(/\]\([^)]*\)/g, ']');
    for (const [pattern, what] of cloudOnly) {
      const found = pattern.exec(shown);
      if (found) {
        const line = shown.slice(shown.lastIndexOf('\n', found.index) + 1, shown.indexOf('\n', found.index));
        problems.push(`${operationId}: ${what} ("${line.trim().slice(0, 140)}")`);
      }
    }
    for (const cloudOperation of cloudOperations) {
      if (shown.includes(cloudOperation))
        problems.push(`${operationId}: names ${cloudOperation}, a cloud-only operation`);
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(checked >= 4, `only ${checked} on-premise-only operations`);
});

test('an operation that runs in the cloud and on-premise says that the on-premise server has no media', () => {
  const problems: string[] = [];
  let checked = 0;
  for (const [operationId, entry] of contract.operations) {
    const deployment = entry.webhook ? undefined : deploymentOf(entry);
    if (!deployment?.cloud || deployment['on-premise'] === false) continue;
    for (const line of referenceOf(operationId).split('\n')) {
      if (!/`[\w.[\]]*media_id` \(|^\| `410` \|.*\bmedia\b/.test(line)) continue;
      checked += 1;
      if (!/on-premise server has no media/i.test(line))
        problems.push(`${operationId}: "${line.trim().slice(0, 140)}"`);
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(checked >= 5, `only ${checked} media lines on operations that also run on-premise`);
});

test('the health probes’ examples describe one container', () => {
  const services = parse(readFileSync(path.join(siteDir, 'data/onprem/services.yaml'), 'utf8')) as {
    services: Array<{name: string; model_version: string}>;
  };
  const family = (version: string): string => version.replace(/-v\d+\.\d+$/, '');
  /** The model families each container serves. */
  const families = services.services
    .filter((service) => service.model_version !== 'none')
    .map((service) => family(service.model_version));
  let checked = 0;
  for (const operationId of ['getHealthLive', 'getHealthReady']) {
    const entry = contract.operations.get(operationId);
    assert.ok(entry, operationId);
    for (const [status, response] of Object.entries(entry.operation.responses)) {
      for (const [name, example] of Object.entries(response.content?.['application/json']?.examples ?? {})) {
        const checks = (example.value as {checks?: Array<{name: string; detail?: string}>}).checks ?? [];
        for (const check of checks.filter((item) => item.name === 'models')) {
          checked += 1;
          const named = [...new Set((check.detail ?? '').match(/[a-z]+(?:-[a-z]+)*-v\d+\.\d+/g) ?? [])].map(
            family,
          );
          assert.ok(named.length > 0, `${operationId} ${status} ${name}: the models check names its models`);
          assert.equal(
            new Set(named).size,
            1,
            `${operationId} ${status} ${name}: "${check.detail}" names the models of several containers`,
          );
          assert.ok(
            families.includes(named[0] ?? ''),
            `${operationId} ${status} ${name}: a container's model`,
          );
        }
      }
    }
  }
  assert.ok(checked >= 2, 'the readiness examples show the models check');
});

test('the example a probe’s reference shows first is what its samples get: no field that only verbose=true returns', () => {
  // The reference shows the first example of each response under samples that send no `verbose`.
  const health = contract.document.components?.schemas?.Health as
    {properties: Record<string, {description?: string}>} | undefined;
  assert.ok(health, 'the Health schema');
  const verboseOnly = Object.entries(health.properties)
    .filter(([, property]) => /\bVerbose only\b/.test(property.description ?? ''))
    .map(([name]) => name);
  assert.ok(verboseOnly.length >= 2, 'Health marks its verbose-only fields');
  const shown: string[] = [];
  for (const operationId of ['getHealthLive', 'getHealthReady']) {
    const entry = contract.operations.get(operationId);
    assert.ok(entry, operationId);
    const first = Object.values(
      entry.operation.responses['200']?.content?.['application/json']?.examples ?? {},
    )[0];
    const fields = Object.keys((first?.value ?? {}) as object);
    for (const field of fields.filter((name) => verboseOnly.includes(name)))
      shown.push(`${operationId}: ${field}`);
  }
  assert.deepEqual(shown, [], 'verbose-only fields in the first 200 example');
});

test('the on-premise liveness page does not contradict its reference', async () => {
  const page = (await renderedDocs()).find(
    (candidate) => candidate.route === '/services/onprem-liveness-detection',
  );
  assert.ok(page, 'the page');
  const prose = page.markdown.replace(/```[\s\S]*?```/g, ' ');
  assert.doesNotMatch(prose, /VULTUS_SECRET_KEY|cloud host/, 'the samples are the on-premise server’s');
  assert.doesNotMatch(prose, /`media_id`|POST \/media/, 'there are no media on-premise');
});

test('a page that promises the cloud API’s requests on-premise names the media exception', async () => {
  const promise =
    /\b(?:request|requests) and (?:the )?(?:response|responses|results?) of the cloud\b|\bare those of the cloud\b|\bapply unchanged\b|\bsame (?:paths, )?requests and responses\b/i;
  const problems: string[] = [];
  let promised = 0;
  for (const page of await renderedDocs()) {
    const text = page.markdown.replace(/```[\s\S]*?```/g, ' ');
    for (const sentence of text.split(/(?<=\.)\s+|\n\n+/)) {
      if (
        !promise.test(sentence) ||
        !/on-premise|\{host\}|container|gateway/i.test(`${sentence} ${page.file}`)
      )
        continue;
      if (!page.file.startsWith('onprem-services/') && !/on-premise|\{host\}/i.test(sentence)) continue;
      promised += 1;
      if (!/media/i.test(sentence))
        problems.push(`docs/${page.file}: "${sentence.replace(/\s+/g, ' ').slice(0, 150)}"`);
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(promised >= 2, `only ${promised} such promises found`);
});

test('the readiness probe’s samples print its 503 report, which is not an error object', () => {
  // `503` answers with the health report and its failing checks: reading `error` from it throws.
  const reference = referenceOf('getHealthReady');
  const samples = [...reference.matchAll(/```(javascript|python)\n([\s\S]*?)```/g)];
  assert.equal(samples.length, 2, 'a JavaScript and a Python sample');
  for (const [, language, code = ''] of samples) {
    const report = code.search(/status(?:_code)? ={2,3} 503/);
    const error = code.search(/\.error\b|\["error"\]/);
    assert.ok(
      report >= 0 && report < error,
      `${language}: the 503 report is printed before any error is read`,
    );
  }
});

test('a file that puts a password variable into a URL as it is says the password may hold only letters and digits', async () => {
  // `postgres://vultus:${POSTGRES_PASSWORD}@…` breaks on a password with `@`, `/`, `:` or `%`, and
  // the service never becomes healthy: the text before the file says what the password may hold.
  const problems: string[] = [];
  let found = 0;
  for (const page of await renderedDocs()) {
    for (const block of page.markdown.matchAll(/```[^\n]*\n([\s\S]*?)```/g)) {
      const variable = /:\/\/[^\s:/@]+:\$\{(\w+)\}@/.exec(block[1] ?? '')?.[1];
      if (!variable) continue;
      found += 1;
      const before = page.markdown.slice(Math.max(0, (block.index ?? 0) - 800), block.index);
      if (!new RegExp(`${variable}\` \\(letters and digits only`).test(before))
        problems.push(
          `docs/${page.file}: a file puts \${${variable}} into a URL without saying it may hold letters and digits only`,
        );
    }
  }
  assert.ok(found >= 2, `only ${found} such files found`);
  assert.deepEqual(problems, []);
});
