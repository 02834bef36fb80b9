/**
 * `npm run contract-diff`: the changes of contract/openapi.yaml since its last release
 * (contract/released/), as the revision history's changelog lines, and the breaking ones it does
 * not declare (./lib/contractDiff.ts). Exits 1 when there is one.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {contractRelativePath} from '../plugins/vultus-contract/contract/contract';
import {contractDiff} from './lib/contractDiff';

const siteDir = path.resolve(__dirname, '..');
const result = contractDiff(
  siteDir,
  readFileSync(path.join(siteDir, contractRelativePath), 'utf8'),
  readFileSync(path.join(siteDir, 'docs/revision-history.md'), 'utf8'),
);
console.log(
  `${contractRelativePath} since the release of ${result.since}: ${result.diffs.length} difference(s)`,
);
for (const line of result.changelog) console.log(line);
if (result.undeclared.length > 0) {
  console.error(
    `Breaking changes the revision history does not declare (a **Breaking.** entry after ${result.since} naming each):\n  ${result.undeclared.join('\n  ')}`,
  );
  process.exit(1);
}
