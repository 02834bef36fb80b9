/**
 * The writers' figures of `npm run bench`: how long `docusaurus start` takes to be ready, cold (no
 * cache) and warm, and how long an edit to a page, the contract, a data file or a partial takes to
 * show on the page open in the browser. It runs on a copy of the site, so the edits never touch the
 * working tree; the server listens on 127.0.0.1 and a free port, and is stopped at the end.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {Browser} from '@playwright/test';
import {freePort} from '../../tests/browser/nginx';
import {siteCopy} from './siteCopy';

export type DevServerFigures = {
  coldReadySeconds: number;
  warmReadySeconds: number;
  /**
   * Seconds from asking for a page to its article on screen: the cold server compiles it then (a
   * page is compiled when the browser first asks for it, plugins/dev-lazy-pages); the warm server
   * takes it from the cache the cold one wrote.
   */
  firstPageSeconds: {cold: number; warm: number};
  /** Seconds from the file written to the text on the open page, by what was edited. */
  editToPageSeconds: Record<string, number>;
};

/** What each edit changes, the words it adds, and the page that shows them. */
export const edits = [
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
    from: '> vultus_api_key.txt',
    marker: 'bench marker partial',
    route: '/onprem-services/face-search',
  },
] as const;

/** The edit: the marker words placed where each file's syntax allows them. */
export function edited(edit: (typeof edits)[number], source: string): string {
  const to = {
    page: `\n\n${edit.marker}.\n\n## `,
    contract: `      summary: Upload an image (${edit.marker})\n`,
    'data file': `Inference workers in the container (${edit.marker}).`,
    partial: `> vultus_api_key.txt # ${edit.marker}`,
  }[edit.what];
  if (!source.includes(edit.from)) throw new Error(`${edit.file}: "${edit.from.trim()}" is not in the file`);
  return source.replace(edit.from, to);
}

export type DevServer = {
  process: ChildProcess;
  baseUrl: string;
  readySeconds: number;
  /** Everything the server printed so far. */
  output(): string;
  /**
   * Resolves with what the server printed from `since` (an offset into `output()`) to the end of
   * the next compilation that ends after it: "ok", or "failed" with the compilation's errors.
   */
  compiled(since: number): Promise<{result: 'ok' | 'failed'; printed: string}>;
};

const compiledOk = /compiled successfully/;
const compiledWithErrors = /compiled with \d+ errors?/;

/**
 * Starts `docusaurus start` in `dir` and resolves when its first compilation has finished; `env`
 * adds to the environment (`VULTUS_LOG_RENDERS=1` prints each docs page the site renders).
 */
export async function startDevServer(
  siteDir: string,
  dir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<DevServer> {
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
    {cwd: dir, env: {...process.env, FORCE_COLOR: '0', NO_COLOR: '1', BROWSER: 'none', ...env}},
  );
  let output = '';
  const listeners = new Set<() => void>();
  const read = (chunk: Buffer): void => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const compiled = (since: number): Promise<{result: 'ok' | 'failed'; printed: string}> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        done();
        reject(
          new Error(`docusaurus start: no compilation in 5 minutes\n${output.slice(since).slice(-3000)}`),
        );
      }, 300_000);
      const check = (): void => {
        const printed = output.slice(since);
        const result = compiledOk.test(printed)
          ? 'ok'
          : compiledWithErrors.test(printed)
            ? 'failed'
            : undefined;
        if (!result) return;
        done();
        resolve({result, printed});
      };
      const exited = (code: number | null): void => {
        done();
        reject(new Error(`docusaurus start exited (${code})\n${output.slice(since).slice(-3000)}`));
      };
      function done(): void {
        clearTimeout(timer);
        listeners.delete(check);
        child.off('exit', exited);
      }
      listeners.add(check);
      child.on('exit', exited);
      check();
    });
  const first = await compiled(0);
  if (first.result === 'failed') {
    child.kill('SIGTERM');
    throw new Error(`docusaurus start: the site does not compile\n${first.printed.slice(-3000)}`);
  }
  return {
    process: child,
    baseUrl: `http://127.0.0.1:${port}`,
    readySeconds: (Date.now() - started) / 1000,
    output: () => output,
    compiled,
  };
}

/**
 * The newest modification time of a file under `dir`, 0 when there is none; now when a file
 * goes away during the walk (the bundler is moving its cache into place).
 */
function newestChange(dir: string): number {
  try {
    let newest = 0;
    for (const entry of readdirSync(dir, {withFileTypes: true, recursive: true})) {
      if (!entry.isFile()) continue;
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
    return newest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return Date.now();
    throw error;
  }
}

/**
 * Resolves once the bundler's persistent cache (node_modules/.cache/rspack) has been still for
 * two seconds. The bundler writes it a few seconds after a compilation, and `docusaurus start`
 * exits on SIGTERM without waiting: a server stopped sooner leaves the next start cold.
 */
export async function cacheWritten(dir: string): Promise<void> {
  const cache = path.join(dir, 'node_modules/.cache/rspack');
  for (let waited = 0; waited < 60_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (existsSync(cache) && Date.now() - newestChange(cache) > 2000) return;
  }
}

export async function stopDevServer(server: DevServer): Promise<void> {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;
}

/** Seconds from asking `server` for `route` in a new tab to the page's article on screen. */
async function firstPage(browser: Browser, server: DevServer, route: string): Promise<number> {
  const page = await browser.newPage();
  const asked = Date.now();
  await page.goto(`${server.baseUrl}${route}`);
  await page.waitForSelector('article', {timeout: 120_000});
  const seconds = (Date.now() - asked) / 1000;
  await page.close();
  return seconds;
}

/** Starts the dev server twice on a copy (cold, then warm) and times each kind of edit on its page. */
export async function devServerFigures(siteDir: string, browser: Browser): Promise<DevServerFigures> {
  const dir = siteCopy(siteDir, 'vultus-bench-dev-');
  try {
    const cold = await startDevServer(siteDir, dir);
    const coldFirstPage = await firstPage(browser, cold, edits[0].route);
    await cacheWritten(dir);
    await stopDevServer(cold);
    const warm = await startDevServer(siteDir, dir);
    const editToPageSeconds: Record<string, number> = {};
    let warmFirstPage = 0;
    try {
      warmFirstPage = await firstPage(browser, warm, edits[0].route);
      const page = await browser.newPage();
      for (const edit of edits) {
        await page.goto(`${warm.baseUrl}${edit.route}`, {waitUntil: 'load'});
        await page.waitForSelector('article', {timeout: 120_000});
        // A writer reads the page before editing it: the server does what it does a second
        // after a compilation (plugins/vultus-contract: publish the contract, load the facts)
        // before the edit, as it does for them.
        await new Promise((resolve) => setTimeout(resolve, 3000));
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
    return {
      coldReadySeconds: cold.readySeconds,
      warmReadySeconds: warm.readySeconds,
      firstPageSeconds: {cold: coldFirstPage, warm: warmFirstPage},
      editToPageSeconds,
    };
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
