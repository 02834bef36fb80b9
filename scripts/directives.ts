/**
 * Writes CONTRIBUTING.md's table of directives from the registry: `npm run directives`. Run it after
 * adding a directive or changing what one takes; tests/unit/directives.test.ts fails until you do.
 */
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import * as prettier from 'prettier';
import {directivesMarkdown, tableEnd, tableStart} from './lib/directivesTable';

const file = path.resolve(__dirname, '../CONTRIBUTING.md');

async function main(): Promise<void> {
  const contributing = await readFile(file, 'utf8');
  const start = contributing.indexOf(tableStart);
  const end = contributing.indexOf(tableEnd);
  if (start < 0 || end < start)
    throw new Error(`CONTRIBUTING.md: the markers ${tableStart} … ${tableEnd} are missing`);
  const updated =
    contributing.slice(0, start) + directivesMarkdown() + contributing.slice(end + tableEnd.length);
  const options = (await prettier.resolveConfig(file)) ?? {};
  await writeFile(file, await prettier.format(updated, {...options, filepath: file}));
  console.log('CONTRIBUTING.md: directives table written');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
