/**
 * An error's `type` and its HTTP status say the same thing: the `ErrorType` description gives
 * each type with the statuses it comes with, and every code of `x-error-codes` has a status its
 * type names (two expiries, two types was the defect). The pages that show the catalogue by type
 * (`::error-codes{type=…}`) still show every code they promise: the Web SDK pages, the row of each
 * API error their SDK passes on.
 *
 * Run: node --import tsx --test tests/unit/error-types.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {renderPageMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import {docsDir, listMarkdown, siteDir, sources, withDocs} from './helpers/pages';

/** `invalid_request_error` → [400, 413, 415], read from "`type` (`400`, `413`, `415`: …)". */
function statusesByType(description: string): Map<string, number[]> {
  const byType = new Map<string, number[]>();
  for (const match of description
    .replace(/\s+/g, ' ')
    .matchAll(/`([a-z_]+_error)` \(((?:`\d{3}`(?:, )?)+):/g)) {
    byType.set(
      match[1] ?? '',
      [...(match[2] ?? '').matchAll(/\d{3}/g)].map((status) => Number(status[0])),
    );
  }
  return byType;
}

test('the ErrorType description gives every type with its statuses', async () => {
  const contract = await sources.contract();
  const errorType = contract.document.components.schemas.ErrorType;
  const byType = statusesByType(errorType?.description ?? '');
  const missing = (errorType?.enum ?? []).filter((type) => !byType.has(String(type)));
  assert.deepEqual(missing, [], 'types the description gives no status for');
});

test("every error code's HTTP status is one its type's description names", async () => {
  const contract = await sources.contract();
  const byType = statusesByType(contract.document.components.schemas.ErrorType?.description ?? '');
  const wrong = contract.document['x-error-codes'].flatMap((entry) => {
    if (entry.status === null) return [];
    const statuses = byType.get(entry.type) ?? [];
    return statuses.includes(entry.status)
      ? []
      : [
          `${entry.code}: ${entry.status} ${entry.type}, but ${entry.type} comes with ${statuses.join(', ') || 'no status'}`,
        ];
  });
  assert.deepEqual(wrong, []);
});

test('a page that lists the API errors its SDK passes on shows the catalogue row of each', async () => {
  let checked = 0;
  for (const file of await listMarkdown(docsDir)) {
    const source = readFileSync(file, 'utf8');
    const lists = [...source.matchAll(/::data-table\{src="([^"]+)" path="api_errors"/g)];
    if (lists.length === 0) continue;
    const page = {route: path.relative(docsDir, file), ...(await renderPageMarkdown(await withDocs(), file))};
    for (const match of lists) {
      const data = parse(readFileSync(path.join(siteDir, 'data', match[1] ?? ''), 'utf8')) as {
        api_errors: Array<{code: string}>;
      };
      const missing = data.api_errors
        .map((error) => error.code)
        .filter((code) => !page.markdown.includes(`| [\`${code}\`](`));
      assert.deepEqual(
        missing,
        [],
        `${page.route}: API errors without their catalogue row (::error-codes{type=…})`,
      );
      checked += 1;
    }
  }
  assert.ok(checked >= 2, 'the Web SDK pages list the API errors they pass on');
});
