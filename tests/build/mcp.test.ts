/**
 * The docs MCP server (mcp/), as an assistant runs it: the package's bundle started over stdio
 * by the MCP SDK's own client, reading the build served by nginx with the repository's
 * configuration (its answers link to the site they read). Every tool answers from the published files; what the navbar box finds,
 * search_docs finds, in the same order, for every query of the project's query sets; a name the
 * site lacks is answered with the nearest ones, and bad input with a message, never a stack trace.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {load} from 'cheerio';
import {parse as parseYaml} from 'yaml';
import {startNginx, type Server} from '../browser/nginx';
import {querySets, readQueries} from '../../scripts/lib/searchQuality';
import {builtEngine, indexHeadFile} from '../../scripts/lib/searchIndex';
import {nameIndexInPages} from '../../plugins/search/index';
import {declineAnchor, errorAnchor, operationAnchor} from '../../src/lib/anchors';

const siteDir = path.resolve(__dirname, '../..');
const buildDir = path.join(siteDir, 'build');
const bundle = path.join(siteDir, 'mcp/dist/vultus-docs-mcp.mjs');
const siteUrl = 'https://docs.vultus.example';
const read = (file: string): string => readFileSync(path.join(buildDir, file), 'utf8');
const htmlOf = (route: string): string => read(route === '/' ? 'index.html' : `${route.slice(1)}.html`);
const contract = parseYaml(read('openapi.yaml')) as {
  paths: Record<string, Record<string, {operationId?: string; 'x-doc-page'?: string}>>;
  'x-error-codes': {
    code: string;
    status: number | null;
    retryable: boolean;
    stored: boolean;
    message: string;
  }[];
  'x-decline-reasons': {
    code: string;
    decision: string;
    user_message: string;
    sandbox: string;
    on_premise: string[];
  }[];
};
const operations = Object.entries(contract.paths).flatMap(([route, item]) =>
  Object.entries(item).flatMap(([method, operation]) =>
    typeof operation === 'object' && operation.operationId
      ? [
          {
            method: method.toUpperCase(),
            path: route,
            id: operation.operationId,
            page: operation['x-doc-page'] ?? '',
          },
        ]
      : [],
  ),
);

let nginx: Server;
let client: Client;

type Answer = {text: string; isError: boolean; data: unknown};

async function call(name: string, args: Record<string, unknown>): Promise<Answer> {
  const result = await client.callTool({name, arguments: args});
  const content = result.content as {type: string; text: string}[];
  return {
    text: content.map((part) => part.text).join('\n'),
    isError: result.isError === true,
    data: result.structuredContent,
  };
}

before(async () => {
  // The bundle npm ci builds (mcp/package.json, prepare), built again from the sources under test.
  const built = spawnSync(process.execPath, ['mcp/build.mjs'], {cwd: siteDir, encoding: 'utf8'});
  assert.equal(built.status, 0, built.stderr);
  nginx = await startNginx(buildDir);
  client = new Client({name: 'vultus-docs-test', version: '1.0.0'});
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [bundle, '--site', nginx.baseUrl],
      stderr: 'pipe',
    }),
  );
});

after(async () => {
  await client?.close();
  await nginx?.stop();
});

test('the server names itself and its five tools, each with a description and an input schema', async () => {
  assert.equal(client.getServerVersion()?.name, 'vultus-docs');
  assert.match(client.getInstructions() ?? '', /search_docs/);
  const {tools} = await client.listTools();
  assert.deepEqual(tools.map((tool) => tool.name).sort(), [
    'get_error_code',
    'get_operation',
    'get_page',
    'list_pages',
    'search_docs',
  ]);
  for (const tool of tools) {
    assert.ok((tool.description ?? '').length > 40, `${tool.name}: a description`);
    assert.equal(tool.inputSchema.type, 'object', `${tool.name}: an input schema`);
  }
});

test('search_docs finds what the navbar box finds, in its order, for every query of the query sets', async () => {
  const engine = builtEngine(buildDir);
  let queries = 0;
  for (const set of querySets(siteDir)) {
    for (const {q} of readQueries(set.file)) {
      const expected = engine.search(q, 8).map((hit) => `${nginx.baseUrl}${hit.url}`);
      const {data, isError} = await call('search_docs', {query: q});
      assert.equal(isError, false, q);
      assert.deepEqual(
        (data as {results: {url: string}[]}).results.map((result) => result.url),
        expected,
        `${set.label}: ${q}`,
      );
      queries += 1;
    }
  }
  assert.ok(queries > 100, `${queries} queries`);
  // The filters of the search page: a kind and a deployment.
  const filtered = await call('search_docs', {query: 'port', kind: 'config-key', deployment: 'on-premise'});
  const filteredResults = (filtered.data as {results: {url: string; kind: string}[]}).results;
  assert.deepEqual(
    filteredResults.map((result) => result.url),
    engine
      .search('port', 8, {kind: 'config-key', deployment: 'on-premise'})
      .map((hit) => `${nginx.baseUrl}${hit.url}`),
  );
  assert.ok(filteredResults.length > 0);
  assert.ok(
    filteredResults.every(
      (result) => result.kind === 'config-key' && result.url.includes('/onprem-services/'),
    ),
  );
  // The status filter: only what is deprecated, each result saying so.
  const deprecated = await call('search_docs', {query: 'liveness model version', status: 'deprecated'});
  const deprecatedResults = (deprecated.data as {results: {url: string; deprecated: boolean}[]}).results;
  assert.deepEqual(
    deprecatedResults.map((result) => result.url),
    engine
      .search('liveness model version', 8, {status: 'deprecated'})
      .map((hit) => `${nginx.baseUrl}${hit.url}`),
  );
  assert.ok(deprecatedResults.length > 0, 'a deprecated model version is found');
  assert.ok(deprecatedResults.every((result) => result.deprecated));
  // The text a client shows the model says the same, for clients that read no structured content.
  const lines = deprecated.text.split('\n').filter((line) => /^\d+\. /.test(line));
  assert.equal(lines.length, deprecatedResults.length);
  for (const line of lines)
    assert.match(line, /\[[a-z-]+, deprecated\]$/, `the text names kind and status: ${line}`);
  assert.match(filtered.text.split('\n')[0] ?? '', /\[config-key\]$/, 'each text result names its kind');
  const badKind = await call('search_docs', {query: 'port', kind: 'recipe'});
  assert.equal(badKind.isError, true);
  assert.match(badKind.text, /Input validation error/);
  const limited = await call('search_docs', {query: 'webhook signature', limit: 3});
  assert.equal((limited.data as {results: unknown[]}).results.length, 3);
  assert.match(
    limited.text,
    /^1\. .+\n {3}http:\/\/127\.0\.0\.1:\d+\/\S+\n {3}Markdown: http:\/\/127\.0\.0\.1:\d+\/\S+\.md\n2\. /,
  );
});

test('list_pages lists every page of llms.txt, and get_page answers each with its Markdown version', async () => {
  const listed = [
    ...read('llms.txt').matchAll(/^- \[(.+?)\]\(https:\/\/docs\.vultus\.example(\S+?)\.md\): /gm),
  ];
  const {text} = await call('list_pages', {});
  assert.ok(listed.length > 30, `${listed.length} pages`);
  for (const [, title, file] of listed) {
    const route = file === '/index' ? '/' : (file ?? '');
    assert.ok(text.includes(`- ${title}: ${route} (${nginx.baseUrl}${route})`), `list_pages: ${route}`);
    const page = await call('get_page', {page: route});
    assert.equal(page.isError, false, route);
    assert.equal(page.text, read(`${file?.slice(1)}.md`), `get_page ${route}`);
  }
  // By its address, its Markdown address or its title.
  const auth = read('auth.md');
  for (const name of [`${siteUrl}/auth`, `${siteUrl}/auth.md`, '/auth/', 'Authentication']) {
    assert.equal((await call('get_page', {page: name})).text, auth, name);
  }
  const services = await call('list_pages', {section: 'services'});
  assert.match(services.text, /^## Services\n/);
  assert.doesNotMatch(services.text, /## General/);
});

test('get_operation answers every operation by its id and as METHOD /path: its reference and its contract', async () => {
  assert.ok(operations.length > 30, `${operations.length} operations`);
  for (const operation of operations) {
    const byId = await call('get_operation', {operation: operation.id});
    assert.equal(byId.isError, false, operation.id);
    const anchor = operationAnchor(operation.id);
    assert.ok(
      byId.text.includes(`Reference: ${nginx.baseUrl}${operation.page}#${anchor}`),
      `${operation.id}: reference`,
    );
    assert.ok(
      load(htmlOf(operation.page))(`[id="${anchor}"]`).length > 0,
      `${operation.page}#${anchor} exists`,
    );
    assert.match(
      byId.text,
      new RegExp(`\`${operation.method} \\S+${operation.path.replace(/[{}]/g, '\\$&')}\``),
      `${operation.id}: its endpoint line`,
    );
    const yaml = /```yaml\n([\s\S]*?)```$/.exec(byId.text)?.[1];
    assert.ok(yaml, `${operation.id}: its contract`);
    const slice = parseYaml(yaml) as {paths: Record<string, Record<string, {operationId?: string}>>};
    assert.equal(slice.paths[operation.path]?.[operation.method.toLowerCase()]?.operationId, operation.id);
    // Every $ref of the slice resolves inside it.
    for (const [, ref] of yaml.matchAll(/\$ref: "?#\/([^"\n]+)"?/g)) {
      const target = (ref ?? '')
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], slice);
      assert.ok(target, `${operation.id}: #/${ref} is in the slice`);
    }
    const byCall = await call('get_operation', {operation: `${operation.method} ${operation.path}`});
    assert.equal(byCall.text, byId.text, `${operation.method} ${operation.path}`);
  }
  // A path with a value in place of its parameter, and the API's base URL.
  const withValue = await call('get_operation', {
    operation: 'get https://api.vultus.example/v1/media/med_0123456789abcdefghijklmn',
  });
  assert.match(withValue.text, /^# GET \/media\/\{media_id\} \(getMedia\)/);
});

test('get_error_code answers every error code and decline reason of the catalogues, linked to its entry', async () => {
  for (const entry of contract['x-error-codes']) {
    const {text, isError} = await call('get_error_code', {code: entry.code});
    assert.equal(isError, false, entry.code);
    if (entry.status !== null)
      assert.ok(text.includes(`- HTTP status: ${entry.status}\n`), `${entry.code}: status`);
    assert.ok(text.includes(`- Retryable: ${entry.retryable ? 'yes' : 'no'}\n`), `${entry.code}: retryable`);
    assert.ok(
      text.includes(
        `replays it): ${entry.status === null ? 'not applicable (no request reached Vultus)' : entry.stored ? 'yes' : 'no'}\n`,
      ),
      `${entry.code}: whether a retry with its key replays it`,
    );
    assert.ok(text.includes(`- Message: ${entry.message}\n`), `${entry.code}: message`);
    assert.ok(
      text.includes(`${nginx.baseUrl}/responses#${errorAnchor(entry.code)}`),
      `${entry.code}: reference`,
    );
    assert.ok(
      load(htmlOf('/responses'))(`[id="${errorAnchor(entry.code)}"]`).length > 0,
      `${entry.code}: anchor exists`,
    );
  }
  for (const entry of contract['x-decline-reasons']) {
    const {text, isError} = await call('get_error_code', {code: entry.code.toLowerCase()});
    assert.equal(isError, false, entry.code);
    // A review's message is for the reviewer: the user sees your own neutral message.
    const label = entry.decision === 'review' ? 'Message (for your reviewer' : 'Message to show the user:';
    assert.ok(
      text.includes(`- ${label}`) && text.includes(`${entry.user_message}\n`),
      `${entry.code}: user message`,
    );
    assert.ok(
      text.includes(`- Trigger it in the sandbox: ${entry.sandbox}\n`),
      `${entry.code}: sandbox trigger`,
    );
    // Where it is raised on-premise, or that it is cloud only, as the catalogue says.
    const onPremise = /^- On-premise: (.*)$/m.exec(text)?.[1] ?? '';
    if (entry.on_premise.length === 0) assert.equal(onPremise, 'no, cloud only', `${entry.code}: cloud only`);
    else
      for (const container of entry.on_premise)
        assert.ok(onPremise.includes(container), `${entry.code}: ${container}`);
    const anchor = declineAnchor(entry.code);
    assert.ok(text.includes(`${nginx.baseUrl}/decline-reasons#${anchor}`), `${entry.code}: reference`);
    assert.ok(
      load(htmlOf('/decline-reasons'))(`[id="${anchor}"]`).length > 0,
      `${entry.code}: anchor exists`,
    );
  }
  assert.match(
    (await call('get_error_code', {code: '429 rate_limited'})).text,
    /^# rate_limited \(error code\)\n- HTTP status: 429/,
  );
});

test('a name the site lacks is answered with the nearest ones; bad input with a message, never a stack trace', async () => {
  const page = await call('get_page', {page: '/services/face-macth'});
  assert.equal(page.isError, true);
  assert.match(page.text, /^No page "\/services\/face-macth"\. Nearest pages: \/services\/face-match,/);
  const operation = await call('get_operation', {operation: 'matchFace'});
  assert.equal(operation.isError, true);
  assert.match(operation.text, /Nearest: matchFaces,/);
  const code = await call('get_error_code', {code: 'face.noface'});
  assert.equal(code.isError, true);
  assert.match(code.text, /Nearest: FACE\.NO_FACE,/);
  const section = await call('list_pages', {section: 'Tutorials'});
  assert.equal(section.isError, true);
  assert.match(section.text, /The sections: General, Services/);
  // A path outside the site is a page the site does not have, not a file of the machine.
  const outside = await call('get_page', {page: '../../../../etc/passwd'});
  assert.equal(outside.isError, true);
  assert.doesNotMatch(outside.text, /root:/);
  for (const [name, args] of [
    ['search_docs', {query: ''}],
    ['search_docs', {}],
    ['search_docs', {query: 'keys', limit: 500}],
    ['get_page', {page: 42}],
    ['get_operation', {}],
  ] as const) {
    const answer = await call(name, args);
    assert.equal(answer.isError, true, `${name} ${JSON.stringify(args)}`);
    assert.match(answer.text, /Input validation error/, `${name} ${JSON.stringify(args)}`);
    assert.doesNotMatch(answer.text, /\n\s+at /, 'no stack trace');
  }
  const nothing = await call('search_docs', {query: 'zzzqqqxxy'});
  assert.equal(nothing.isError, false);
  assert.equal(nothing.text, 'No results for "zzzqqqxxy". Try fewer or other words, or list_pages.');
  // A word near a word of the titles: the nearest terms, as the navbar box offers them.
  const near = await call('search_docs', {query: 'kyb'});
  assert.equal(near.isError, false);
  assert.equal(near.text, 'No results for "kyb". The nearest terms: "kyc".');
});

test('a deploy that replaces the index while the server runs: search_docs reads the index the site names now', async () => {
  // A copy of the site, served and searched once; then "deployed" again with its index under another
  // name (its old files gone), as a new build would write it.
  const dir = mkdtempSync(path.join(tmpdir(), 'vultus-mcp-deploy-'));
  cpSync(buildDir, dir, {recursive: true});
  const server = await startNginx(dir);
  const deployed = new Client({name: 'vultus-docs-test', version: '1.0.0'});
  try {
    await deployed.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bundle, '--site', server.baseUrl],
        stderr: 'pipe',
      }),
    );
    const search = async (query: string): Promise<{text: string; isError: boolean}> => {
      const result = await deployed.callTool({name: 'search_docs', arguments: {query}});
      const content = result.content as {type: string; text: string}[];
      return {text: content.map((part) => part.text).join('\n'), isError: result.isError === true};
    };
    assert.equal((await search('liveness')).isError, false);
    const old = indexHeadFile(dir);
    const renamed = old.replace(/^search-index-[0-9a-f]+/, 'search-index-0123456789ab');
    for (const file of readdirSync(dir).filter((name) => name.startsWith(old.replace(/\.json$/, ''))))
      renameSync(
        path.join(dir, file),
        path.join(dir, file.replace(old.replace(/\.json$/, ''), renamed.replace(/\.json$/, ''))),
      );
    await nameIndexInPages(dir, `/${old}`, `/${renamed}`);
    // A query that reads parts the first did not.
    const answer = await search('photo ID document verification');
    assert.equal(answer.isError, false, answer.text);
    assert.match(answer.text, /^1\. /m);
  } finally {
    await deployed.close();
    await server.stop();
    rmSync(dir, {recursive: true, force: true});
  }
});

test('from a build folder, the server reads the same files and links to the public site', async () => {
  const local = new Client({name: 'vultus-docs-test', version: '1.0.0'});
  await local.connect(
    new StdioClientTransport({command: process.execPath, args: [bundle, '--site', buildDir], stderr: 'pipe'}),
  );
  try {
    const result = await local.callTool({name: 'get_page', arguments: {page: '/requests'}});
    assert.equal((result.content as {text: string}[])[0]?.text, read('requests.md'));
    const search = await local.callTool({
      name: 'search_docs',
      arguments: {query: 'idempotency key', limit: 1},
    });
    assert.match(
      (search.content as {text: string}[])[0]?.text ?? '',
      /^1\. .+\n {3}https:\/\/docs\.vultus\.example\//,
    );
  } finally {
    await local.close();
  }
});

test('the command line says what it takes, and refuses an option it does not know', () => {
  const help = spawnSync(process.execPath, [bundle, '--help'], {encoding: 'utf8'});
  assert.equal(help.status, 0);
  assert.match(help.stdout, /--site/);
  const wrong = spawnSync(process.execPath, [bundle, '--sight', 'build'], {encoding: 'utf8'});
  assert.equal(wrong.status, 2);
  assert.match(wrong.stderr, /Unknown option '--sight'/);
  assert.doesNotMatch(wrong.stderr, /\n\s+at /);
});

test('the page for assistants documents the tools the server has and configurations that run it', async () => {
  const markdown = read('ai-assistants.md');
  const {tools} = await client.listTools();
  const documented = [...markdown.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1]).sort();
  assert.deepEqual(documented, tools.map((tool) => tool.name).sort(), 'the table of tools');
  // The filters of search_docs, as its input schema takes them.
  const search = tools.find((tool) => tool.name === 'search_docs');
  const properties = search?.inputSchema.properties as Record<string, {enum?: string[]}> | undefined;
  const searchRow = /^\| `search_docs` \|.*$/m.exec(markdown)?.[0] ?? '';
  for (const value of [
    ...(properties?.kind?.enum ?? []),
    ...(properties?.deployment?.enum ?? []),
    ...(properties?.status?.enum ?? []),
  ])
    assert.ok(searchRow.includes(`\`${value}\``), `the page names the search_docs filter value ${value}`);
  assert.ok((properties?.kind?.enum ?? []).length > 5, 'search_docs takes a kind');
  const manifest = JSON.parse(readFileSync(path.join(siteDir, 'mcp/package.json'), 'utf8')) as {
    name: string;
    version: string;
    bin: Record<string, string>;
  };
  // Each client's configuration parses and runs the package.
  const configs = [...markdown.matchAll(/```json title="[^"]+\.json"\n([\s\S]*?)```/g)].map(
    (match) =>
      JSON.parse(match[1] ?? '') as Record<string, Record<string, {command: string; args: string[]}>>,
  );
  assert.equal(configs.length, 2, 'Cursor and VS Code');
  for (const config of configs) {
    const server = Object.values(config)[0]?.['vultus-docs'];
    assert.deepEqual(
      [server?.command, ...(server?.args ?? [])],
      ['npx', '-y', `${manifest.name}@${manifest.version}`],
    );
  }
  assert.ok(
    markdown.includes(`claude mcp add vultus-docs -- npx -y ${manifest.name}@${manifest.version}`),
    'Claude Code, pinned',
  );
  // From a clone: the command the page gives is the workspace's bin, which npm ci links.
  const [bin] = Object.keys(manifest.bin);
  assert.ok(markdown.includes(`npx ${bin} --site build`), 'the command from a clone');
  const fromClone = spawnSync(path.join(siteDir, 'node_modules/.bin', bin ?? ''), ['--help'], {
    encoding: 'utf8',
  });
  assert.equal(fromClone.status, 0, fromClone.stderr);
});
