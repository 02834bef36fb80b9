/**
 * Shared by the build tests: a throwaway copy of the site (../../../scripts/lib/siteCopy.ts),
 * built with Docusaurus as `npm run build` builds it.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {siteCopy} from '../../../scripts/lib/siteCopy';

export const siteDir = path.resolve(__dirname, '../../..');

export function build(dir: string): {status: number | null; output: string} {
  const result = spawnSync(process.execPath, [path.join(siteDir, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build'], {
    cwd: dir,
    encoding: 'utf8',
    env: {...process.env, FORCE_COLOR: '0', NO_COLOR: '1'},
    timeout: 600_000,
  });
  return {status: result.status, output: `${result.stdout}\n${result.stderr}`};
}

/** Replaces `from` with `to` in a file of the site copy; the edit must change the file. */
export function edit(dir: string, file: string, from: string, to: string): void {
  const full = path.join(dir, file);
  const source = readFileSync(full, 'utf8');
  const edited = source.replace(from, to);
  assert.notEqual(edited, source, `${file}: "${from}" was edited`);
  writeFileSync(full, edited);
}

/** Runs `check` on a fresh copy of the site, removed afterwards (a check may wait: a dev server). */
export async function withSiteCopy(check: (dir: string) => void | Promise<void>): Promise<void> {
  const dir = siteCopy(siteDir, 'vultus-build-');
  try {
    await check(dir);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
