/**
 * The HTTP status table of /responses is rendered from the contract (`::error-codes{view="statuses"}`:
 * `x-http-statuses` for the meaning, `x-error-codes` for the codes), so each row names every code
 * of its status, and a reader who maps statuses to handling misses none. The loader keeps
 * `x-http-statuses` to the statuses the operations and codes have, and no page types a status
 * table by hand.
 *
 * Run: node --import tsx --test tests/unit/status-table.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {contractLoadError} from './helpers/contract-copy';
import {renderPageMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import {docsDir, listMarkdown, siteDir, sources, withDocs} from './helpers/pages';

test('every error code appears in the row of its status in the /responses status table', async () => {
  const contract = await sources.contract();
  const page = await renderPageMarkdown(await withDocs(), path.join(docsDir, 'responses.md'));
  const start = page.markdown.indexOf('\n## HTTP status codes\n');
  assert.ok(start >= 0, 'the HTTP status codes section');
  const sectionText = page.markdown.slice(start + 1, page.markdown.indexOf('\n## ', start + 1));
  const rows = new Map(
    sectionText
      .split('\n')
      .map((line) => /^\| `(\d{3})` \|(.*)$/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => [Number(match[1]), match[2] ?? '']),
  );
  const wrong = contract.document['x-error-codes'].flatMap((entry) => {
    if (entry.status === null) return [];
    const row = rows.get(entry.status);
    if (row === undefined) return [`${entry.code}: no row for ${entry.status}`];
    return row.includes(`\`${entry.code}\``) ? [] : [`${entry.code}: missing from the ${entry.status} row`];
  });
  assert.deepEqual(wrong, []);
  const declared = new Set(
    [...contract.operations.values()]
      .filter((entry) => !entry.webhook)
      .flatMap((entry) => Object.keys(entry.operation.responses)),
  );
  const unlisted = [...declared].filter((status) => !rows.has(Number(status)));
  assert.deepEqual(unlisted, [], 'statuses an operation returns without a row');
});

test('the loader refuses a status without a row in x-http-statuses, naming it', async () => {
  const real = readFileSync(path.join(siteDir, 'contract/openapi.yaml'), 'utf8');
  const row = /\n {2}- status: 410\n {4}meaning: [^\n]*/;
  assert.match(real, row, 'the 410 row');
  assert.match(await contractLoadError(real.replace(row, '')), /#\/x-http-statuses: no row for 410/);
});

test('no page types a status table by hand', async () => {
  const typed: string[] = [];
  for (const file of await listMarkdown(docsDir)) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (/^\|\s*`?[1-5]\d\d`?\s*\|/.test(line))
          typed.push(`docs/${path.relative(docsDir, file)}:${index + 1}`);
      });
  }
  assert.deepEqual(typed, [], 'render status tables with ::error-codes{view="statuses"}');
});
