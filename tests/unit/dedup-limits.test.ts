/**
 * Account deduplication publishes how many entries an account holds, in the contract's x-limits,
 * with the error a check gets at the limit; the limit lies within the gallery sizes its error rates
 * were measured on; and the deduplication page renders both.
 *
 * Run: node --import tsx --test tests/unit/dedup-limits.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {renderedDocs, siteDir, sources} from './helpers/pages';

type Json = Record<string, unknown>;

test('the dedup entry limit is in x-limits, within the measured galleries, and the check declares its error', async () => {
  const contract = await sources.contract();
  const limit = (contract.document['x-limits'] as Json).dedup_max_entries;
  assert.equal(typeof limit, 'number', 'x-limits.dedup_max_entries');
  const search = parse(readFileSync(path.join(siteDir, 'data', 'metrics', 'face-search.yaml'), 'utf8')) as {
    galleries: Array<{gallery_size: number}>;
  };
  const largest = Math.max(...search.galleries.map((gallery) => gallery.gallery_size));
  assert.ok(
    (limit as number) <= largest,
    `an account may hold ${String(limit)} entries, but error rates stop at a ${largest}-face gallery`,
  );
  const error = contract.document['x-error-codes'].find((entry) => entry.code === 'dedup_entries_full');
  assert.ok(error, 'x-error-codes: dedup_entries_full');
  assert.ok(
    error.message.includes((limit as number).toLocaleString('en-US')),
    'its message states the limit',
  );
  const conflict = contract.operations.get('checkDuplicate')?.operation.responses?.['409'] as
    Json | undefined;
  const examples = JSON.stringify(conflict ?? {});
  assert.match(examples, /"code":"dedup_entries_full"/, 'checkDuplicate 409 declares dedup_entries_full');
});

test('the deduplication page renders the entry limit, its error, and the range the error rates were measured on', async () => {
  const contract = await sources.contract();
  const limit = (contract.document['x-limits'] as Json).dedup_max_entries as number;
  const page = (await renderedDocs()).find(
    (candidate) => candidate.route === '/services/account-deduplication',
  );
  assert.ok(page);
  const limits =
    page.markdown.split(/^## /m).find((section) => section.startsWith('Limits and latency')) ?? '';
  assert.ok(limits.includes(limit.toLocaleString('en-US')), 'the limit, rendered from x-limits');
  assert.match(limits, /dedup_entries_full/);
  assert.match(limits, /measured on galleries of up to/);
  assert.ok(
    !page.source.includes(limit.toLocaleString('en-US')),
    'the page renders the limit, never types it',
  );
});
