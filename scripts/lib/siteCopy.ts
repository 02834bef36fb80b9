/**
 * A throwaway copy of the site: its sources, with the repository's node_modules linked. The build
 * tests and `npm run bench` build and serve copies, so an edit they make never touches the
 * working tree.
 */
import {cpSync, mkdtempSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const copiedDirs = ['docs', 'blog', 'src', 'static', 'contract', 'data', 'config', 'plugins', 'deploy'];
const copiedFiles = [
  'docusaurus.config.ts',
  'sidebars.ts',
  'package.json',
  'tsconfig.json',
  'mcp/package.json',
];

/** Copies the site at `siteDir` into a new temporary directory and returns its path. */
export function siteCopy(siteDir: string, prefix = 'vultus-site-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  for (const name of copiedDirs) cpSync(path.join(siteDir, name), path.join(dir, name), {recursive: true});
  for (const name of copiedFiles) cpSync(path.join(siteDir, name), path.join(dir, name));
  symlinkSync(path.join(siteDir, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}
