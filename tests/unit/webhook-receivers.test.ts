/**
 * Every webhook receiver on the site (a JavaScript or Python server sample that reads the
 * `Vultus-Signature` header, as the page renders it, whatever its route: one that answers every
 * path is a receiver too) acts on an event once, and acts on it again when acting failed, as
 * /responses › "Delivery and retries" promises:
 * - two concurrent deliveries of one event, then a third, act once;
 * - a delivery whose handler fails is answered with a non-2xx status, and Vultus's retry of the
 *   same event (same id) is acted on.
 *
 * Each receiver runs as written, on a free port in place of 3000. A receiver that calls the API
 * gets a stub of it (the contract's 200 example for each GET, slowed down so that the two
 * deliveries overlap); acting means reading the resource, and the stub fails one read on demand.
 * A receiver that does not call the API acts by printing the event; its handler fails on a
 * delivery of the event whose `data` is missing, and the retry carries the whole event.
 */
import {before, test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {Contract} from '../../plugins/vultus-contract/contract/contract';
import {signatureHeader} from '../../plugins/vultus-contract/contract/signatures';
import {freePort} from '../browser/nginx';
import {stopProcessGroup, waitForPort} from './helpers/processes';
import {operationCalled, operationMatchers} from './helpers/operations';
import {codeBlocks, renderedDocs, siteDir, sources} from './helpers/pages';

const apiBase = 'https://api.vultus.example/v1';
const secret = 'whsec_receiver_test';

/** A receiver, and the path deliveries go to: its `/webhooks/…` route, or any path when it has none. */
type Receiver = {where: string; language: 'javascript' | 'python'; source: string; path: string};

/** Every webhook receiver of the docs, as rendered. */
async function receivers(): Promise<Receiver[]> {
  const found: Receiver[] = [];
  for (const page of await renderedDocs()) {
    codeBlocks(page.tree).forEach((block, index) => {
      const language = block.lang;
      if (language !== 'javascript' && language !== 'python') return;
      if (!/vultus-signature/i.test(block.value)) return;
      if (!/\.listen\(|serve_forever\(|\bFlask\(/.test(block.value)) return;
      const route = /['"](\/webhooks\/[\w-]+)['"]/.exec(block.value)?.[1] ?? '/webhooks/vultus';
      found.push({
        where: `${page.route} ${language} block ${index + 1}`,
        language,
        source: block.value,
        path: route,
      });
    });
  }
  return found;
}

/** The contract's webhook examples by event type. */
function webhookExamples(contract: Contract): Map<string, Record<string, unknown>> {
  const examples = new Map<string, Record<string, unknown>>();
  for (const entry of contract.operations.values()) {
    if (!entry.webhook) continue;
    const content = (
      entry.operation.requestBody as
        {content?: Record<string, {examples?: Record<string, {value?: unknown}>}>} | undefined
    )?.content?.['application/json'];
    const [first] = Object.values(content?.examples ?? {});
    if (first?.value) examples.set(entry.path, first.value as Record<string, unknown>);
  }
  return examples;
}

/** The event the receiver acts on: the first event type it names, in the liveness mode it reads. */
function eventFor(receiver: Receiver, examples: Map<string, Record<string, unknown>>, id: string): object {
  const type = [...examples.keys()].find(
    (name) => receiver.source.includes(`'${name}'`) || receiver.source.includes(`"${name}"`),
  );
  const example = structuredClone(examples.get(type ?? '') ?? [...examples.values()][0]);
  assert.ok(example, 'contract/openapi.yaml: webhooks have examples');
  const mode = /mode(?:'\))? === '(\w+)'|get\("mode"\) == "(\w+)"/.exec(receiver.source);
  const object = (example.data as {object: Record<string, unknown>}).object;
  if (mode) object.mode = mode[1] ?? mode[2];
  return {...example, id};
}

/** A stub of the API: each GET answered with its operation's 200 example, after a pause; fails on demand. */
class ApiStub {
  server: Server | undefined;
  port = 0;
  reads = 0;
  failNext = 0;

  constructor(private readonly contract: Contract) {}

  async start(): Promise<void> {
    const matchers = operationMatchers(this.contract);
    this.port = await freePort();
    this.server = createServer((request, response) => {
      const apiPath = (request.url ?? '').replace(/^\/v1/, '').split('?')[0] ?? '';
      const entry = operationCalled(matchers, request.method ?? 'GET', apiPath);
      const media = (
        entry?.operation.responses?.['200'] as
          | {content?: Record<string, {example?: unknown; examples?: Record<string, {value?: unknown}>}>}
          | undefined
      )?.content?.['application/json'];
      const example = media?.example ?? Object.values(media?.examples ?? {})[0]?.value;
      setTimeout(() => {
        if (request.method !== 'GET' || example === undefined) {
          response.writeHead(404, {'Content-Type': 'application/json'}).end('{"error":{"code":"not_found"}}');
        } else if (this.failNext > 0) {
          this.failNext -= 1;
          response
            .writeHead(500, {'Content-Type': 'application/json'})
            .end(
              '{"error":{"code":"internal_error","message":"injected by the test","request_id":"req_test"}}',
            );
        } else {
          this.reads += 1;
          response.writeHead(200, {'Content-Type': 'application/json'}).end(JSON.stringify(example));
        }
      }, 300);
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Starts the receiver on a free port in a throwaway directory; its output is collected. */
async function startReceiver(
  receiver: Receiver,
  apiUrl: string,
): Promise<{port: number; child: ChildProcess; output: () => string; dir: string}> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vultus-receiver-'));
  symlinkSync(path.join(siteDir, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const port = await freePort();
  const source = receiver.source.replaceAll(apiBase, apiUrl).replace(/\b3000\b/g, String(port));
  let command: [string, string[]];
  if (receiver.language === 'javascript') {
    writeFileSync(path.join(dir, 'server.mjs'), source);
    command = [process.execPath, ['server.mjs']];
  } else {
    writeFileSync(path.join(dir, 'server.py'), source);
    command = /\bFlask\(/.test(source)
      ? ['python3', ['-m', 'flask', '--app', 'server', 'run', '--host', '127.0.0.1', '--port', String(port)]]
      : ['python3', ['server.py']];
  }
  const child = spawn(command[0], command[1], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: dir,
      LANG: 'C.UTF-8',
      PYTHONUNBUFFERED: '1',
      PYTHONDONTWRITEBYTECODE: '1',
      VULTUS_WEBHOOK_SECRET: secret,
      VULTUS_SECRET_KEY: 'sk_test_receiver',
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  if (!(await waitForPort(port, 15_000))) {
    stopProcessGroup(child);
    throw new Error(`${receiver.where}: did not listen on ${port}\n${output.slice(-2000)}`);
  }
  return {port, child, output: () => output, dir};
}

/** Delivers `body` signed as Vultus signs it; the status the receiver answered. */
async function deliver(port: number, route: string, body: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}${route}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Vultus-Signature': signatureHeader(secret, Math.floor(Date.now() / 1000), body),
    },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

let contract: Contract;
let all: Receiver[];

before(async () => {
  assert.equal(
    spawnSync('python3', ['-c', 'import flask, requests']).status,
    0,
    'python3 with flask and requests',
  );
  contract = await sources.contract();
  all = await receivers();
});

test('the site has webhook receivers in JavaScript and Python, with and without API calls', () => {
  assert.ok(all.some((receiver) => receiver.language === 'javascript' && receiver.source.includes(apiBase)));
  assert.ok(all.some((receiver) => receiver.language === 'python' && receiver.source.includes(apiBase)));
  assert.ok(all.some((receiver) => receiver.language === 'javascript' && !receiver.source.includes(apiBase)));
  assert.ok(all.some((receiver) => receiver.language === 'python' && !receiver.source.includes(apiBase)));
});

test(
  'every webhook receiver acts on an event once, and again after acting on it failed',
  {concurrency: 2},
  async (t) => {
    const examples = webhookExamples(contract);
    await Promise.all(
      all.map((receiver) =>
        t.test(receiver.where, async () => {
          const api = new ApiStub(contract);
          await api.start();
          const callsApi = receiver.source.includes(apiBase);
          const running = await startReceiver(receiver, `http://127.0.0.1:${api.port}/v1`);
          try {
            const once = eventFor(receiver, examples, 'evt_receiver_once');
            const printedId = String((once as {data: {object: {id: string}}}).data.object.id);
            /** How many times the receiver has acted: reads of the API, or events printed. */
            const acted = (): number => (callsApi ? api.reads : running.output().split(printedId).length - 1);
            /** Printed output reaches the test after the answer: wait for it before counting. */
            const settled = (): Promise<void> =>
              callsApi ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, 500));
            const context = () => `${receiver.where}\n--- output ---\n${running.output().slice(-2000)}`;

            const body = JSON.stringify(once);
            const statuses = await Promise.all([
              deliver(running.port, receiver.path, body),
              deliver(running.port, receiver.path, body),
            ]);
            assert.ok(
              statuses.includes(200),
              `the two concurrent deliveries answered ${statuses.join(', ')}\n${context()}`,
            );
            assert.equal(
              await deliver(running.port, receiver.path, body),
              200,
              `a repeat is acknowledged\n${context()}`,
            );
            await settled();
            assert.equal(acted(), 1, `acted once on one event delivered three times\n${context()}`);

            const failing = eventFor(receiver, examples, 'evt_receiver_retry');
            await settled();
            const before = acted();
            if (callsApi) api.failNext = 1;
            const failed = callsApi ? JSON.stringify(failing) : JSON.stringify({...failing, data: null});
            const first = await deliver(running.port, receiver.path, failed);
            assert.ok(
              first >= 300,
              `a delivery whose handler fails is not acknowledged (answered ${first})\n${context()}`,
            );
            assert.equal(
              await deliver(running.port, receiver.path, JSON.stringify(failing)),
              200,
              `the retry is acknowledged\n${context()}`,
            );
            await settled();
            assert.equal(acted(), before + 1, `the retry of a failed event is acted on\n${context()}`);
            assert.equal(await deliver(running.port, receiver.path, JSON.stringify(failing)), 200);
            await settled();
            assert.equal(acted(), before + 1, `and only once\n${context()}`);
          } finally {
            stopProcessGroup(running.child);
            await api.stop();
            rmSync(running.dir, {recursive: true, force: true});
          }
        }),
      ),
    );
  },
);
