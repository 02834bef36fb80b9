/**
 * `npm run test:unit` runs the unit test files in shards (./shards/files.ts): every file runs in
 * exactly one of them, so a new file runs without being listed anywhere, and the shards take
 * about as long as each other by the files' recorded times (./shards/timings.json).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {balancedShards, recordedSeconds, shardFiles, unitTestFiles} from './shards/files';
import timings from './shards/timings.json';

test('every unit test file runs in exactly one shard', () => {
  const shards = [shardFiles(1, 2), shardFiles(2, 2)];
  assert.deepEqual([...shards.flat()].sort(), unitTestFiles());
  assert.ok(shards.every((shard) => shard.length > 0));
});

test('the shards take about as long as each other: a twentieth of the total apart at most', () => {
  const time = (file: string): number => recordedSeconds(file, timings.seconds);
  const totals = [shardFiles(1, 2), shardFiles(2, 2)].map((shard) =>
    shard.reduce((sum, file) => sum + time(file), 0),
  );
  const [first = 0, second = 0] = totals;
  assert.ok(Math.abs(first - second) <= (first + second) / 20, `shard times ${totals.join(' and ')} s`);
});

test('the longest files go to different shards, and a file without a time counts as the median', () => {
  const seconds = {'a.test.ts': 10, 'b.test.ts': 6, 'c.test.ts': 5};
  // d has no time: the median, 6 s. a (10) to the first, b (6) and d (6) to the second, c (5) to the first.
  assert.deepEqual(balancedShards(['a.test.ts', 'b.test.ts', 'c.test.ts', 'd.test.ts'], 2, seconds), [
    ['a.test.ts', 'c.test.ts'],
    ['b.test.ts', 'd.test.ts'],
  ]);
  // With no times at all, every file counts the same and the shards share them out by number.
  assert.deepEqual(balancedShards(['a.test.ts', 'b.test.ts', 'c.test.ts'], 2, {}), [
    ['a.test.ts', 'c.test.ts'],
    ['b.test.ts'],
  ]);
});
