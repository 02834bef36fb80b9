/**
 * The pages and the contract agree: every JSON example validates against the schema it
 * claims, every operation is documented on exactly one page (its x-doc-page), every
 * decline and error code appears in its table, cURL samples are valid shell and call
 * paths that exist, and no page carries placeholder words.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {type Contract} from '../../plugins/vultus-contract/contract/contract';
import {codeBlocks, listMarkdown, metaValue, renderedDocs, siteDir, sources} from './helpers/pages';
import {operationCalled, operationMatchers} from './helpers/operations';

async function contract(): Promise<Contract> {
  return sources.contract();
}

function validatorFor(doc: Contract): (schema: string, value: unknown) => string[] {
  // OpenAPI's discriminator is a hint for code generators; oneOf already says what is valid.
  const ajv = new Ajv2020({strict: false, allErrors: true});
  addFormats(ajv);
  ajv.addSchema({$id: 'https://docs.vultus.example/openapi.yaml', components: doc.raw.components});
  return (schema, value) => {
    const validate = ajv.getSchema(`https://docs.vultus.example/openapi.yaml#/components/schemas/${schema}`);
    if (!validate) return [`no schema named ${schema} in the contract`];
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
  };
}

test('every JSON example on a docs page names its schema and validates against it', async () => {
  // A block titled with a .json file name is a file of another tool (an editor's configuration),
  // not a payload of the API: it only has to parse.
  const doc = await contract();
  const validate = validatorFor(doc);
  let examples = 0;
  const problems: string[] = [];
  for (const page of await renderedDocs()) {
    for (const block of codeBlocks(page.tree)) {
      if (block.lang !== 'json') continue;
      const where = `docs/${page.file}:${block.position?.start.line ?? '?'}`;
      const schema = metaValue(block.meta, 'schema');
      if (!schema && metaValue(block.meta, 'title')?.endsWith('.json')) {
        try {
          JSON.parse(block.value);
        } catch (error) {
          problems.push(`${where}: not JSON (${String(error)})`);
        }
        continue;
      }
      if (!schema) {
        problems.push(`${where}: a JSON example without schema=… in its meta`);
        continue;
      }
      let value: unknown;
      try {
        value = JSON.parse(block.value);
      } catch (error) {
        problems.push(`${where}: not JSON (${String(error)})`);
        continue;
      }
      examples += 1;
      for (const message of validate(schema, value)) problems.push(`${where} (${schema}): ${message}`);
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(examples >= 20, `expected the pages to show at least 20 JSON examples, found ${examples}`);
});

test('a JSON example that drifts from its schema is caught', async () => {
  const validate = validatorFor(await contract());
  assert.deepEqual(validate('DeclineReason', {code: 'FACE.NO_FACE', message: 'No face.'}), []);
  assert.notDeepEqual(validate('DeclineReason', {code: 'face no face', message: 'No face.'}), []);
  assert.notDeepEqual(validate('Result', {decision: 'maybe', score: 0.5}), []);
});

test('every operation is documented on exactly one page: the one its x-doc-page names', async () => {
  const doc = await contract();
  const placements = new Map<string, string[]>();
  for (const page of await renderedDocs()) {
    for (const match of page.source.matchAll(/^::operation\{id="([^"]+)"\}\s*$/gm)) {
      const id = match[1] as string;
      placements.set(id, [...(placements.get(id) ?? []), page.route]);
    }
  }
  const problems: string[] = [];
  for (const [id, entry] of doc.operations) {
    const pages = placements.get(id) ?? [];
    const owner = entry.operation['x-doc-page'];
    if (pages.length !== 1) problems.push(`${id}: on ${pages.length} pages (${pages.join(', ') || 'none'})`);
    else if (pages[0] !== owner) problems.push(`${id}: on ${pages[0]}, but x-doc-page is ${owner}`);
  }
  for (const id of placements.keys()) {
    if (!doc.operations.has(id)) problems.push(`${id}: placed on a page but not in the contract`);
  }
  assert.deepEqual(problems, []);
});

test('every decline code appears in the /decline-reasons table and every error code in the /responses table', async () => {
  const doc = await contract();
  const pages = await renderedDocs();
  const declinePage = pages.find((page) => page.route === '/decline-reasons');
  const responsesPage = pages.find((page) => page.route === '/responses');
  assert.ok(declinePage && responsesPage, 'the /decline-reasons and /responses pages exist');
  const declineMissing = doc.document['x-decline-reasons']
    .filter((reason) => !declinePage.markdown.includes(`#### ${reason.code}`))
    .map((reason) => reason.code);
  assert.deepEqual(declineMissing, [], 'decline codes missing from /decline-reasons');
  const errorMissing = doc.document['x-error-codes']
    .filter((entry) => !new RegExp(`\\|\\s*\\[\`${entry.code}\`\\]`).test(responsesPage.markdown))
    .map((entry) => entry.code);
  assert.deepEqual(errorMissing, [], 'error codes missing from the /responses table');
});

test('every code used in an example exists in the catalogues', async () => {
  const doc = await contract();
  const decline = new Set(doc.document['x-decline-reasons'].map((reason) => reason.code));
  const errors = new Set(doc.document['x-error-codes'].map((entry) => entry.code));
  const problems: string[] = [];
  for (const page of await renderedDocs()) {
    for (const block of codeBlocks(page.tree)) {
      if (block.lang !== 'json') continue;
      for (const match of block.value.matchAll(/"code":\s*"([^"]+)"/g)) {
        const code = match[1] as string;
        if (!decline.has(code) && !errors.has(code)) problems.push(`docs/${page.file}: unknown code ${code}`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

/** A path segment that is a shell variable alone (`$LIVENESS_PATH`, `${MODE}`). */
const wholeVariable = /^\$(?:\w+|\{\w+\})$/;

