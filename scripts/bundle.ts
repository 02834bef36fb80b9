/**
 * `npm run bundle` (after `npm run build`): writes bundle/vultus-docs-<version>.tar.gz, the offline
 * archive of the docs for on-premise customers (./lib/bundle.ts), and its .sha256.
 */
import path from 'node:path';
import {writeBundle} from './lib/bundle';

const siteDir = path.resolve(__dirname, '..');

writeBundle(siteDir, path.join(siteDir, 'build'), path.join(siteDir, 'bundle'))
  .then(({file, sha256, bytes}) => {
    console.log(`${path.relative(siteDir, file)}: ${(bytes / 1024 / 1024).toFixed(1)} MB, sha256 ${sha256}`);
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
