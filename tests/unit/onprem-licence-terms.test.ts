/**
 * F52, F53, F54: what an on-premise licence covers (every host of a deployment, `max_workers` per
 * container) and how long it lasts (no grace period, renewal, issuing time, trial licences) are
 * stated once, in data/onprem/licence-terms.yaml, and every on-premise page renders them. The
 * contract agrees: `GET /license` lists every fingerprint of the licence, `max_workers` is per
 * container, and the readiness example is one container's. No page says a host needs a licence
 * of its own.
 *
 * Run: node --import tsx --test tests/unit/onprem-licence-terms.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {siteDir} from './helpers/pages';
import {onpremPages, pageSources, section} from './helpers/onprem-pages';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const read = (relative: string): Json => parse(readFileSync(path.join(siteDir, relative), 'utf8')) as Json;
const terms = read('data/onprem/licence-terms.yaml').terms as Array<{id: string; term: string; rule: string}>;
const contract = read('contract/openapi.yaml');
const rule = (id: string): string => terms.find((term) => term.id === id)?.rule ?? '';

test('the licence terms answer the hosts, workers, grace period, renewal, issuing time and trial questions', () => {
  assert.match(rule('scope'), /One licence per deployment/);
  assert.match(rule('scope'), /every host/);
  assert.match(rule('workers'), /`max_workers` caps `server\.workers` in each container/);
  assert.match(rule('workers'), /not a total/);
  assert.match(rule('lifetime'), /no grace period/i);
  assert.match(rule('renewal'), /\d+ days before `expires_at`/);
  assert.match(rule('issuing'), /business days?/);
  assert.match(rule('trial'), /\d+ days/);
});

test('every on-premise page renders the licence terms in its Licence section', async () => {
  for (const page of await onpremPages()) {
    const licence = section(page.markdown, 'Licence') ?? '';
    for (const term of terms)
      assert.ok(licence.includes(term.term), `${page.route}: the licence term "${term.term}"`);
    assert.ok(licence.includes('There is no grace period'), `${page.route}: the lifetime rule`);
  }
});

test('no page, partial or data file restates a term: a host with a licence of its own, a grace period, max_workers as a total', async () => {
  const texts = [
    ...(await pageSources()).map((page) => ({file: page.file, text: page.text})),
    ...['onprem/config.yaml', 'onprem/licence-errors.yaml', 'onprem/services.yaml'].map((file) => ({
      file,
      text: readFileSync(path.join(siteDir, 'data', file), 'utf8'),
    })),
  ];
  for (const {file, text} of texts) {
    const prose = text.replace(/\s+/g, ' ');
    assert.doesNotMatch(prose, /(needs|with) its own licen[cs]e/, `${file}: a licence per host`);
    assert.doesNotMatch(prose, /grace period/, `${file}: the grace period is stated in licence-terms.yaml`);
    assert.doesNotMatch(
      prose,
      /max_workers` (caps|limits) [^.]*(deployment|in total)/,
      `${file}: max_workers`,
    );
  }
});

test('the contract agrees: GET /license lists every fingerprint, max_workers is per container', () => {
  const license = contract.components.schemas.License;
  assert.ok(license.required.includes('host_ids'), 'License.host_ids is required');
  assert.equal(license.properties.host_ids.type, 'array');
  assert.match(license.properties.max_workers.description, /each container/);
  const example =
    contract.paths['/license'].get.responses['200'].content['application/json'].examples.valid.value;
  assert.ok(example.host_ids.includes(example.host_id), 'the example lists its own host among host_ids');
  assert.ok(example.host_ids.length > 1, 'the example licence covers more than one host');
});

test('the readiness examples are one container’s: models of one family, workers within max_workers', () => {
  const maxWorkers = contract.paths['/license'].get.responses['200'].content['application/json'].examples
    .valid.value.max_workers as number;
  const responses = contract.paths['/health/ready'].get.responses;
  const examples = ['200', '503']
    .flatMap((status) =>
      Object.values(responses[status].content['application/json'].examples as Json).map(
        (example) => example.value,
      ),
    )
    .filter((value) => Array.isArray(value.checks)); // the probe without a key lists no checks
  assert.ok(examples.length >= 2);
  for (const example of examples) {
    const detail = (name: string): string =>
      example.checks.find((check: Json) => check.name === name)?.detail ?? '';
    const families = new Set(
      [...detail('models').matchAll(/\b([a-z]+(?:-[a-z]+)*)-v\d/g)].map((match) => match[1]),
    );
    assert.equal(families.size, 1, `one container's models: "${detail('models')}"`);
    const workers = /(\d+) of (\d+) workers/.exec(detail('workers'));
    assert.ok(workers, 'the workers check says how many are idle');
    assert.ok(
      Number(workers[2]) < maxWorkers,
      `"${detail('workers')}" reads as the licence total ${maxWorkers}`,
    );
  }
});
