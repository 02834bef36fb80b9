/**
 * `npm run bench` times an edit to a page, the contract, a data file and a partial until it shows on
 * the open page (scripts/lib/devServer.ts, `edits`). Each edit finds the text it replaces in its file,
 * so a writer who rewords that text learns it here, not from a bench that stops after its builds.
 *
 * Run: node --import tsx --test tests/unit/bench-edits.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {edited, edits} from '../../scripts/lib/devServer';
import {siteDir} from './helpers/pages';

test('every edit the bench times finds its text in the file it edits, and adds its marker', () => {
  assert.ok(edits.length >= 4, 'a page, the contract, a data file and a partial');
  for (const edit of edits) {
    const source = readFileSync(path.join(siteDir, edit.file), 'utf8');
    assert.ok(edited(edit, source).includes(edit.marker), `${edit.file}: the edit adds "${edit.marker}"`);
  }
});