/**
 * Whether a sample's path has the contract path's segments, a segment that is a variable alone
 * standing for any one of them (the mode of `/liveness/$LIVENESS_PATH/sessions/…`, whose value the
 * page's sample sets and tests/unit/api-samples.test.ts sends to the mock).
 */
function sameShape(contractPath: string, apiPath: string): boolean {
  const expected = contractPath.split('/');
  const actual = apiPath.split('/');
  return (
    expected.length === actual.length &&
    expected.every(
      (segment, at) =>
        segment === actual[at] || /^\{[^}]+\}$/.test(segment) || wholeVariable.test(actual[at] ?? ''),
    )
  );
}

/** The contract's paths as regular expressions, `{id}` matching one segment. */
test('cURL samples are valid shell and call only paths and methods of the contract', async () => {
  const doc = await contract();
  const matchers = operationMatchers(doc);
  let samples = 0;
  const problems: string[] = [];
  for (const page of await renderedDocs()) {
    for (const block of codeBlocks(page.tree)) {
      if (!['bash', 'sh', 'shell'].includes(block.lang ?? '') || !/\bcurl\b/.test(block.value)) continue;
      const where = `docs/${page.file}:${block.position?.start.line ?? '?'}`;
      const syntax = spawnSync('bash', ['-n'], {input: block.value, encoding: 'utf8'});
      if (syntax.status !== 0) problems.push(`${where}: not valid shell: ${syntax.stderr.trim()}`);
      // Each curl call on its own, also where a loop holds several (a list, then a delete of each).
      const calls = block.value
        .split(/\n(?=\S)/)
        .flatMap((part) => part.split(/(?=\bcurl\s)/))
        .filter((part) => /^curl\s/.test(part));
      for (const command of calls) {
        const url =
          /(?:https:\/\/api(?:\.(?:eu|us))?\.vultus\.example|http:\/\/localhost:8080)\/v1(\/[^\s'"?]*)/.exec(
            command,
          );
        if (!url) continue;
        samples += 1;
        const apiPath = (url[1] as string).replace(/\/$/, '');
        const explicit = /(?:-X|--request)\s+([A-Z]+)/.exec(command)?.[1];
        const method = explicit ?? (/\s(?:-d|--data\S*|-F|--form)\s/.test(command) ? 'POST' : 'GET');
        const found =
          operationCalled(matchers, method, apiPath) ??
          matchers.find((matcher) => matcher.method === method && sameShape(matcher.path, apiPath))?.entry;
        if (!found) problems.push(`${where}: ${method} ${apiPath} is not an operation of the contract`);
      }
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(samples >= 30, `expected at least 30 cURL calls on the pages, found ${samples}`);
});

test('no page carries placeholder words', async () => {
  const files = [
    ...(await listMarkdown(path.join(siteDir, 'docs'))),
    ...(await listMarkdown(path.join(siteDir, 'blog'))),
    ...(await listMarkdown(path.join(siteDir, 'src/pages'))),
  ];
  assert.ok(files.length > 40, 'found the pages');
  const placeholder = /lorem ipsum|\bTODO\b|\bTBD\b|coming soon|placeholder text|\bFIXME\b/i;
  const problems: string[] = [];
  for (const file of files) {
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines.forEach((line, index) => {
      if (placeholder.test(line))
        problems.push(`${path.relative(siteDir, file)}:${index + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(problems, []);
});

test('the intro names every command-line tool the API samples need', async () => {
  const pages = await renderedDocs();
  const intro = pages.find((page) => page.route === '/');
  assert.ok(intro, 'docs/intro.md');
  // Beyond POSIX: the tools a reader may have to install to run a cURL sample.
  const tools = ['curl', 'jq', 'uuidgen', 'openssl'];
  const used = new Set<string>();
  for (const page of pages) {
    for (const block of codeBlocks(page.tree)) {
      if (!['bash', 'sh', 'shell'].includes(block.lang ?? '') || !/\bcurl\b/.test(block.value)) continue;
      for (const tool of tools)
        if (new RegExp(`(^|[\\s|;(&])${tool}\\b`, 'm').test(block.value)) used.add(tool);
    }
  }
  const prose = intro.markdown.replace(/```[\s\S]*?```/g, '');
  for (const tool of used)
    assert.ok(prose.includes(`\`${tool}\``), `docs/intro.md does not name \`${tool}\``);
  assert.ok(used.size >= 3, `only ${[...used].join(', ')} found in the samples`);
});

test('idempotency: the contract and /requests say which responses are stored, what a concurrent duplicate gets and how uploads compare', async () => {
  const doc = await contract();
  const header = (doc.document.components?.parameters as Record<string, {description?: string}> | undefined)
    ?.IdempotencyKey;
  const page = (await renderedDocs()).find((candidate) => candidate.route === '/requests');
  assert.ok(header?.description && page, 'the Idempotency-Key parameter and /requests');
  const inUse = doc.document['x-error-codes'].find((entry) => entry.code === 'idempotency_key_in_use');
  assert.ok(inUse?.retryable === true && inUse.status === 409, 'idempotency_key_in_use: a retryable 409');
  for (const [where, text] of [
    ['contract Idempotency-Key', header.description],
    ['/requests', page.markdown],
  ] as const) {
    const prose = text.replace(/\s+/g, ' ');
    // Which responses are stored is each code's `stored` (tests/unit/idempotency-stored.test.ts).
    assert.match(
      prose,
      /`stored: true`|\*\*Stored and replayed:\*\*/,
      `${where}: which responses are stored`,
    );
    assert.match(prose, /idempotency_key_in_use/, `${where}: a concurrent duplicate`);
    assert.match(prose, /multipart\/form-data/, `${where}: how an upload is compared`);
  }
});

test('the sandbox can complete every kind of capture session without a camera, with test keys only', async () => {
  const doc = await contract();
  const complete = doc.operations.get('completeSandboxSession');
  assert.ok(complete, 'completeSandboxSession');
  const idParameter = (complete.operation.parameters as {name: string; schema?: {pattern?: string}}[]).find(
    (parameter) => parameter.name === 'session_id',
  );
  const accepts = new RegExp(idParameter?.schema?.pattern ?? '^$');
  // Every operation that creates a session the Web SDK captures returns a client token.
  const creators = [...doc.operations.values()].filter(
    (entry) =>
      entry.method === 'post' &&
      /\/sessions$|\/verifications$/.test(entry.path) &&
      JSON.stringify(entry.operation.responses?.['201'] ?? {}).includes('client_token'),
  );
  assert.ok(creators.length >= 6, `only ${creators.length} session-creating operations found`);
  for (const entry of creators) {
    const example = JSON.stringify(entry.operation.responses?.['201'] ?? {});
    const id = /"id":"((?:lvs|dvs|kyc)_[0-9A-Za-z]{24})"/.exec(example)?.[1];
    assert.ok(
      id && accepts.test(id),
      `${entry.operation.operationId}: its sessions cannot be completed in the sandbox`,
    );
  }
  const forbidden = JSON.stringify(complete.operation.responses?.['403'] ?? {});
  assert.match(forbidden, /test_mode_only/, 'a live key gets 403 test_mode_only');
  const page = (await renderedDocs()).find(
    (candidate) => candidate.route === complete.operation['x-doc-page'],
  );
  assert.ok(page?.markdown.includes('/sandbox/sessions/{session_id}/complete'), 'its page explains it');
});

test('an operation that accepts several media types documents the fields of each', async () => {
  const doc = await contract();
  const pages = await renderedDocs();
  let checked = 0;
  for (const entry of doc.operations.values()) {
    const types = Object.keys(
      (entry.operation.requestBody as {content?: Record<string, unknown>} | undefined)?.content ?? {},
    );
    if (types.length < 2) continue;
    const page = pages.find((candidate) => candidate.route === entry.operation['x-doc-page']);
    assert.ok(page, `${entry.operation.operationId}: its page`);
    for (const type of types) {
      checked += 1;
      assert.ok(
        page.markdown.includes(`**Request body** (${type}`),
        `${entry.operation.operationId}: no request body table for ${type} on ${page.route}`,
      );
    }
  }
  assert.ok(checked >= 2, 'POST /media accepts JSON and multipart');
});

test('a sample that sends a shortened base64 image says so', async () => {
  let marked = 0;
  const problems: string[] = [];
  for (const page of await renderedDocs()) {
    for (const block of codeBlocks(page.tree)) {
      if (!['bash', 'javascript', 'python'].includes(block.lang ?? '')) continue;
      // The contract's example images: a JPEG header and a few bytes, not an image.
      const shortened = /["']?data["']?\s*[:=]\s*["'](\/9j\/[A-Za-z0-9+/]{0,200}=*)["']/.exec(block.value);
      if (!shortened) continue;
      if (/shortened to fit the page/.test(block.value)) marked += 1;
      else problems.push(`docs/${page.file}:${block.position?.start.line ?? '?'}: ${block.lang} sample`);
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(marked >= 10, `only ${marked} samples with a shortened image found`);
});

test('a document check can be bound to a live face: the request takes a liveness session, the result names it and returns the portrait', async () => {
  const doc = await contract();
  const validate = validatorFor(doc);
  const create = doc.operations.get('createDocumentVerification');
  assert.ok(create);
  const request = doc.raw.components.schemas.CreateDocumentVerificationRequest as {
    properties: Record<string, {$ref?: string}>;
  };
  assert.equal(
    request.properties.liveness_session_id?.$ref,
    '#/components/schemas/LivenessSessionId',
    'CreateDocumentVerificationRequest.liveness_session_id',
  );
  // The named request example that binds a session validates, and so does every response example.
  const examples = create.operation.requestBody?.content['application/json']?.examples ?? {};
  const bound = Object.values(examples).find((example) =>
    Boolean((example.value as {liveness_session_id?: string}).liveness_session_id),
  );
  assert.ok(bound, 'a request example binds a liveness session');
  assert.deepEqual(validate('CreateDocumentVerificationRequest', bound.value), []);
  const read = doc.operations.get('getDocumentVerification');
  const completed = Object.values(
    read?.operation.responses['200']?.content?.['application/json']?.examples ?? {},
  )
    .map((example) => example.value as Record<string, unknown>)
    .filter((value) => value.status === 'completed');
  assert.ok(
    completed.some((value) => typeof value.liveness_session_id === 'string'),
    'a bound result',
  );
  for (const value of completed) {
    assert.deepEqual(validate('DocumentVerification', value), []);
    assert.match(String(value.portrait_media_id), /^med_/, `${String(value.id)}: the document portrait`);
  }
  // A session that cannot be bound has its own error, in the catalogue and in the 409 examples.
  const conflict = JSON.stringify(create.operation.responses['409']);
  assert.match(conflict, /liveness_session_unusable/);
  assert.ok(doc.document['x-error-codes'].some((error) => error.code === 'liveness_session_unusable'));
  // The page shows the flow end to end: each sample sends the session and reads the portrait.
  const page = (await renderedDocs()).find(
    (candidate) => candidate.route === '/services/document-verification',
  );
  assert.ok(page);
  const samples = codeBlocks(page.tree).filter(
    (block) =>
      ['bash', 'javascript', 'python'].includes(block.lang ?? '') &&
      /liveness_session_id"?:/.test(block.value.replace(/\\"/g, '"')),
  );
  assert.deepEqual(
    samples.map((block) => block.lang).sort(),
    ['bash', 'javascript', 'python'],
    'a cURL, JavaScript and Python sample of the bound flow',
  );
  for (const block of samples) {
    assert.match(block.value, /portrait_media_id/, `${block.lang ?? ''}: reads the portrait`);
    assert.match(block.value, /approved/, `${block.lang ?? ''}: binds only an approved session`);
  }
});

test('the webhook section covers source addresses, concurrent deliveries and secret rotation, from the contract', async () => {
  const doc = await contract();
  const webhooks = (doc.document['x-limits'] as {webhooks: Record<string, unknown>}).webhooks;
  const ranges = webhooks.source_ip_ranges as string[];
  assert.ok(Array.isArray(ranges) && ranges.length > 0, 'x-limits.webhooks.source_ip_ranges');
  assert.equal(typeof webhooks.max_concurrent_deliveries, 'number');
  const pages = await renderedDocs();
  const responses = pages.find((page) => page.route === '/responses');
  assert.ok(responses);
  for (const range of ranges) assert.ok(responses.markdown.includes(`\`${range}\``), `/responses: ${range}`);
  assert.match(responses.source, /:fact\{key="limits\.webhooks\.source_ip_ranges" as="codes"\}/);
  assert.match(responses.source, /:fact\{key="limits\.webhooks\.max_concurrent_deliveries"\}/);
  assert.match(responses.markdown, /^### Rotating the endpoint secret$/m);
  // The ranges are rendered, never typed: no page's source states an address of them.
  for (const page of pages) {
    for (const range of ranges) {
      assert.ok(!page.source.includes(range.split('/')[0] ?? range), `${page.file}: types ${range}`);
    }
  }
});

test('what the reference says to a GET or DELETE never asks for an Idempotency-Key, which they ignore', async () => {
  const contract = await sources.contract();
  const problems: string[] = [];
  for (const entry of contract.operations.values()) {
    if (entry.webhook || !['get', 'delete'].includes(entry.method)) continue;
    for (const [status, response] of Object.entries(entry.operation.responses ?? {})) {
      const description = String((response as {description?: unknown}).description ?? '');
      // A rule for POSTs may name the key, as long as it says it is for a POST.
      if (/Idempotency-Key/.test(description) && !/\bPOST\b/.test(description))
        problems.push(`${entry.method.toUpperCase()} ${entry.path} ${status}: ${description}`);
    }
  }
  const codes = (contract.document['x-error-codes'] ?? []) as Array<{
    code: string;
    status: number;
    fix?: string;
  }>;
  for (const code of codes.filter((entry) => entry.status >= 500)) {
    // Any method can meet a 5xx: the fix says which requests take the key.
    if (/Idempotency-Key/.test(code.fix ?? '') && !/\bPOST\b/.test(code.fix ?? ''))
      problems.push(`x-error-codes ${code.code}: ${code.fix ?? ''}`);
  }
  assert.deepEqual(problems, []);
});
