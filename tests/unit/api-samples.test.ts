/**
 * Every code sample on the site that calls the API runs against a mock of the contract:
 * Stoplight Prism (`prism mock contract/openapi.yaml`, started here on 127.0.0.1 and a free port,
 * stopped at the end) behind a small recording proxy, so each request is counted against the
 * sample that sent it.
 *
 * Which samples run (the rule, not a list): every bash, JavaScript and Python block of a docs page,
 * as the site renders it (directives expanded), that holds an API base URL: a server of the
 * contract with its variables at their defaults (`https://api.vultus.example/v1`, the regional
 * hosts, the on-premise `http://localhost:8080/v1`), or any `<origin>/v1` followed by a path of
 * the contract (an on-premise server on the reader's own host). Every base URL is rewritten to
 * the proxy; a link to the reader's own app (`http://localhost:3000/…`) goes to a stub that
 * answers 200.
 * - A server (the block calls `.listen(`, `serve_forever(` or `Flask(`) starts on a free port in
 *   place of 3000 and gets a POST on each of its own routes (its path literals that are not API
 *   paths); a webhook route gets a correctly signed delivery. Then it is stopped. Routes that
 *   answer 404, 405 or 501 are not POST routes and are skipped.
 * - Every other block is a client and runs to its end: bash with `set -euo pipefail` and
 *   `docker` as a no-op (the mock stands in for the containers), Node 20 as an ES module,
 *   python3 with requests.
 * Each gets the environment variables it reads (`sampleEnv`, and `SIGNATURE`/`VULTUS_SIGNATURE`
 * for a saved delivery), an 8×8 JPEG under every image name it mentions, and `event.json` and
 * `body.json` holding a contract webhook example (the first event whose resource, such as
 * `/liveness` or `/aml`, the block calls). A block in `notRun` is skipped, with the reason.
 *
 * A sample fails when it exits non-zero or runs past 20 s, makes no API call, sends a request the
 * contract does not allow or gets a response that does not match it (Prism's `sl-violations`:
 * path, method, parameters, headers, security, body), or gets an answer that is not 2xx. Prism
 * answers a valid request with the operation's first 2xx example, so a sample sees another status
 * only when its request is wrong. The failure names the page, the language, the block's position
 * on the page, its first line, and each violation with the sample's output.
 *
 * Needs curl, jq, openssl, uuidgen (Debian's uuid-runtime), python3 with requests and flask
 * (.ci/run installs them).
 * Run: node --import tsx --test tests/unit/api-samples.test.ts
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createServer, request as httpRequest, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {availableParallelism, tmpdir} from 'node:os';
import path from 'node:path';
import {type Contract} from '../../plugins/vultus-contract/contract/contract';
import {signatureHeader, signatureVector} from '../../plugins/vultus-contract/contract/signatures';
import {freePort} from '../browser/nginx';
import {startPrism, type Prism} from './helpers/prism';
import {stopProcessGroup, waitForPort} from './helpers/processes';
import {operationCalled, operationMatchers, type OperationMatcher} from './helpers/operations';
import {codeBlocks, renderedDocs, siteDir, sources} from './helpers/pages';

type Language = 'bash' | 'javascript' | 'python';
const languages: Record<string, Language> = {
  bash: 'bash',
  sh: 'bash',
  shell: 'bash',
  javascript: 'javascript',
  js: 'javascript',
  python: 'python',
  py: 'python',
};

/**
 * Blocks that call the API but cannot run against a mock, each with the reason. `contains` is a
 * piece of the block's text; an entry that matches no block fails the test, so the list cannot go
 * stale.
 */
const notRun: Array<{route: string; language: Language; contains: string; why: string}> = [];

/** The values of the environment variables the samples read. */
const sampleEnv: Record<string, string> = {
  VULTUS_SECRET_KEY: 'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
  // The on-premise server's static key (`VULTUS_API_KEY`).
  VULTUS_API_KEY: 'onprem_key_7Qm2Xv9LsT4pW8kR1nB6',
  // An id a sample takes from an earlier step of the reader's own integration.
  COLLECTION_ID: 'col_oXl4sEjruLMazWAm1h6xdW2V',
  REFERENCE_MEDIA_ID: 'med_8f3KqP2xLm9VtR4sWz7YbN1c',
  // Your reviewer's verdict on a flagged duplicate: the deduplication sample resolves only on it.
  REVIEWER_VERDICT: 'not-duplicate',
};
/** Set per sample: the `Vultus-Signature` of the saved delivery in event.json and body.json. */
const signatureNames = ['SIGNATURE', 'VULTUS_SIGNATURE'];
/** Set from the contract's `x-signature-test-vectors`. */
const secretNames = ['VULTUS_SIGNING_SECRET', 'VULTUS_WEBHOOK_SECRET'];
/** Read by bash itself, never a sample's input. */
const shellNames = new Set(['HOME', 'PATH', 'PWD', 'RANDOM', 'SECONDS', 'UID', 'EPOCHSECONDS']);

