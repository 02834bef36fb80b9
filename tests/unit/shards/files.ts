/**
 * The unit test files, shared out among a few test processes (`npm run test:unit`). Each file
 * still runs on its own (`node --import tsx --test tests/unit/<file>.test.ts`); a shard runs its
 * files in one process, so the docs pages are rendered and the contract is loaded once per shard
 * instead of once per file (./helpers/pages.ts).
 */
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {describe} from 'node:test';

const unitDir = path.resolve(__dirname, '..');

/** The unit test files of shard `index` (from 1) of `count`: every count-th file by name. */
export function shardFiles(index: number, count: number): string[] {
  return readdirSync(unitDir)
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .filter((_, position) => position % count === index - 1)
    .map((name) => path.join(unitDir, name));
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
