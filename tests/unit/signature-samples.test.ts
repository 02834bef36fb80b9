/**
 * The worked `Vultus-Signature` examples (the contract's `x-signature-test-vectors`, rendered
 * with `::signature-vector`) and every sample that signs or verifies: each webhook verifier on
 * the pages (a JavaScript or Python `verify…` function of a block that computes an HMAC, and the
 * shell check of a saved delivery) accepts the webhook vector and rejects a changed byte, a wrong
 * secret and a stale `t`; each request signer (the cURL, JavaScript and Python samples of request
 * signing) produces the request vector's header.
 *
 * Run: node --import tsx --test tests/unit/signature-samples.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {
  signatureHeader,
  signatureVector,
  type SignatureVector,
} from '../../plugins/vultus-contract/contract/signatures';
import {codeBlocks, renderedDocs, sources} from './helpers/pages';

const tolerance = 300;

/** The source of a JavaScript function declaration, from `function name(` to its closing brace. */
function jsFunction(source: string, name: string): {params: string[]; text: string} | undefined {
  const start = source.indexOf(`function ${name}(`);
  if (start < 0) return undefined;
  const open = source.indexOf('{', source.indexOf(')', start));
  let depth = 0;
  for (let at = open; at < source.length; at++) {
    if (source[at] === '{') depth += 1;
    if (source[at] === '}') depth -= 1;
    if (depth === 0) {
      const params = source
        .slice(source.indexOf('(', start) + 1, source.indexOf(')', start))
        .split(',')
        .map((param) => param.trim());
      return {params, text: source.slice(start, at + 1)};
    }
  }
  return undefined;
}

/** The source of a Python function, from `def name(` to the next line at column 0. */
function pyFunction(source: string, name: string): {params: string[]; text: string} | undefined {
  const start = source.indexOf(`def ${name}(`);
  if (start < 0) return undefined;
  const rest = source.slice(start);
  const end = rest.slice(1).search(/\n(?=\S)/);
  const text = end < 0 ? rest : rest.slice(0, end + 1);
  const params = (/\(([^)]*)\)/.exec(text)?.[1] ?? '')
    .split(',')
    .map((param) => param.split(':')[0]?.trim() ?? '');
  return {params, text};
}

function runNode(script: string, env: Record<string, string>): string {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: {...process.env, ...env},
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout.trim();
}

function runPython(script: string, env: Record<string, string>): string {
  const run = spawnSync('python3', ['-c', script], {encoding: 'utf8', env: {...process.env, ...env}});
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout.trim();
}

interface Case {
  name: string;
  header: string;
  body: string;
  now: number;
  secret: string;
}

/** What a verifier must answer: the vector, and three ways it must fail. */
function verifierCases(vector: SignatureVector): {cases: Case[]; expected: boolean[]} {
  const base = {header: vector.header, body: vector.body, now: vector.timestamp + 30, secret: vector.secret};
  return {
    cases: [
      {name: 'the vector', ...base},
      {name: 'one byte of the body changed', ...base, body: vector.body.replace('approved', 'approvee')},
      {name: 'another secret', ...base, secret: `${vector.secret}x`},
      {name: 't too old', ...base, now: vector.timestamp + tolerance + 60},
    ],
    expected: [true, false, false, false],
  };
}

/** The verifier functions of a sample: `verify…` functions of a block that computes an HMAC. */
function verifierName(source: string, pattern: RegExp): string | undefined {
  return /hmac/i.test(source) ? pattern.exec(source)?.[1] : undefined;
}

type VerifierFunction = {name: string; params: string[]; text: string};

/** A program that runs one verifier function on one case and prints its answer as JSON. */
type VerifierScript = (fn: VerifierFunction, call: string, entry: Case) => string;

const jsVerifierScript: VerifierScript = (fn, call, entry) => `
  import crypto, {createHmac, timingSafeEqual} from 'node:crypto';
  const secret = process.env.VULTUS_WEBHOOK_SECRET;
  const toleranceSeconds = ${tolerance};
  const TOLERANCE_SECONDS = ${tolerance};
  Date.now = () => ${entry.now * 1000};
  ${fn.text}
  const body = Buffer.from(${JSON.stringify(entry.body)}, 'utf8');
  const header = ${JSON.stringify(entry.header)};
  console.log(JSON.stringify(${call}));
`;

const pyVerifierScript: VerifierScript = (fn, call, entry) =>
  [
    'import hashlib, hmac, json, os, time',
    'SECRET = os.environ["VULTUS_WEBHOOK_SECRET"].encode()',
    `TOLERANCE_SECONDS = ${tolerance}`,
    `time.time = lambda: ${entry.now}`,
    fn.text,
    `body = ${JSON.stringify(entry.body)}.encode()`,
    `header = ${JSON.stringify(entry.header)}`,
    `print(json.dumps(bool(${call})))`,
  ].join('\n');

/** Runs a JavaScript or Python verifier on every case, the header and body in its parameter order. */
function runVerifier(
  language: 'javascript' | 'python',
  fn: VerifierFunction,
  vector: SignatureVector,
): boolean[] {
  const {cases} = verifierCases(vector);
  const call = /header/i.test(fn.params[0] ?? '') ? `${fn.name}(header, body)` : `${fn.name}(body, header)`;
  const [script, run] =
    language === 'javascript' ? [jsVerifierScript, runNode] : [pyVerifierScript, runPython];
  return cases.map(
    (entry) => JSON.parse(run(script(fn, call, entry), {VULTUS_WEBHOOK_SECRET: entry.secret})) as boolean,
  );
}