/** An 8×8 grey baseline JPEG (decodable; the mock does not look inside). */
const jpeg = Buffer.from(
  '/9j/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/' +
    'wAALCAAIAAgBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AP//Z',
  'base64',
);

const sampleTimeoutMs = 20_000;
// Twice the cores: a sample spends most of its time waiting for the mock.
const concurrency = 2 * availableParallelism();

interface Sample {
  id: number;
  route: string;
  file: string;
  /** 1-based position among the page's code blocks. */
  position: number;
  language: Language;
  source: string;
  server: boolean;
}

interface Violation {
  location: string[];
  severity: string;
  message: string;
}

interface Call {
  method: string;
  path: string;
  status: number;
  violations: Violation[];
}

// ---------------------------------------------------------------- the contract

interface Api {
  contract: Contract;
  /** Path templates split into segments, `{param}` kept as it is. */
  templates: string[][];
  /** The operation a request calls (helpers/operations). */
  matchers: OperationMatcher[];
  /** The base URLs of the contract's servers, variables at their defaults. */
  servers: string[];
  /** Webhook examples in contract order: event type and compact JSON body. */
  events: Array<{type: string; body: string}>;
  webhookSecret: string;
  signingSecret: string;
}

async function loadApi(): Promise<Api> {
  const contract = await sources.contract();
  const servers = new Set<string>();
  const addServer = (server: {url: string; variables?: Record<string, {default: string}>}) =>
    servers.add(
      server.url.replace(/\{(\w+)\}/g, (_, name: string) => server.variables?.[name]?.default ?? name),
    );
  contract.document.servers.forEach(addServer);
  const templates: string[][] = [];
  const events: Api['events'] = [];
  for (const entry of contract.operations.values()) {
    const operation = entry.operation as typeof entry.operation & {
      servers?: Parameters<typeof addServer>[0][];
    };
    operation.servers?.forEach(addServer);
    if (!entry.webhook) {
      templates.push(entry.path.split('/'));
      continue;
    }
    const content = (
      entry.operation.requestBody as
        {content?: Record<string, {examples?: Record<string, {value?: unknown}>}>} | undefined
    )?.content?.['application/json'];
    for (const example of Object.values(content?.examples ?? {})) {
      if (example.value !== undefined) events.push({type: entry.path, body: JSON.stringify(example.value)});
    }
  }
  return {
    contract,
    templates,
    matchers: operationMatchers(contract),
    servers: [...servers],
    events,
    webhookSecret: signatureVector(contract, 'webhook').secret,
    signingSecret: signatureVector(contract, 'request').secret,
  };
}

/** Whether a URL path (`/collections/$COLLECTION_ID/faces`) is a path of the contract. */
function isApiPath(api: Api, urlPath: string): boolean {
  const segments = urlPath.replace(/\/$/, '').split('/');
  return api.templates.some(
    (template) =>
      template.length === segments.length &&
      template.every(
        (part, index) =>
          part === segments[index] || part.startsWith('{') || /[$]/.test(segments[index] ?? ''),
      ),
  );
}

