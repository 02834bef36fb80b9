/**
 * The contract against its last release (scripts/lib/contractDiff.ts, api-smart-diff): the
 * contract has no breaking change since then that the revision history does not declare; a
 * deliberately breaking change fails naming its operation and prints the changelog line it
 * implies; a **Breaking.** entry dated after the release that names the operation declares it,
 * and one dated on or before the release does not.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse as parseYaml, stringify} from 'yaml';
import {contractRelativePath} from '../../plugins/vultus-contract/contract/contract';
import {
  contractChanges,
  contractDiff,
  entriesAfter,
  judgeChanges,
  lastReleased,
} from '../../scripts/lib/contractDiff';

const siteDir = path.resolve(__dirname, '../..');
const contract = readFileSync(path.join(siteDir, contractRelativePath), 'utf8');
const revisionHistory = readFileSync(path.join(siteDir, 'docs/revision-history.md'), 'utf8');
const {date} = lastReleased(siteDir);

/** The contract without `POST /media`, an operation integrations call. */
function withoutUpload(): string {
  const document = parseYaml(contract) as {paths: Record<string, Record<string, unknown>>};
  const media = document.paths['/media'];
  assert.ok(media?.post, 'the contract has POST /media');
  delete media.post;
  return stringify(document);
}

/** The changes of the contract without `POST /media`, compared once (api-smart-diff takes seconds). */
const removed = contractChanges(siteDir, withoutUpload());

/** The revision history with one more API change entry, dated `on`. */
function declaring(on: string, entry: string): string {
  return revisionHistory.replace(
    /^## API changes\n\n(.*\n\n)/m,
    `## API changes\n\n$1### ${on.slice(0, 7)}\n\n#### ${on}\n\n${entry}\n\n`,
  );
}

test('the contract has no breaking change since its last release that the revision history does not declare', (t) => {
  const result = contractDiff(siteDir, contract, revisionHistory);
  assert.deepEqual(result.undeclared, [], result.changelog.join('\n'));
  // CI's log shows the changelog lines the changes imply, for the revision history's next entry.
  t.diagnostic(`changes since the release of ${date}: ${result.changelog.length}`);
  for (const line of result.changelog) t.diagnostic(line);
});

test('removing an operation is breaking: undeclared, it fails naming it, with the changelog line it implies', () => {
  const result = judgeChanges(removed, revisionHistory);
  assert.deepEqual(result.undeclared, ['POST /media']);
  assert.ok(
    result.changelog.includes('- **Breaking.** `POST /media`: [Removed] operation POST /media'),
    result.changelog.slice(0, 5).join('\n'),
  );
});

test('a Breaking entry dated after the release that names the operation declares it; one dated at the release does not', () => {
  const entry = '- **Breaking.** `POST /media` is removed: send images inline.';
  const after = new Date(Date.parse(date) + 86_400_000).toISOString().slice(0, 10);
  assert.deepEqual(judgeChanges(removed, declaring(after, entry)).undeclared, []);
  assert.deepEqual(judgeChanges(removed, declaring(date, entry)).undeclared, ['POST /media']);
  assert.deepEqual(
    judgeChanges(removed, declaring(after, '- **Changed.** `POST /media` is removed.')).undeclared,
    ['POST /media'],
    'only a Breaking entry declares a breaking change',
  );
});

test('the entries of one bullet are read by their own tags', () => {
  const entries = entriesAfter(
    '## API changes\n\n#### 2030-01-02\n\n- **New.** `GET /a` exists. **Breaking.** `POST /b` is gone.\n\n## Next\n',
    '2030-01-01',
  );
  assert.deepEqual(entries.get('New'), ['**New.** `GET /a` exists. ']);
  assert.deepEqual(entries.get('Breaking'), ['**Breaking.** `POST /b` is gone.']);
});
