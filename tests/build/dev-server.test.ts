/**
 * `npm start` as a writer lives in it: a second start reuses the pages the first rendered; an
 * edit to a data file renders again the pages that read it and no other; a broken data file shows
 * the file and line, and fixing it compiles again; /openapi.yaml is served from a warm start's first
 * moment (the copy of the last start, written from the same contract), follows an edit to the
 * contract, and a contract edited while the server was stopped is published again at the next start. The pages it renders are counted from
 * `VULTUS_LOG_RENDERS=1` (plugins/vultus-contract/remark.ts), not timed: `npm run bench` times it.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {cacheWritten, startDevServer, stopDevServer, type DevServer} from '../../scripts/lib/devServer';
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

/** The docs pages the server rendered in what it printed, as paths from the site directory. */
const rendered = (printed: string): string[] =>
  [...printed.matchAll(/\[vultus-contract\] rendering (\S+)/g)].map((match) => match[1] ?? '').sort();

const logRenders = {VULTUS_LOG_RENDERS: '1'};

async function withServer(dir: string, use: (server: DevServer) => Promise<void>): Promise<void> {
  const server = await startDevServer(siteDir, dir, logRenders);
  try {
    await use(server);
  } finally {
    await stopDevServer(server);
  }
}

test('npm start: a warm start renders no page again, an edit renders only its pages, a broken data file is named and recovers', async () => {
  await withSiteCopy(async (dir) => {
    let cold: string[] = [];
    await withServer(dir, async (server) => {
      cold = rendered(server.output());
      await cacheWritten(dir);
    });
    assert.ok(cold.includes('docs/onprem-services/face-match.md'), 'the cold start renders every docs page');
    await withServer(dir, async (server) => {
      assert.deepEqual(rendered(server.output()), [], 'a warm start reuses every page the cold start rendered');
      const response = await fetch(`${server.baseUrl}/openapi.yaml`);
      assert.equal(response.status, 200, 'a warm start serves /openapi.yaml from its first moment');
      assert.match(await response.text(), /^openapi: 3\.1/m);

      // A data file the on-premise configuration tables read.
      let since = server.output().length;
      edit(dir, 'data/onprem/config.yaml', 'Inference workers in the container.', 'Inference wombat workers in the container.');
      const edited = await server.compiled(since);
      assert.equal(edited.result, 'ok', edited.printed);
      const again = rendered(edited.printed);
      assert.ok(again.includes('docs/onprem-services/face-match.md'), `the page that reads the file renders again: ${again.join(', ')}`);
      for (const page of ['docs/services/face-match.md', 'docs/intro.md'])
        assert.ok(!again.includes(page), `${page} does not read the file and does not render again: ${again.join(', ')}`);
      assert.ok(again.length < cold.length, `only the pages that read it: ${again.length} of ${cold.length}`);

      // A YAML mistake: the compilation fails naming the file and line; the fix compiles again.
      const file = path.join(dir, 'data/onprem/config.yaml');
      const good = readFileSync(file, 'utf8');
      since = server.output().length;
      writeFileSync(file, `${good}\n  - [unclosed\n`);
      const broken = await server.compiled(since);
      assert.equal(broken.result, 'failed', broken.printed);
      assert.match(broken.printed, /data\/onprem\/config\.yaml:\d+: not valid YAML: /, 'the error names the file and line');
      since = server.output().length;
      writeFileSync(file, good);
      const fixed = await server.compiled(since);
      assert.equal(fixed.result, 'ok', `fixing the file compiles again:\n${fixed.printed.slice(-2000)}`);

      // An edit to the contract reaches the published copy the server serves.
      since = server.output().length;
      edit(dir, 'contract/openapi.yaml', '      summary: Upload an image\n', '      summary: Upload a wombat image\n');
      assert.equal((await server.compiled(since)).result, 'ok');
      await servedContractHolds(server, 'summary: Upload a wombat image');
    });
    // Edited while no server runs: the next start does not serve the last start's copy.
    edit(dir, 'contract/openapi.yaml', '      summary: Upload a wombat image\n', '      summary: Upload a quokka image\n');
    await withServer(dir, (server) => servedContractHolds(server, 'summary: Upload a quokka image'));
  });
});