/** Every API base URL in a block: the contract's servers, and origins followed by a contract path. */
function baseUrls(api: Api, source: string): string[] {
  const found = new Set(api.servers.filter((server) => source.includes(server)));
  for (const match of source.matchAll(/(https?:\/\/[A-Za-z0-9.-]+(?::\d+)?\/v1)(\/[^\s'"`?\\)]*)/g)) {
    if (isApiPath(api, match[2] ?? '')) found.add(match[1] ?? '');
  }
  return [...found].sort((a, b) => b.length - a.length);
}

// ---------------------------------------------------------------- the samples

async function collectSamples(api: Api): Promise<{samples: Sample[]; skipped: Set<string>}> {
  const samples: Sample[] = [];
  const skipped = new Set<string>();
  for (const page of await renderedDocs()) {
    codeBlocks(page.tree).forEach((block, index) => {
      const language = languages[block.lang ?? ''];
      if (!language || baseUrls(api, block.value).length === 0) return;
      const exception = notRun.find(
        (entry) =>
          entry.route === page.route && entry.language === language && block.value.includes(entry.contains),
      );
      if (exception) {
        skipped.add(JSON.stringify(exception));
        return;
      }
      samples.push({
        id: samples.length,
        route: page.route,
        file: `docs/${page.file}`,
        position: index + 1,
        language,
        source: block.value,
        server: /\.listen\(|serve_forever\(|\bFlask\(/.test(block.value),
      });
    });
  }
  return {samples, skipped};
}

const firstLine = (source: string): string => {
  const line = source.split('\n').find((candidate) => candidate.trim() !== '') ?? '';
  return line.length > 80 ? `${line.slice(0, 77)}...` : line;
};

const where = (sample: Sample): string =>
  `${sample.route} (${sample.file}), ${sample.language}${sample.server ? ' server' : ''}, code block ${sample.position}: ${firstLine(sample.source)}`;

/** The environment variables a block reads and does not set itself; optional reads excluded. */
function envNames(sample: Sample): string[] {
  const names = new Set<string>();
  const {source} = sample;
  if (sample.language === 'javascript') {
    for (const match of source.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)\b(?!\s*\?\?)/g))
      names.add(match[1] ?? '');
  } else if (sample.language === 'python') {
    for (const match of source.matchAll(/os\.environ\[\s*["']([A-Z][A-Z0-9_]*)["']\s*\]/g))
      names.add(match[1] ?? '');
  } else {
    const assigned = new Set(
      [
        ...source.matchAll(
          /(?:^|[\s;(])(?:export\s+|local\s+)?([A-Z][A-Z0-9_]*)=|\bfor\s+([A-Z][A-Z0-9_]*)\s+in\b/gm,
        ),
      ].map((match) => match[1] ?? match[2] ?? ''),
    );
    // Single-quoted text is literal to the shell (awk's $NF, jq's $img).
    for (const match of source.replace(/'[^']*'/g, "''").matchAll(/\$\{?([A-Z][A-Z0-9_]*)/g)) {
      const name = match[1] ?? '';
      if (!assigned.has(name) && !shellNames.has(name)) names.add(name);
    }
  }
  return [...names].sort();
}

/** The webhook example a sample that handles deliveries gets: the first whose resource it calls. */
function eventFor(api: Api, source: string): {type: string; body: string} {
  const event = api.events.find(({type}) => source.includes(`/${type.split('.')[0] ?? ''}`)) ?? api.events[0];
  assert.ok(event, 'contract/openapi.yaml: webhooks have examples');
  return event;
}

// ---------------------------------------------------------------- processes

interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  output: string;
}

/** Starts a command in its own process group; `done` resolves when it exits (or is killed). */
function start(
  command: string,
  args: string[],
  options: {cwd: string; env: Record<string, string>; timeoutMs: number},
): {child: ChildProcess; done: Promise<Ran>} {
  const child = spawn(command, args, {cwd: options.cwd, env: options.env, detached: true});
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    stopProcessGroup(child, 'SIGKILL');
  }, options.timeoutMs);
  const done = new Promise<Ran>((resolve) => {
    child.on('error', (error) => {
      output += `\n${error.message}`;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({code, signal, timedOut, output});
    });
  });
  return {child, done};
}

function baseEnv(dir: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: dir,
    LANG: 'C.UTF-8',
    PYTHONUNBUFFERED: '1',
    PYTHONDONTWRITEBYTECODE: '1',
  };
}

// ---------------------------------------------------------------- the mock and the proxy

let prism: Prism | undefined;
let proxy: Server | undefined;
let proxyUrl = '';
const calls = new Map<number, Call[]>();
const appCalls = new Map<number, number>();

/**
 * The file parts of a multipart body whose Content-Type the operation's `encoding` does not allow.
 * Prism 5.16 does not check `encoding`, and a part without a Content-Type makes it exit
 * (parse-multipart-data), so the proxy checks the parts itself. `missing` is true when such a
 * part has no Content-Type at all: that body is not sent on to Prism.
 */
function multipartViolations(
  api: Api,
  method: string,
  urlPath: string,
  contentType: string,
  body: Buffer,
): {violations: Violation[]; missing: boolean} {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/.exec(contentType);
  const media = operationCalled(api.matchers, method, urlPath.split('?')[0] ?? '')?.operation.requestBody
    ?.content?.['multipart/form-data'] as {encoding?: Record<string, {contentType?: string}>} | undefined;
  const violations: Violation[] = [];
  let missing = false;
  if (!boundary) return {violations, missing};
  for (const part of body.toString('latin1').split(`--${boundary[1] ?? boundary[2] ?? ''}`)) {
    const head = part.slice(0, Math.max(0, part.indexOf('\r\n\r\n')));
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (!name || !/filename=/i.test(head)) continue;
    const type = /^content-type:\s*([^\r\n;]+)/im.exec(head)?.[1]?.trim().toLowerCase();
    const allowed = media?.encoding?.[name]?.contentType
      ?.split(',')
      .map((value) => value.trim().toLowerCase());
    if (!type) missing = true;
    if (!type || (allowed && !allowed.includes(type))) {
      violations.push({
        location: ['request', 'body', name],
        severity: 'Error',
        message: `file part sent ${type ? `as ${type}` : 'without a Content-Type'}; the contract's encoding is ${allowed?.join(', ') ?? 'unspecified'}`,
      });
    }
  }
  return {violations, missing};
}

/**
 * A POST to an operation that takes `Idempotency-Key` without one: the samples teach the rule of
 * /requests, "Idempotency-Key on every POST", so none may leave it out (a sandbox loop included).
 */
function idempotencyViolations(
  api: Api,
  method: string,
  urlPath: string,
  headers: Record<string, string | string[] | undefined>,
): Violation[] {
  if (method !== 'POST' || headers['idempotency-key']) return [];
  const operation = operationCalled(api.matchers, method, urlPath.split('?')[0] ?? '')?.operation;
  const takesKey = JSON.stringify(operation?.parameters ?? []).includes('"Idempotency-Key"');
  return takesKey
    ? [
        {
          location: ['request', 'header', 'Idempotency-Key'],
          severity: 'Error',
          message: 'a POST without Idempotency-Key',
        },
      ]
    : [];
}

function record(id: number, call: Call): void {
  const list = calls.get(id) ?? [];
  list.push(call);
  calls.set(id, list);
}

/**
 * Forwards `/s<id>/<path>` to Prism as `/<path>` and records the answer against sample <id>;
 * answers `/s<id>/app/<path>` (the reader's own app) with 200.
 */
async function startProxy(api: Api, prismPort: number): Promise<void> {
  proxy = createServer((request, response) => {
    const match = /^\/s(\d+)(\/app)?(\/.*)?$/.exec(request.url ?? '');
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (!match) {
        response.writeHead(404).end();
        return;
      }
      const id = Number(match[1]);
      if (match[2]) {
        appCalls.set(id, (appCalls.get(id) ?? 0) + 1);
        response.writeHead(200, {'Content-Type': 'application/json'}).end('{"received":true}');
        return;
      }
      const rest = match[3] ?? '/';
      const method = request.method ?? 'GET';
      const body = Buffer.concat(chunks);
      const contentType = request.headers['content-type'] ?? '';
      const multipart = /^multipart\/form-data/i.test(contentType)
        ? multipartViolations(api, method, rest, contentType, body)
        : {violations: [], missing: false};
      if (multipart.missing) {
        record(id, {method, path: rest, status: 400, violations: multipart.violations});
        response.writeHead(400, {'Content-Type': 'application/json'}).end(
          JSON.stringify({
            error: {
              type: 'invalid_request_error',
              code: 'parameter_invalid',
              message: 'file part without a Content-Type',
              param: 'file',
              retryable: false,
              request_id: 'req_proxy',
              doc_url: null,
            },
          }),
        );
        return;
      }
      const upstream = httpRequest(
        {host: '127.0.0.1', port: prismPort, method, path: rest, headers: request.headers},
        (answer) => {
          const violations = [
            ...multipart.violations,
            ...idempotencyViolations(api, method, rest, request.headers),
          ];
          const header = answer.headers['sl-violations'];
          if (typeof header === 'string') {
            try {
              violations.push(...(JSON.parse(header) as Violation[]));
            } catch {
              violations.push({location: ['mock'], severity: 'Error', message: header});
            }
          }
          record(id, {method, path: rest, status: answer.statusCode ?? 0, violations});
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', (error) => {
        const exited = prism?.process.exitCode !== null || prism?.process.signalCode !== null;
        const message = exited
          ? `the mock exited on this or a concurrent request:\n${prism?.log().slice(-3000) ?? ''}`
          : error.message;
        record(id, {
          method,
          path: rest,
          status: 0,
          violations: [{location: ['mock'], severity: 'Error', message}],
        });
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy?.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

// ---------------------------------------------------------------- running one sample

/** The sample's text with every API base URL, and the reader's own app, pointed at the proxy. */
function rewrite(api: Api, sample: Sample): string {
  let code = sample.source;
  for (const base of baseUrls(api, code)) code = code.replaceAll(base, `${proxyUrl}/s${sample.id}`);
  if (!sample.server) code = code.replace(/http:\/\/localhost:3000(?=\/)/g, `${proxyUrl}/s${sample.id}/app`);
  return code;
}

function prepare(api: Api, sample: Sample, dir: string): Record<string, string> {
  const provided = new Set([...Object.keys(sampleEnv), ...signatureNames, ...secretNames]);
  const missing = envNames(sample).filter((name) => !provided.has(name));
  assert.deepEqual(
    missing,
    [],
    `${where(sample)}\nreads environment variables this test does not provide: add them to sampleEnv`,
  );
  for (const match of sample.source.matchAll(/[\w-]+\.(?:jpe?g)\b/g))
    writeFileSync(path.join(dir, match[0]), jpeg);
  const event = eventFor(api, sample.source);
  writeFileSync(path.join(dir, 'event.json'), event.body);
  writeFileSync(path.join(dir, 'body.json'), event.body);
  const signature = signatureHeader(api.webhookSecret, Math.floor(Date.now() / 1000), event.body);
  return {
    ...baseEnv(dir),
    ...sampleEnv,
    VULTUS_SIGNING_SECRET: api.signingSecret,
    VULTUS_WEBHOOK_SECRET: api.webhookSecret,
    ...Object.fromEntries(signatureNames.map((name) => [name, signature])),
  };
}

const bashPrelude = [
  'set -euo pipefail',
  // The install samples start containers; here the mock is the server they start.
  'docker() { echo "docker $1: not run, the mock answers instead" >&2; }',
  '',
].join('\n');

function clientCommand(sample: Sample, code: string, dir: string): [string, string[]] {
  if (sample.language === 'bash') {
    writeFileSync(path.join(dir, 'sample.sh'), bashPrelude + code);
    return ['bash', ['sample.sh']];
  }
  if (sample.language === 'javascript') {
    writeFileSync(path.join(dir, 'sample.mjs'), code);
    return [process.execPath, ['sample.mjs']];
  }
  writeFileSync(path.join(dir, 'sample.py'), code);
  return ['python3', ['sample.py']];
}

/** Runs a server sample: starts it, POSTs to each of its routes, stops it. */
async function runServer(api: Api, sample: Sample, code: string, dir: string, env: Record<string, string>) {
  const port = await freePort();
  const source = code.replace(/\b3000\b/g, String(port));
  let command: [string, string[]];
  if (sample.language === 'javascript') {
    writeFileSync(path.join(dir, 'server.mjs'), source);
    command = [process.execPath, ['server.mjs']];
  } else if (/\bFlask\(/.test(source)) {
    writeFileSync(path.join(dir, 'server.py'), source);
    command = [
      'python3',
      ['-m', 'flask', '--app', 'server', 'run', '--host', '127.0.0.1', '--port', String(port)],
    ];
  } else {
    writeFileSync(path.join(dir, 'server.py'), source);
    command = ['python3', ['server.py']];
  }
  const {child, done} = start(command[0], command[1], {cwd: dir, env, timeoutMs: sampleTimeoutMs});
  const problems: string[] = [];
  try {
    if (!(await waitForPort(port, 15_000, done))) {
      problems.push(`did not listen on the port that replaces 3000 (${port})`);
      return problems;
    }
    const routes = [
      ...new Set(
        [...sample.source.matchAll(/(['"])(\/[A-Za-z0-9_\-/]+)\1/g)]
          .map((match) => match[2] ?? '')
          .filter((route) => !isApiPath(api, route)),
      ),
    ];
    let served = 0;
    for (const route of routes) {
      const headers: Record<string, string> = {};
      let body = '';
      if (/webhook/.test(route)) {
        body = eventFor(api, sample.source).body;
        headers['Content-Type'] = 'application/json';
        headers['Vultus-Signature'] = signatureHeader(api.webhookSecret, Math.floor(Date.now() / 1000), body);
      }
      const answer = await fetch(`http://127.0.0.1:${port}${route}`, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
      });
      await answer.arrayBuffer();
      if ([404, 405, 501].includes(answer.status)) continue;
      if (answer.status >= 400)
        problems.push(`POST ${route} (the sample's own route) answered ${answer.status}`);
      else served += 1;
    }
    if (served === 0) problems.push(`answered none of its routes with success: ${routes.join(', ')}`);
  } finally {
    stopProcessGroup(child);
  }
  const ran = await done;
  if (problems.length > 0) problems.push(`--- output ---\n${ran.output.slice(-3000)}`);
  return problems;
}

async function runClient(sample: Sample, code: string, dir: string, env: Record<string, string>) {
  const [command, args] = clientCommand(sample, code, dir);
  const ran = await start(command, args, {cwd: dir, env, timeoutMs: sampleTimeoutMs}).done;
  const problems: string[] = [];
  if (ran.timedOut) problems.push(`ran past ${sampleTimeoutMs / 1000} s`);
  else if (ran.code !== 0) problems.push(`exited with ${ran.code ?? ran.signal}`);
  if (problems.length > 0) problems.push(`--- output ---\n${ran.output.slice(-3000)}`);
  return problems;
}

async function runSample(api: Api, sample: Sample): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vultus-api-sample-'));
  try {
    const env = prepare(api, sample, dir);
    const code = rewrite(api, sample);
    const problems = sample.server
      ? await runServer(api, sample, code, dir, env)
      : await runClient(sample, code, dir, env);
    const made = calls.get(sample.id) ?? [];
    const requestProblems = made.flatMap((call) => {
      const lines: string[] = [];
      if (call.status < 200 || call.status > 299)
        lines.push(`${call.method} ${call.path}: the mock answered ${call.status}`);
      for (const violation of call.violations) {
        lines.push(`${call.method} ${call.path}: ${violation.location.join('.')}: ${violation.message}`);
      }
      return lines;
    });
    if (made.length === 0) problems.unshift('made no API call');
    problems.unshift(...[...new Set(requestProblems)]);
    if (problems.length > 0) assert.fail(`${where(sample)}\n${problems.join('\n')}`);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

// ---------------------------------------------------------------- the tests

let api: Api;
let collected: {samples: Sample[]; skipped: Set<string>};

before(async () => {
  const tools = ['curl', 'jq', 'openssl', 'uuidgen'].filter(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
  );
  const modules = ['requests', 'flask'].filter(
    (name) => spawnSync('python3', ['-c', `import ${name}`]).status !== 0,
  );
  assert.deepEqual(
    [...tools, ...modules.map((name) => `python3 ${name}`)],
    [],
    'tools the samples need (.ci/run installs them)',
  );
  const [started] = await Promise.all([
    startPrism(path.join(siteDir, 'contract/openapi.yaml'), siteDir),
    (async () => {
      api = await loadApi();
      collected = await collectSamples(api);
    })(),
  ]);
  prism = started;
  await startProxy(api, started.port);
});

after(async () => {
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  await prism?.stop();
});

test('the rule finds cURL, JavaScript and Python clients and servers, and every exception still matches a block', () => {
  const {samples, skipped} = collected;
  for (const language of ['bash', 'javascript', 'python'] as const) {
    assert.ok(
      samples.some((sample) => sample.language === language && !sample.server),
      `${language} clients`,
    );
  }
  assert.ok(
    samples.some((sample) => sample.server),
    'server samples',
  );
  const stale = notRun.filter((entry) => !skipped.has(JSON.stringify(entry)));
  assert.deepEqual(stale, [], 'exceptions in notRun that match no block: remove them');
});

test(
  'every API-calling sample runs against the Prism mock of the contract without a violation',
  {concurrency},
  async (t) => {
    await Promise.all(
      collected.samples.map((sample) =>
        t.test(`${sample.route} ${sample.language} #${sample.position}: ${firstLine(sample.source)}`, () =>
          runSample(api, sample),
        ),
      ),
    );
  },
);
