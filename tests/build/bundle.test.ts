/**
 * The offline archive (`npm run bundle`, scripts/lib/bundle.ts) as an on-premise customer uses
 * it: written from the build with its checksum, extracted, and served by the command of its
 * Containerfile (nginx with deploy/standalone/nginx.conf) as the on-premise images' unprivileged
 * user, who can write nothing but /tmp (the container's read-only root file system). Chromium,
 * with every request to another host refused, reads pages and searches; no page asks another
 * host for anything. The on-premise page says where to get the archive, by its name.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {once} from 'node:events';
import {createHash} from 'node:crypto';
import {chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {chromium, type Browser} from '@playwright/test';
import {extract} from 'tar';
import {loadData} from '../../plugins/vultus-contract/data/load';
import {bundleName, writeBundle, type Bundle} from '../../scripts/lib/bundle';
import {chromiumArgs, chromiumPath} from '../browser/chromium';
import {freePort} from '../browser/nginx';

const siteDir = path.resolve(__dirname, '../..');
const nginxBin = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const services = loadData(siteDir, 'onprem/services.yaml');

let work: string;
let bundle: Bundle;
let root: string;
let nginx: ChildProcess;
let baseUrl: string;
let browser: Browser;
let served = '';
/** The port the archive's nginx.conf listens on. */
let listenPort = '';

/** The Containerfile's instruction `name` (its first), with its arguments. */
function instruction(containerfile: string, name: string): string {
  const line = containerfile.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  assert.ok(line, `the Containerfile has a ${name} instruction`);
  return line.slice(name.length + 1).trim();
}

