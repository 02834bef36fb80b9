/**
 * Runs the unit tests as `npm run test:unit` does and writes each file's time to
 * tests/unit/shards/timings.json, which balances the shards (tests/unit/shards/files.ts):
 * `npm run unit-timings`. Run it when a file's time has changed a lot; stale timings only make
 * one shard finish later than the other.
 */
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import {run} from 'node:test';
import {unitTestFiles} from '../tests/unit/shards/files';

const shardsDir = path.resolve(__dirname, '../tests/unit/shards');
const timingsFile = path.join(shardsDir, 'timings.json');

async function main(): Promise<void> {
  const files = new Set(unitTestFiles().map((file) => path.basename(file)));
  const seconds: Record<string, number> = {};
  let failed = 0;
  const stream = run({
    files: ['shard-1.test.ts', 'shard-2.test.ts'].map((name) => path.join(shardsDir, name)),
    concurrency: 2,
  });
  stream.on('test:fail', () => {
    failed += 1;
  });
  // Each file's tests run in a suite named after it, at the top of its shard.
  stream.on('test:pass', ({name, nesting, details}) => {
    if (nesting === 0 && files.has(name))
      seconds[name] = Math.max(0.1, Math.round(details.duration_ms / 100) / 10);
  });
  for await (const event of stream) void event;
  if (failed > 0) throw new Error(`${String(failed)} unit tests failed: timings not written`);
  const missing = [...files].filter((name) => seconds[name] === undefined);
  if (missing.length > 0) throw new Error(`no time for ${missing.join(', ')}: timings not written`);
  const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)));
  const json = {
    $comment:
      'Seconds each unit test file took in `npm run unit-timings` (two shards side by side on two cores); tests/unit/shards/files.ts balances the shards by them.',
    seconds: sorted,
  };
  await writeFile(timingsFile, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`written: ${path.relative(process.cwd(), timingsFile)} (${String(files.size)} files)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
