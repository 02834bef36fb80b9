/**
 * Writes deploy/nginx/csp.conf from the current build: `npm run build && npm run csp`.
 * Run it when a Docusaurus upgrade or a config change alters the inline scripts.
 */
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import {inlineScriptHashes, nginxDirective} from './lib/csp';

const siteDir = path.resolve(__dirname, '..');

async function main(): Promise<void> {
  const hashes = await inlineScriptHashes(path.join(siteDir, 'build'));
  if (hashes.size === 0) throw new Error('No inline scripts found: run `npm run build` first.');
  await writeFile(path.join(siteDir, 'deploy/nginx/csp.conf'), nginxDirective([...hashes.keys()]));
  for (const [hash, files] of hashes) console.log(`${hash}  ${files.length} page(s), e.g. ${files[0]}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
