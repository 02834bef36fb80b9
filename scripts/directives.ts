/**
 * Writes DIRECTIVES.md's table of directives from the registry: `npm run directives`. Run it after
 * adding a directive or changing what one takes; tests/unit/directives.test.ts fails until you do.
 * Only the part between the markers is written; the text around it is written by hand.
 */
import {readFile, writeFile} from 'node:fs/promises';
import {directivesFile, withDirectivesTable} from './lib/directivesTable';

async function main(): Promise<void> {
  const current = await readFile(directivesFile, 'utf8');
  const updated = await withDirectivesTable(current);
  if (updated === current) {
    console.log('DIRECTIVES.md: the directives table is up to date');
    return;
  }
  await writeFile(directivesFile, updated);
  console.log('DIRECTIVES.md: directives table written');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
