/**
 * A sample that reads a response's body checks its status first: a 4xx or 5xx body is the error
 * object (or, for the readiness probe, a report), so reading `result` from it throws a TypeError or
 * KeyError where the reader needed `error.code`. Every JavaScript, TypeScript and Python block of
 * the docs that calls `fetch()` or `requests` and parses the JSON must look at `ok`, `status`,
 * `status_code` or `raise_for_status()`.
 *
 * Run: node --import tsx --test tests/unit/sample-status-checks.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {codeBlocks, renderedDocs} from './helpers/pages';

const javascript = new Set(['javascript', 'js', 'typescript', 'ts', 'tsx']);
const python = new Set(['python', 'py']);

test('every sample that parses a response checks its status first', async () => {
  const unchecked: string[] = [];
  let samples = 0;
  for (const page of await renderedDocs()) {
    for (const block of codeBlocks(page.tree)) {
      const code = block.value;
      const lang = block.lang ?? '';
      const calls = javascript.has(lang)
        ? /\bfetch\(/.test(code) && /\.json\(\)/.test(code)
        : python.has(lang) &&
          /\brequests\.(?:get|post|put|patch|delete|request)\(/.test(code) &&
          /\.json\(\)/.test(code);
      if (!calls) continue;
      samples += 1;
      const checks = javascript.has(lang)
        ? /\.ok\b|\.status\b/.test(code)
        : /\.ok\b|\.status_code\b|raise_for_status\(/.test(code);
      if (!checks) unchecked.push(`${page.file}: ${lang} sample "${code.split('\n')[0] ?? ''}"`);
    }
  }
  assert.ok(samples >= 50, `only ${samples} samples call the network: the walk is broken`);
  assert.deepEqual(unchecked, [], 'samples that parse a response without looking at its status');
});