before(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'vultus-bundle-test-'));
  chmodSync(work, 0o755);
  bundle = await writeBundle(siteDir, path.join(siteDir, 'build'), path.join(work, 'out'));
  await extract({file: bundle.file, cwd: work});
  root = path.join(work, bundleName(services.version));
  // The port and pid file of this test's server; everything else as the archive has it.
  const confFile = path.join(root, 'nginx.conf');
  const conf = readFileSync(confFile, 'utf8');
  listenPort = /^ {4}listen (\d+);$/m.exec(conf)?.[1] ?? '';
  assert.ok(listenPort, 'the archive names the port it serves');
  const port = await freePort();
  writeFileSync(
    confFile,
    conf
      .replace(/^ {4}listen \d+;$/m, `    listen 127.0.0.1:${port};`)
      .replace(/^pid .*$/m, `pid ${path.join(work, 'run', 'nginx.pid')};`),
  );
  mkdirSync(path.join(work, 'run'), {mode: 0o777});
  chmodSync(path.join(work, 'run'), 0o777);
  // Nobody may write the archive's files, not even their owner.
  spawnSync('chmod', ['-R', 'a-w', root]);
  const containerfile = readFileSync(path.join(root, 'Containerfile'), 'utf8');
  const entrypoint = JSON.parse(instruction(containerfile, 'ENTRYPOINT')) as string[];
  const [binary, ...args] = entrypoint.map((arg) => arg.replaceAll('/srv/vultus-docs', root));
  assert.equal(binary, 'nginx');
  const [user, group] = instruction(containerfile, 'USER').split(':');
  // As root (CI), drop to the image's user; anyone else is unprivileged already.
  const command =
    process.getuid?.() === 0
      ? ['setpriv', `--reuid=${user}`, `--regid=${group}`, '--clear-groups', '--', nginxBin, ...args]
      : [nginxBin, ...args];
  nginx = spawn(command[0] ?? nginxBin, command.slice(1), {stdio: ['ignore', 'pipe', 'pipe']});
  nginx.stdout?.on('data', (chunk: Buffer) => (served += chunk.toString()));
  nginx.stderr?.on('data', (chunk: Buffer) => (served += chunk.toString()));
  baseUrl = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 100) {
    if (nginx.exitCode !== null) assert.fail(`nginx exited (${nginx.exitCode}):\n${served}`);
    if (
      await fetch(`${baseUrl}/`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (waited > 15_000) assert.fail(`nginx did not answer in 15 s:\n${served}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  browser = await chromium.launch({executablePath: chromiumPath, args: chromiumArgs});
});

after(async () => {
  await browser?.close();
  if (nginx && nginx.exitCode === null) {
    nginx.kill('SIGQUIT');
    await once(nginx, 'exit');
  }
  if (work) {
    spawnSync('chmod', ['-R', 'u+w', work]);
    rmSync(work, {recursive: true, force: true});
  }
});

test('the archive is named after the on-premise release and its .sha256 checks it', () => {
  assert.equal(path.basename(bundle.file), `vultus-docs-${services.version}.tar.gz`);
  const sha256 = createHash('sha256').update(readFileSync(bundle.file)).digest('hex');
  assert.equal(readFileSync(`${bundle.file}.sha256`, 'utf8'), `${sha256}  ${path.basename(bundle.file)}\n`);
  for (const file of [
    'README.md',
    'nginx.conf',
    'Containerfile',
    'site/index.html',
    'vultus/site.conf',
    'mcp/vultus-docs-mcp.mjs',
  ])
    assert.ok(existsSync(path.join(root, file)), `the archive holds ${file}`);
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  assert.ok(!readme.includes('<version>'), 'its README names the version it holds');
  assert.ok(readme.includes(`vultus-docs-${services.version}.tar.gz`));
  // The MCP server runs from the archive with Node.js alone.
  const help = spawnSync(process.execPath, [path.join(root, 'mcp/vultus-docs-mcp.mjs'), '--help'], {
    encoding: 'utf8',
  });
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stdout, /--site/);
});

test("the image runs as the on-premise images' user, and its README says so", () => {
  const containerfile = readFileSync(path.join(root, 'Containerfile'), 'utf8');
  assert.equal(instruction(containerfile, 'USER'), `${services.user}:${services.group}`);
  assert.equal(
    instruction(containerfile, 'EXPOSE'),
    listenPort,
    'the image exposes the port nginx.conf listens on',
  );
  assert.ok(
    instruction(containerfile, 'HEALTHCHECK').includes(`:${listenPort}/`),
    'its health check asks that port',
  );
  assert.match(
    readFileSync(path.join(root, 'README.md'), 'utf8'),
    new RegExp(`as user and group ${services.user}\\b`),
  );
  for (const copied of containerfile.matchAll(/^COPY (?:--\S+ )*(\S+) /gm))
    assert.ok(
      existsSync(path.join(root, copied[1] ?? '')),
      `the archive holds what the image copies: ${copied[1]}`,
    );
});

test('served as an unprivileged user that can write only /tmp, with the rules of deploy/nginx', async () => {
  const page = await fetch(`${baseUrl}/onprem-services/merged-solutions`);
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'self'/);
  const markdown = await fetch(`${baseUrl}/auth`, {headers: {accept: 'text/markdown'}});
  assert.equal(markdown.headers.get('content-type'), 'text/markdown');
  assert.match(await markdown.text(), /^# /m);
  assert.equal((await fetch(`${baseUrl}/no-such-page`)).status, 404);
  assert.equal((await fetch(`${baseUrl}/openapi.yaml`)).status, 200);
  assert.doesNotMatch(served, /\[(?:emerg|alert|crit|error)\]/, served);
});

test('with the network closed, pages read and search works, and no page asks another host', async () => {
  const context = await browser.newContext();
  const elsewhere: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${baseUrl}/`)) return route.continue();
    elsewhere.push(url);
    return route.abort('internetdisconnected');
  });
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/onprem-services/merged-solutions`);
    await page.locator('article h1').waitFor();
    const box = page.getByLabel('Search', {exact: true});
    await box.fill('air-gapped');
    const suggestion = page.getByRole('listbox').getByRole('option').first();
    await suggestion.waitFor({timeout: 30_000});
    await suggestion.click();
    await page.locator('article h1').waitFor();
    assert.match(await page.locator('article').innerText(), /air-gapped/i);
    await page.goto(`${baseUrl}/`);
    await page.locator('article h1').waitFor();
    assert.deepEqual(elsewhere, [], 'no page asks another host for anything');
  } finally {
    await context.close();
  }
});

test('the on-premise page says where to get the archive of its release, the port it serves and the base image of its Containerfile', () => {
  const html = readFileSync(path.join(siteDir, 'build/onprem-services/merged-solutions.html'), 'utf8');
  assert.ok(
    html.includes(`vultus-docs-${services.version}.tar.gz`),
    'merged-solutions names the archive npm run bundle writes',
  );
  assert.ok(
    html.includes(`on port ${listenPort},`),
    `merged-solutions states the port of nginx.conf, ${listenPort}`,
  );
  // The isolated side needs the base image the Containerfile builds from: the page names it.
  // In its Markdown version: the HTML breaks long inline code with <wbr>.
  const base = instruction(readFileSync(path.join(root, 'Containerfile'), 'utf8'), 'FROM');
  const markdown = readFileSync(path.join(siteDir, 'build/onprem-services/merged-solutions.md'), 'utf8');
  assert.ok(markdown.includes(base), `merged-solutions names the Containerfile's base image, ${base}`);
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  assert.ok(
    readme.includes(`http://localhost:${listenPort}`),
    `the archive's README states port ${listenPort}`,
  );
});
