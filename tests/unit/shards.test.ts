/**
 * `npm run test:unit` runs the unit test files in shards (./shards/files.ts): every file runs in
 * exactly one of them, so a new file runs without being listed anywhere.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {shardFiles} from './shards/files';

test('every unit test file runs in exactly one shard', () => {
  const files = readdirSync(__dirname)
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => path.join(__dirname, name))
    .sort();
  const shards = [shardFiles(1, 2), shardFiles(2, 2)];
  assert.deepEqual([...shards.flat()].sort(), files);
  assert.ok(shards.every((shard) => shard.length > 0));
});
