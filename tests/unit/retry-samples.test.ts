/**
 * The retry samples of /requests (cURL, JavaScript, Python) run against a local server that
 * plays the network: a proxy's 502 with an HTML body, then the answer. Each sample must retry
 * the 502 with the same Idempotency-Key and print the result, and must stop at once on an error
 * whose `retryable` is false.
 *
 * Run: node --import tsx --test tests/unit/retry-samples.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {apiBaseUrl} from '../../config/links';
import {codeBlocks, renderedDocs} from './helpers/pages';

const run = promisify(execFile);

type Reply = {status: number; type: string; body: string};
const proxy502: Reply = {status: 502, type: 'text/html', body: '<html><body>502 Bad Gateway</body></html>'};
const matched: Reply = {
  status: 200,
  type: 'application/json',
  body: JSON.stringify({object: 'face_match', result: {decision: 'approved', score: 0.97}}),
};
const invalid: Reply = {
  status: 400,
  type: 'application/json',
  body: JSON.stringify({
    error: {
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      message: 'source.media_id is not a media id.',
      param: 'source.media_id',
      retryable: false,
      request_id: 'req_test',
      doc_url: 'https://docs.vultus.example/responses#error-parameter-invalid',
    },
  }),
};

/** Serves `replies` in order on 127.0.0.1 and a free port; records each request's idempotency key. */
async function withServer<T>(
  replies: Reply[],
  use: (base: string, keys: string[]) => Promise<T>,
): Promise<T> {
  const keys: string[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      keys.push(String(request.headers['idempotency-key'] ?? ''));
      const reply = replies[Math.min(keys.length - 1, replies.length - 1)] as Reply;
      response.writeHead(reply.status, {'Content-Type': reply.type}).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const {port} = server.address() as AddressInfo;
    return await use(`http://127.0.0.1:${port}/v1`, keys);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

async function samples(): Promise<Record<'bash' | 'javascript' | 'python', string>> {
  const page = (await renderedDocs()).find((candidate) => candidate.route === '/requests');
  assert.ok(page, 'docs/requests.md');
  const found: Partial<Record<'bash' | 'javascript' | 'python', string>> = {};
  for (const block of codeBlocks(page.tree)) {
    if (block.lang === 'bash' && /for ATTEMPT in/.test(block.value)) found.bash = block.value;
    if (block.lang === 'javascript' && /function postWithRetry/.test(block.value))
      found.javascript = block.value;
    if (block.lang === 'python' && /def post_with_retry/.test(block.value)) found.python = block.value;
  }
  assert.ok(found.bash && found.javascript && found.python, 'the three retry samples of /requests');
  return found as Record<'bash' | 'javascript' | 'python', string>;
}

/** Runs one sample with the API base pointed at `base`; resolves to its output, or its error. */
async function runSample(
  language: 'bash' | 'javascript' | 'python',
  source: string,
  base: string,
): Promise<string> {
  const code = source.replaceAll(`${apiBaseUrl}/v1`, base);
  const env = {...process.env, VULTUS_SECRET_KEY: 'sk_test_retry'};
  const dir = mkdtempSync(path.join(tmpdir(), 'vultus-retry-'));
  try {
    const [file, args] =
      language === 'bash'
        ? [
            'bash',
            ['-c', `sleep() { :; }\nuuidgen() { echo 3f0c2a4e-5b1d-4c7a-9e2f-8a6b1c0d9e7f; }\n${code}`],
          ]
        : language === 'javascript'
          ? [process.execPath, ['--input-type=module', '-e', code]]
          : ['python3', ['-c', code]];
    const {stdout, stderr} = await run(file, args as string[], {cwd: dir, env, timeout: 20_000});
    return `${stdout}${stderr}`;
  } catch (error) {
    const failed = error as {stdout?: string; stderr?: string};
    return `FAILED ${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

for (const language of ['bash', 'javascript', 'python'] as const) {
  test(`${language}: the retry sample retries a proxy's 502 with the same key, and stops on a non-retryable error`, async () => {
    const source = (await samples())[language];
    await withServer([proxy502, matched], async (base, keys) => {
      const output = await runSample(language, source, base);
      assert.doesNotMatch(output, /^FAILED/, output);
      assert.match(output, /approved/, 'prints the result');
      assert.equal(keys.length, 2, 'one retry');
      assert.equal(new Set(keys).size, 1, 'the same Idempotency-Key on every attempt');
      assert.ok((keys[0] ?? '').length >= 16, 'an idempotency key is sent');
    });
    await withServer([invalid, matched], async (base, keys) => {
      const output = await runSample(language, source, base);
      assert.match(output, /parameter_invalid/, 'reports the error');
      assert.equal(keys.length, 1, 'no retry of a non-retryable error');
    });
  });
}
