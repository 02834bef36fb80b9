/**
 * `npm start` as a writer lives in it, with the pages open in Chromium: the server compiles no
 * page before the browser asks for one, then the page the browser opens; a second start reuses
 * the pages the first compiled; an edit to a data file shows on the open page that reads it and
 * renders no open page that does not; a broken data file is named with its line, and fixing it
 * compiles again; a broken data file no open page reads is named in the terminal all the same;
 * /openapi.yaml is served from a warm start's first moment (the copy of the last start, written
 * from the same contract), follows an edit to the contract, and a contract edited while the
 * server was stopped is published again at the next start. The pages it renders are counted from
 * `VULTUS_LOG_RENDERS=1` (plugins/vultus-contract/remark.ts), not timed: `npm run bench` times it.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {chromium, type Browser, type BrowserContext, type Page} from '@playwright/test';
import {cacheWritten, startDevServer, stopDevServer, type DevServer} from '../../scripts/lib/devServer';
import {chromiumArgs, chromiumPath} from '../browser/chromium';
import {edit, siteDir, withSiteCopy} from './helpers/site-copy';

/** Polls the dev server's /openapi.yaml until it holds `text`; fails after 30 s with what it served. */
async function servedContractHolds(server: DevServer, text: string): Promise<void> {
  let served = '';
  for (let waited = 0; waited < 30_000; waited += 250) {
    const response = await fetch(`${server.baseUrl}/openapi.yaml`);
    served = response.ok ? await response.text() : `HTTP ${response.status}`;
    if (served.includes(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.fail(`/openapi.yaml never held ${JSON.stringify(text)}: ${served.slice(0, 200)}`);
}

/** Waits up to 15 s for the server to print what matches `pattern` after offset `since`. */
async function printed(server: DevServer, since: number, pattern: RegExp): Promise<void> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    if (pattern.test(server.output().slice(since))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`the server never printed ${pattern}:\n${server.output().slice(since).slice(-2000)}`);
}

/** The docs pages the server rendered in what it printed, as paths from the site directory. */
const rendered = (printed: string): string[] =>
  [...printed.matchAll(/\[vultus-contract\] rendering (\S+)/g)].map((match) => match[1] ?? '').sort();

const logRenders = {VULTUS_LOG_RENDERS: '1'};

/** The pages the test keeps open: one reads data/onprem/config.yaml, the other two do not. */
const routes = {
  'docs/onprem-services/face-match.md': '/onprem-services/face-match',
  'docs/services/face-match.md': '/services/face-match',
  'docs/intro.md': '/',
} as const;

/** Starts the server on `dir` with a browser context of its own; stops both after `use`. */
async function withServer(
  browser: Browser,
  dir: string,
  use: (server: DevServer, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const server = await startDevServer(siteDir, dir, logRenders);
  const context = await browser.newContext();
  try {
    await use(server, context);
  } finally {
    await context.close();
    await stopDevServer(server);
  }
}

/** Opens each route in a tab of its own and waits for its article: the page has compiled. */
async function open(context: BrowserContext, server: DevServer): Promise<Page[]> {
  const pages: Page[] = [];
  for (const route of Object.values(routes)) {
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}${route}`);
    await page.locator('article h1').waitFor({timeout: 120_000});
    pages.push(page);
  }
  return pages;
}

test('npm start: pages compile when opened and are reused at the next start; an edit renders only the open pages that read it, a broken data file is named and recovers', async () => {
  const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumArgs});
  try {
    await withSiteCopy(async (dir) => {
      await withServer(browser, dir, async (server, context) => {
        assert.deepEqual(
          rendered(server.output()),
          [],
          'the server is ready before it renders any docs page',
        );
        await open(context, server);
        const opened = rendered(server.output());
        for (const page of Object.keys(routes))
          assert.ok(opened.includes(page), `opening its route renders ${page}: ${opened.join(', ')}`);
        await cacheWritten(dir);
      });
      await withServer(browser, dir, async (server, context) => {
        const response = await fetch(`${server.baseUrl}/openapi.yaml`);
        assert.equal(response.status, 200, 'a warm start serves /openapi.yaml from its first moment');
        assert.match(await response.text(), /^openapi: 3\.1/m);
        const [onprem] = await open(context, server);
        assert.deepEqual(
          rendered(server.output()),
          [],
          'a warm start reuses the pages the first start rendered',
        );

        // A data file the on-premise configuration tables read.
        let since = server.output().length;
        edit(
          dir,
          'data/onprem/config.yaml',
          'Inference workers in the container.',
          'Inference wombat workers in the container.',
        );
        const edited = await server.compiled(since);
        assert.equal(edited.result, 'ok', edited.printed);
        await onprem?.getByText('Inference wombat workers in the container.').waitFor({timeout: 30_000});
        assert.deepEqual(
          rendered(edited.printed),
          ['docs/onprem-services/face-match.md'],
          'of the open pages, only the one that reads the file renders again',
        );

        // A YAML mistake: the compilation fails naming the file and line; the fix compiles again.
        const file = path.join(dir, 'data/onprem/config.yaml');
        const good = readFileSync(file, 'utf8');
        since = server.output().length;
        writeFileSync(file, `${good}\n  - [unclosed\n`);
        const broken = await server.compiled(since);
        assert.equal(broken.result, 'failed', broken.printed);
        assert.match(
          broken.printed,
          /data\/onprem\/config\.yaml:\d+: not valid YAML: /,
          'the error names the file and line',
        );
        since = server.output().length;
        writeFileSync(file, good);
        const fixed = await server.compiled(since);
        assert.equal(fixed.result, 'ok', `fixing the file compiles again:\n${fixed.printed.slice(-2000)}`);

        // A data file no open page reads compiles nothing, but the terminal names its mistake with
        // the file and line, and says when it loads again.
        const unread = path.join(dir, 'data/aml/screening.yaml');
        const unreadGood = readFileSync(unread, 'utf8');
        since = server.output().length;
        writeFileSync(unread, `${unreadGood}\n  - [unclosed\n`);
        await printed(server, since, /\[vultus-contract\] data\/aml\/screening\.yaml:\d+: not valid YAML: /);
        since = server.output().length;
        writeFileSync(unread, unreadGood);
        await printed(server, since, /\[vultus-contract\] data\/aml\/screening\.yaml loads again/);

        // An edit to the contract reaches the published copy the server serves.
        since = server.output().length;
        edit(
          dir,
          'contract/openapi.yaml',
          '      summary: Upload an image\n',
          '      summary: Upload a wombat image\n',
        );
        assert.equal((await server.compiled(since)).result, 'ok');
        await servedContractHolds(server, 'summary: Upload a wombat image');
      });
      // Edited while no server runs: the next start does not serve the last start's copy.
      edit(
        dir,
        'contract/openapi.yaml',
        '      summary: Upload a wombat image\n',
        '      summary: Upload a quokka image\n',
      );
      await withServer(browser, dir, (server) =>
        servedContractHolds(server, 'summary: Upload a quokka image'),
      );
    });
  } finally {
    await browser.close();
  }
});
