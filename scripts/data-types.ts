/**
 * Writes the TypeScript types of the data files from their JSON Schemas (scripts/lib/dataTypes.ts):
 * `npm run data-types`. Run it after editing or adding a schema; tests/unit/data-files.test.ts
 * fails until you do.
 */
import {mkdir, readdir, readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {generatedDataTypes, typesDir} from './lib/dataTypes';

async function main(): Promise<void> {
  const files = await generatedDataTypes();
  let written = 0;
  for (const [file, content] of files) {
    const before = await readFile(file, 'utf8').catch(() => undefined);
    if (before === content) continue;
    await mkdir(path.dirname(file), {recursive: true});
    await writeFile(file, content);
    written += 1;
  }
  // A schema that was removed takes its type with it.
  const present = await readdir(typesDir, {recursive: true, withFileTypes: true});
  for (const entry of present) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !files.has(file)) await rm(file);
  }
  console.log(
    `data types: ${written} of ${files.size} files in ${path.relative(process.cwd(), typesDir)} written`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
