/**
 * Shared by the build tests: a throwaway copy of the site (its sources, with the repository's
 * node_modules linked), built with Docusaurus as `npm run build` builds it.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const siteDir = path.resolve(__dirname, '../../..');
const copied = ['docs', 'blog', 'src', 'static', 'contract', 'data', 'config', 'plugins'];
const copiedFiles = ['docusaurus.config.ts', 'sidebars.ts', 'package.json', 'tsconfig.json'];

function siteCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vultus-build-error-'));
  for (const name of copied) cpSync(path.join(siteDir, name), path.join(dir, name), {recursive: true});
  for (const name of copiedFiles) cpSync(path.join(siteDir, name), path.join(dir, name));
  symlinkSync(path.join(siteDir, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

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

/** Runs `check` on a fresh copy of the site, removed afterwards. */
export function withSiteCopy(check: (dir: string) => void): void {
  const dir = siteCopy();
  try {
    check(dir);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

