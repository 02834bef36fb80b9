/**
 * The writers' figures of `npm run bench`: how long `docusaurus start` takes to be ready, cold (no
 * cache) and warm, and how long an edit to a page, the contract, a data file or a partial takes to
 * show on the page open in the browser. It runs on a copy of the site, so the edits never touch the
 * working tree; the server listens on 127.0.0.1 and a free port, and is stopped at the end.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {Browser} from '@playwright/test';
import {freePort} from '../../tests/browser/nginx';

export type DevServerFigures = {
  coldReadySeconds: number;
  warmReadySeconds: number;
  /** Seconds from the file written to the text on the open page, by what was edited. */
  editToPageSeconds: Record<string, number>;
};

/** What each edit changes, the words it adds, and the page that shows them. */
const edits = [
  {what: 'page', file: 'docs/auth.md', from: '\n## ', marker: 'Bench marker page', route: '/auth'},
  {
    what: 'contract',
    file: 'contract/openapi.yaml',
    from: '      summary: Upload an image\n',
    marker: 'bench marker contract',
    route: '/requests',
  },
  {
    what: 'data file',
    file: 'data/onprem/config.yaml',
    from: 'Inference workers in the container.',
    marker: 'bench marker data',
    route: '/onprem-services/face-match',
  },
  {
    what: 'partial',
    file: 'docs/_partials/onprem-api-key.md',
    from: 'chmod 0444 license.vlic',
    marker: 'bench marker partial',
    route: '/onprem-services/face-search',
  },
] as const;

/** The edit: the marker words placed where each file's syntax allows them. */
function edited(edit: (typeof edits)[number], source: string): string {
  const to = {
    page: `\n\n${edit.marker}.\n\n## `,
    contract: `      summary: Upload an image (${edit.marker})\n`,
    'data file': `Inference workers in the container (${edit.marker}).`,
    partial: `chmod 0444 license.vlic # ${edit.marker}`,
  }[edit.what];
  if (!source.includes(edit.from)) throw new Error(`${edit.file}: "${edit.from.trim()}" is not in the file`);
  return source.replace(edit.from, to);
}

function siteCopy(siteDir: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vultus-bench-dev-'));
  for (const name of ['docs', 'blog', 'src', 'static', 'contract', 'data', 'config', 'plugins'])
    cpSync(path.join(siteDir, name), path.join(dir, name), {recursive: true});
  for (const name of ['docusaurus.config.ts', 'sidebars.ts', 'package.json', 'tsconfig.json'])
    cpSync(path.join(siteDir, name), path.join(dir, name));
  symlinkSync(path.join(siteDir, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

type DevServer = {process: ChildProcess; baseUrl: string; readySeconds: number};

/** Starts `docusaurus start` in `dir` and resolves when its first compilation has finished. */
async function startDevServer(siteDir: string, dir: string): Promise<DevServer> {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [
      path.join(siteDir, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'),
      'start',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--no-open',
    ],
    {cwd: dir, env: {...process.env, FORCE_COLOR: '0', NO_COLOR: '1', BROWSER: 'none'}},
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`docusaurus start: not ready in 5 minutes\n${output}`)),
      300_000,
    );
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      if (/compiled successfully/.test(output)) {
        clearTimeout(timer);
        resolve();
      } else if (/compiled with \d+ errors?/.test(output)) {
        clearTimeout(timer);
        reject(new Error(`docusaurus start: the site does not compile\n${output.slice(-3000)}`));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) =>
      reject(new Error(`docusaurus start exited (${code})\n${output.slice(-3000)}`)),
    );
  });
  return {process: child, baseUrl: `http://127.0.0.1:${port}`, readySeconds: (Date.now() - started) / 1000};
}

async function stopDevServer(server: DevServer): Promise<void> {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;
}

/** Starts the dev server twice on a copy (cold, then warm) and times each kind of edit on its page. */
export async function devServerFigures(siteDir: string, browser: Browser): Promise<DevServerFigures> {
  const dir = siteCopy(siteDir);
  try {
    const cold = await startDevServer(siteDir, dir);
    await stopDevServer(cold);
    const warm = await startDevServer(siteDir, dir);
    const editToPageSeconds: Record<string, number> = {};
    try {
      const page = await browser.newPage();
      for (const edit of edits) {
        await page.goto(`${warm.baseUrl}${edit.route}`, {waitUntil: 'load'});
        await page.waitForSelector('article', {timeout: 120_000});
        const file = path.join(dir, edit.file);
        const changed = edited(edit, readFileSync(file, 'utf8'));
        const written = Date.now();
        writeFileSync(file, changed);
        await page.waitForFunction((text) => document.body.innerText.includes(text), edit.marker, {
          timeout: 120_000,
          polling: 50,
        });
        editToPageSeconds[edit.what] = (Date.now() - written) / 1000;
      }
      await page.close();
    } finally {
      await stopDevServer(warm);
    }
    return {coldReadySeconds: cold.readySeconds, warmReadySeconds: warm.readySeconds, editToPageSeconds};
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
