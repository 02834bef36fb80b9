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

/**
 * The longest a build of the copy may take: a cold one takes 40 to 120 s on CI's two cores beside
 * the other build tests. This is the harness's limit, not a check (`npm run bench` times builds).
 */
const buildTimeoutMs = 300_000;

/**
 * Builds the copy as `npm run build` does. Rspack's persistent cache can, rarely, leave a build
 * waiting forever with every thread asleep (web-infra-dev/rspack#9665; seen once here, in a cold
 * build of this copy): a build that passes the time limit is stopped and run once more, and says
 * so. A build that fails is never run again.
 */
export function build(dir: string): {status: number | null; output: string} {
  const run = () =>
    spawnSync(
      process.execPath,
      [path.join(siteDir, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build'],
      {
        cwd: dir,
        encoding: 'utf8',
        env: {...process.env, FORCE_COLOR: '0', NO_COLOR: '1'},
        timeout: buildTimeoutMs,
        killSignal: 'SIGKILL',
      },
    );
  let result = run();
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT') {
    console.error(`# the build of ${dir} passed ${buildTimeoutMs / 1000} s and was stopped; building again`);
    result = run();
  }
  return {status: result.status, output: `${result.stdout}\n${result.stderr}`};
}

/** Builds the copy and wants the build to fail: its output, for the messages it must give. */
export function failedBuild(dir: string): string {
  const {status, output} = build(dir);
  assert.notEqual(status, 0, 'the build must fail');
  return output;
}

/** Replaces `from` with `to` in a file of the site copy; the edit must change the file. */
export function edit(dir: string, file: string, from: string, to: string): void {
  const full = path.join(dir, file);
  const source = readFileSync(full, 'utf8');
  const edited = source.replace(from, to);
  assert.notEqual(edited, source, `${file}: "${from}" was edited`);
  writeFileSync(full, edited);
}

/** The 1-based line of the first line of a file of the copy that holds `text`. */
export const lineOf = (dir: string, file: string, text: string): number =>
  readFileSync(path.join(dir, file), 'utf8')
    .split('\n')
    .findIndex((row) => row.includes(text)) + 1;

/**
 * Runs `check` with the files of the copy as they are now, and puts them back afterwards, so that
 * the next check on the same copy starts from the same sources (and a warm cache).
 */
export async function restoringFiles(
  dir: string,
  files: string[],
  check: () => void | Promise<void>,
): Promise<void> {
  const saved = files.map((file) => [file, readFileSync(path.join(dir, file), 'utf8')] as const);
  try {
    await check();
  } finally {
    for (const [file, source] of saved) writeFileSync(path.join(dir, file), source);
  }
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
