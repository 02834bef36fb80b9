/**
 * Finds the inline scripts of the current build and writes their hashes, which the
 * Content-Security-Policy allows, to deploy/csp-script-hashes.json, then the nginx files of the
 * serving rules: `npm run build && npm run csp`. Run it when a Docusaurus upgrade or a config
 * change alters the inline scripts (tests/build/outputs.test.ts fails until you do); the next
 * build's `_headers` carries the new list too.
 */
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import {inlineScriptHashes} from './lib/csp';

const siteDir = path.resolve(__dirname, '..');

async function main(): Promise<void> {
  const hashes = await inlineScriptHashes(path.join(siteDir, 'build'));
  if (hashes.size === 0) throw new Error('No inline scripts found: run `npm run build` first.');
  const scriptHashes = [...hashes.keys()].map((hash) => hash.replace(/^'|'$/g, '')).sort();
  await writeFile(
    path.join(siteDir, 'deploy/csp-script-hashes.json'),
    `${JSON.stringify({scriptHashes}, null, 2)}\n`,
  );
  for (const [hash, files] of hashes) console.log(`${hash}  ${files.length} page(s), e.g. ${files[0]}`);
  // Imported now: the rules read the hashes when they load.
  const {writeNginxFiles} = await import('./lib/servingRules');
  const written = await writeNginxFiles();
  console.log(written.length > 0 ? `written: ${written.join(', ')}` : 'deploy/nginx is up to date');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