/**
 * A shell verifier reads a saved delivery (body.json, VULTUS_SIGNATURE) and acts on it only when
 * it is valid: run with `curl` and `jq` replaced, a valid delivery reaches `curl` and an invalid one
 * does not.
 */
function runShellVerifier(script: string, vector: SignatureVector): boolean[] {
  const {cases} = verifierCases(vector);
  return cases.map((entry) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vultus-verify-'));
    try {
      writeFileSync(path.join(dir, 'body.json'), entry.body);
      const prelude = [
        `date() { echo ${entry.now}; }`,
        'curl() { echo called >> curl-calls; }',
        'jq() { cat >/dev/null; echo jq; }',
      ].join('\n');
      spawnSync('bash', ['-c', `${prelude}\n${script}`], {
        cwd: dir,
        input: '',
        env: {...process.env, VULTUS_SIGNATURE: entry.header, VULTUS_WEBHOOK_SECRET: entry.secret},
      });
      return existsSync(path.join(dir, 'curl-calls'));
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
}

test('the pages show both signature vectors, with the header computed from their inputs', async () => {
  const contract = await sources.contract();
  const pages = await renderedDocs();
  for (const [kind, route] of [
    ['webhook', '/responses'],
    ['request', '/auth'],
  ] as const) {
    const vector = signatureVector(contract, kind);
    const page = pages.find((candidate) => candidate.route === route);
    assert.ok(page, `${route} is a docs page`);
    assert.ok(page.markdown.includes(vector.header), `${route} shows the ${kind} vector's header`);
    assert.ok(page.markdown.includes(vector.body), `${route} shows the ${kind} vector's raw body`);
    assert.ok(page.markdown.includes(vector.secret), `${route} shows the ${kind} vector's secret`);
    assert.equal(vector.header, signatureHeader(vector.secret, vector.timestamp, vector.body));
  }
});

test('every webhook verifier sample accepts the vector and rejects a changed byte, secret or t', async () => {
  const vector = signatureVector(await sources.contract(), 'webhook');
  const {cases, expected} = verifierCases(vector);
  const problems: string[] = [];
  let verifiers = 0;
  for (const page of await renderedDocs()) {
    for (const block of codeBlocks(page.tree)) {
      const where = `docs/${page.file}:${block.position?.start.line ?? '?'}`;
      const jsName = ['javascript', 'js', 'typescript', 'ts'].includes(block.lang ?? '')
        ? verifierName(block.value, /function (verify\w*)\(/)
        : undefined;
      const pyName = block.lang === 'python' ? verifierName(block.value, /def (verify\w*)\(/) : undefined;
      const js = jsName ? {name: jsName, ...jsFunction(block.value, jsName)} : undefined;
      const py = pyName ? {name: pyName, ...pyFunction(block.value, pyName)} : undefined;
      const shell =
        block.lang === 'bash' && /VULTUS_SIGNATURE/.test(block.value) && /openssl dgst/.test(block.value)
          ? block.value
          : undefined;
      if (!js?.text && !py?.text && !shell) continue;
      verifiers += 1;
      try {
        const answers = shell
          ? runShellVerifier(shell, vector)
          : js?.text
            ? runVerifier('javascript', js as VerifierFunction, vector)
            : runVerifier('python', py as VerifierFunction, vector);
        answers.forEach((answer, index) => {
          if (answer !== expected[index]) {
            problems.push(`${where}: ${cases[index]?.name}: answered ${String(answer)}`);
          }
        });
      } catch (error) {
        problems.push(`${where}: the verifier did not run: ${String(error).slice(0, 300)}`);
      }
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(verifiers >= 10, `only ${verifiers} verifier samples found`);
});

test('every request-signing sample produces the request vector’s header', async () => {
  const vector = signatureVector(await sources.contract(), 'request');
  const auth = (await renderedDocs()).find((page) => page.route === '/auth');
  assert.ok(auth);
  const produced: Record<string, string> = {};
  for (const block of codeBlocks(auth.tree)) {
    if (block.lang === 'javascript' && jsFunction(block.value, 'sign')) {
      const fn = jsFunction(block.value, 'sign');
      produced.javascript = runNode(
        `import {createHmac} from 'node:crypto';\nDate.now = () => ${vector.timestamp * 1000};\n${fn?.text}\nconsole.log(sign(${JSON.stringify(vector.body)}));`,
        {VULTUS_SIGNING_SECRET: vector.secret},
      );
    }
    if (block.lang === 'python' && pyFunction(block.value, 'sign')) {
      const fn = pyFunction(block.value, 'sign');
      produced.python = runPython(
        `import hashlib, hmac, os, time\ntime.time = lambda: ${vector.timestamp}\n${fn?.text}\nprint(sign(${JSON.stringify(vector.body)}.encode()))`,
        {VULTUS_SIGNING_SECRET: vector.secret},
      );
    }
    const shell = block.lang === 'bash' ? /^SIG=\$\(printf[^\n]*\)$/m.exec(block.value) : null;
    if (shell) {
      const run = spawnSync('bash', ['-c', `${shell[0]}\nprintf 't=%s,v1=%s' "$T" "$SIG"`], {
        encoding: 'utf8',
        env: {
          ...process.env,
          T: String(vector.timestamp),
          BODY: vector.body,
          VULTUS_SIGNING_SECRET: vector.secret,
        },
      });
      produced.curl = run.stdout.trim();
    }
  }
  assert.deepEqual(produced, {curl: vector.header, javascript: vector.header, python: vector.header});
});
