/**
 * The unit test files, shared out among a few test processes (`npm run test:unit`). Each file
 * still runs on its own (`node --import tsx --test tests/unit/<file>.test.ts`); a shard runs its
 * files in one process, so the docs pages are rendered and the contract is loaded once per shard
 * instead of once per file (./helpers/pages.ts).
 *
 * The shards are balanced by each file's time in an earlier run (./timings.json, written by
 * `npm run unit-timings`), as CI services split tests by timings: the longest file goes to the
 * shard with the least time so far, then the next. A file the timings do not list counts as
 * their median (1 s when none is listed), so a new file runs at once; stale timings cost speed, never a test.
 */
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {describe} from 'node:test';
import timings from './timings.json';

const unitDir = path.resolve(__dirname, '..');

/** Every unit test file, by name. */
export function unitTestFiles(): string[] {
  return readdirSync(unitDir)
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .map((name) => path.join(unitDir, name));
}

/** The median of some numbers (0 for none). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** A file's recorded time, or the median of the times when it has none (1 s when none is recorded). */
export function recordedSeconds(file: string, seconds: Record<string, number>): number {
  return seconds[path.basename(file)] ?? (median(Object.values(seconds)) || 1);
}

/**
 * The files of each of `count` shards, by name within a shard: the longest first (by
 * `seconds`, a file's time), each to the shard with the least time so far.
 */
export function balancedShards(files: string[], count: number, seconds: Record<string, number>): string[][] {
  const time = (file: string): number => recordedSeconds(file, seconds);
  const shards = Array.from({length: count}, () => ({files: [] as string[], seconds: 0}));
  const longestFirst = [...files].sort((a, b) => time(b) - time(a) || a.localeCompare(b));
  for (const file of longestFirst) {
    const shortest = shards.reduce((best, shard) => (shard.seconds < best.seconds ? shard : best));
    shortest.files.push(file);
    shortest.seconds += time(file);
  }
  return shards.map((shard) => shard.files.sort());
}

/** The unit test files of shard `index` (from 1) of `count`. */
export function shardFiles(index: number, count: number): string[] {
  return balancedShards(unitTestFiles(), count, timings.seconds)[index - 1] ?? [];
}

/**
 * Loads the test files of a shard: their tests run in this process, in file order, each file's
 * tests and hooks inside a suite named after the file, as they are when the file runs alone.
 */
export function runShard(index: number, count: number): void {
  for (const file of shardFiles(index, count)) {
    // Synchronously, so that the file's tests are registered in its suite.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    void describe(path.basename(file), () => require(file));
  }
}
