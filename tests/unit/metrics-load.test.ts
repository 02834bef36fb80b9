/**
 * The metrics files reach the renderers through loadMetrics: a file that breaks its schema fails the
 * build naming the file and the field, and "the current model" is one rule for every renderer.
 */
import {Sources} from '../../plugins/vultus-contract/sources';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {currentModel, loadMetrics} from '../../plugins/vultus-contract/metrics/load';
import {siteDir, sources} from './helpers/pages';

function withEditedFile(name: string, edit: (yaml: string) => string, check: (dir: string) => void): void {
  const dir = mkdtempSync(path.join(tmpdir(), 'vultus-metrics-'));
  try {
    cpSync(path.join(siteDir, 'data/metrics'), path.join(dir, 'data/metrics'), {recursive: true});
    const file = path.join(dir, 'data/metrics', `${name}.yaml`);
    writeFileSync(file, edit(readFileSync(file, 'utf8')));
    check(dir);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

test('every metrics file loads and validates against its schema', () => {
  for (const name of [
    'face-match',
    'face-to-document',
    'face-search',
    'liveness',
    'age',
    'latency',
    'business',
    'photo-id-flows',
    'ocr',
  ] as const) {
    assert.ok(loadMetrics(sources, name), name);
  }
});

test('a metrics file that breaks its schema fails naming the file and the field', () => {
  withEditedFile(
    'face-match',
    (yaml) => yaml.replace(/^default_threshold: .*$/m, 'default_threshold: high'),
    (dir) =>
      assert.throws(
        () => loadMetrics(new Sources(dir), 'face-match'),
        /data\/metrics\/face-match\.yaml:\d+: \/default_threshold: must be number/,
      ),
  );
});

test('the current model is the one with status current, and there is exactly one', () => {
  const data = loadMetrics(sources, 'face-match');
  assert.equal(currentModel(data, 'face-match').status, 'current');
  withEditedFile(
    'face-match',
    (yaml) => yaml.replace(/status: previous/, 'status: current'),
    (dir) =>
      assert.throws(
        () => currentModel(loadMetrics(new Sources(dir), 'face-match'), 'data/metrics/face-match.yaml'),
        /expected exactly one model with status "current", found 2/,
      ),
  );
});
