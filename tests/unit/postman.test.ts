/**
 * The Postman collection (/vultus.postman_collection.json) is converted from the published contract
 * at build time: it loads in Postman's own collection library, holds one request per operation of
 * the contract, and is set up for the sandbox through two collection variables.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {Collection} from 'postman-collection';
import {onPremiseOnly, publishedContract} from '../../plugins/vultus-contract/contract/contract';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createServer, request as httpRequest} from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import newman, {type NewmanRunSummary} from 'newman';
import {
  collectionRequests,
  headerRules,
  postmanCollection,
} from '../../plugins/vultus-contract/outputs/postman';
import {operationCalled, operationMatchers} from './helpers/operations';
import {siteDir, sources} from './helpers/pages';
import {startPrism} from './helpers/prism';
import {freePort} from '../browser/nginx';

test('the collection loads in Postman’s library and lists every operation of the contract once', async () => {
  const contract = await sources.contract();
  const json = await postmanCollection(await publishedContract(siteDir));
  const collection = new Collection(JSON.parse(JSON.stringify(json)) as object);
  const requests: string[] = [];
  collection.forEachItem((item) => {
    const path = item.request.url.getPath({unresolved: true}).replace(/^\/(?:v1\/)?/, '/');
    requests.push(`${item.request.method} ${path.replace(/:(\w+)/g, '{$1}')}`);
  });
  const operations = [...contract.operations.values()]
    .filter((entry) => !entry.webhook)
    .map((entry) => `${entry.method.toUpperCase()} ${entry.path}`);
  assert.ok(operations.length >= 43, `${operations.length} operations`);
  assert.deepEqual([...requests].sort(), [...operations].sort());
  assert.equal(collectionRequests(json).length, operations.length);
});

test('the collection targets the sandbox: a base URL and the secret key as bearer token', async () => {
  const contract = await sources.contract();
  const json = await postmanCollection(await publishedContract(siteDir));
  const variables = Object.fromEntries(
    (json.variable as Array<{key: string; value: string}>).map((variable) => [variable.key, variable.value]),
  );
  assert.equal(variables.baseUrl, contract.document.servers?.[0]?.url);
  assert.equal(variables.secretKey, '', 'no key ships in the collection');
  assert.deepEqual(json.auth, {
    type: 'bearer',
    bearer: [{key: 'token', value: '{{secretKey}}', type: 'string'}],
  });
  // Cloud operations go to the sandbox; the on-premise-only ones to the server's {{host}}:{{port}}.
  const onPremise = new Set(
    [...contract.operations.values()].filter(onPremiseOnly).map((entry) => entry.operation.summary),
  );
  for (const request of collectionRequests(json)) {
    const {host} = (request.request as {url: {host: string[]}}).url;
    const expected = onPremise.has(String(request.name)) ? ['{{host}}'] : ['{{baseUrl}}'];
    assert.deepEqual(host, expected, String(request.name));
  }
  assert.ok(onPremise.size > 0 && variables.host !== undefined && variables.port !== undefined);
  // …with the server's static key: a sandbox key gets 401 api_key_invalid there. A probe that takes
  // no key sends none.
  assert.equal(variables.onPremApiKey, '', 'no on-premise key ships in the collection');
  const operations = new Map(
    [...contract.operations.values()].map((entry) => [entry.operation.summary, entry]),
  );
  for (const request of collectionRequests(json)) {
    if (!onPremise.has(String(request.name))) continue;
    const {auth} = request.request as {auth?: unknown};
    // A probe's security lists the empty requirement: it answers without a key.
    const security = operations.get(String(request.name))?.operation.security;
    const keyless = security?.some((requirement) => Object.keys(requirement).length === 0) ?? false;
    assert.deepEqual(
      auth,
      keyless
        ? {type: 'noauth'}
        : {type: 'bearer', bearer: [{key: 'token', value: '{{onPremApiKey}}', type: 'string'}]},
      String(request.name),
    );
  }
});

test('a request sends only what it needs: optional query parameters disabled, a file part as a file to choose', async () => {
  // `verbose=true` enabled on a keyless health probe answers 401; a file part holding the text
  // "string" uploads no image.
  const json = await postmanCollection(await publishedContract(siteDir));
  const problems: string[] = [];
  let files = 0;
  for (const request of collectionRequests(json)) {
    const {url, body} = request.request as {
      url: {query?: Array<{key: string; disabled?: boolean; description?: {content?: string}}>};
      body?: {mode?: string; formdata?: Array<{key: string; type: string; value?: string}>};
    };
    for (const query of url.query ?? []) {
      const required = /\(Required\)/.test(query.description?.content ?? '');
      if (!required && query.disabled !== true)
        problems.push(`${String(request.name)}: ?${query.key} is enabled`);
    }
    for (const part of body?.formdata ?? []) {
      if (part.key !== 'file') continue;
      files += 1;
      if (part.type !== 'file' || part.value !== undefined)
        problems.push(`${String(request.name)}: the part ${part.key} is ${part.type} "${part.value ?? ''}"`);
    }
    const {header = []} = request.request as {header?: Array<{key: string}>};
    if (body?.mode === 'formdata' && header.some((entry) => entry.key.toLowerCase() === 'content-type'))
      problems.push(`${String(request.name)}: a fixed Content-Type header has no part boundary`);
  }
  assert.deepEqual(problems, []);
  assert.ok(files >= 1, 'the upload has a file part');
});

test('a contract without a server fails the collection, naming the field', async () => {
  const published = await publishedContract(siteDir);
  const withoutServers = published.replace(/^servers:\n(?: {2}.*\n)+/m, '');
  assert.notEqual(withoutServers, published, 'the servers were removed');
  await assert.rejects(
    postmanCollection(withoutServers),
    /contract\/openapi\.yaml: #\/servers\/0\/url: missing/,
  );
});

test('the same contract gives the same collection: stable ids, and every query parameter with a choice of values has an example', async () => {
  const contract = await sources.contract();
  const withoutExample = [...contract.operations.values()].flatMap((entry) =>
    (entry.operation.parameters ?? [])
      .filter((parameter) => 'in' in parameter && parameter.in === 'query')
      .filter((parameter) => {
        const schema = (parameter.schema ?? {}) as {enum?: unknown[]; example?: unknown; default?: unknown};
        const own = parameter as {example?: unknown; examples?: unknown};
        return (
          Array.isArray(schema.enum) &&
          own.example === undefined &&
          own.examples === undefined &&
          schema.example === undefined &&
          schema.default === undefined
        );
      })
      .map((parameter) => `${entry.method.toUpperCase()} ${entry.path} ?${parameter.name}`),
  );
  // Without one, the converter picks a value of the enum at random on every build.
  assert.deepEqual(withoutExample, [], 'query parameters with an enum and no example');
  const published = await publishedContract(siteDir);
  const [first, second] = [await postmanCollection(published), await postmanCollection(published)];
  assert.deepEqual(second, first);
  assert.match(String((first.info as {_postman_id?: string})._postman_id), /^[0-9a-f]{8}-[0-9a-f]{4}-8/);
});

test('no enabled header carries a contract example: a fresh Idempotency-Key, a signature from the script, the sandbox outcome disabled', async () => {
  const contract = await sources.contract();
  const json = await postmanCollection(await publishedContract(siteDir));
  const parameters = Object.values(
    (
      contract.document.components as {
        parameters?: Record<string, {in?: string; name?: string; example?: unknown}>;
      }
    ).parameters ?? {},
  ).filter((parameter) => parameter.in === 'header');
  assert.deepEqual(
    [...new Set(parameters.map((parameter) => String(parameter.name)))].sort(),
    Object.keys(headerRules).sort(),
    'every header parameter of the contract has a rule',
  );
  const examples = new Set(parameters.map((parameter) => String(parameter.example)));
  const posts = collectionRequests(json).filter(
    (item) => (item.request as {method: string}).method === 'POST',
  );
  assert.ok(posts.length >= 20, `${posts.length} POSTs`);
  for (const item of collectionRequests(json)) {
    const headers = ((item.request as {header?: Array<{key: string; value: string; disabled?: boolean}>})
      .header ?? []) as Array<{key: string; value: string; disabled?: boolean}>;
    const name = String(item.name);
    for (const header of headers.filter((entry) => !entry.disabled)) {
      assert.ok(
        !examples.has(header.value),
        `${name}: ${header.key} sends the contract's example ${header.value}`,
      );
    }
    assert.ok(!headers.some((header) => header.key === 'Vultus-Signature'), `${name}: no fixed signature`);
    const key = headers.find((header) => header.key === 'Idempotency-Key');
    if (key) assert.equal(key.value, '{{$guid}}', `${name}: Idempotency-Key`);
    const outcome = headers.find((header) => header.key === 'Vultus-Sandbox-Outcome');
    if (outcome) assert.deepEqual([outcome.value, outcome.disabled], ['', true], `${name}: sandbox outcome`);
  }
  assert.ok(
    posts.every((item) => JSON.stringify(item).includes('"Idempotency-Key"')),
    'every POST has a key',
  );
  const script = JSON.stringify(json.event);
  assert.match(script, /prerequest/);
  assert.match(script, /signingSecret/);
});

test('the collection runs as shipped against the mock, twice in a row: every request gets its success status, no key is sent twice', async () => {
  const contract = await sources.contract();
  const published = await publishedContract(siteDir);
  const dir = mkdtempSync(path.join(tmpdir(), 'vultus-newman-'));
  writeFileSync(path.join(dir, 'openapi.yaml'), published);
  const prism = await startPrism(path.join(dir, 'openapi.yaml'), dir);
  // The on-premise server is http://{host}:{port}/v1; the mock serves the contract's paths at its root.
  const onPremise = createServer((request, response) => {
    const forward = httpRequest(
      {
        host: '127.0.0.1',
        port: prism.port,
        method: request.method,
        path: (request.url ?? '/').replace(/^\/v1(?=\/)/, ''),
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(forward);
  });
  const onPremisePort = await freePort();
  await new Promise<void>((resolve) => onPremise.listen(onPremisePort, '127.0.0.1', resolve));
  try {
    const collection = await postmanCollection(published);
    const matchers = operationMatchers(contract);
    const problems: string[] = [];
    const keys: string[] = [];
    for (const round of [1, 2]) {
      const summary = await new Promise<NewmanRunSummary>((resolve, reject) => {
        newman.run(
          {
            collection: collection as never,
            reporters: [],
            envVar: [
              {key: 'baseUrl', value: `http://127.0.0.1:${prism.port}`},
              {key: 'secretKey', value: 'sk_test_newman'},
              {key: 'onPremApiKey', value: 'onprem_newman_key'},
              {key: 'host', value: '127.0.0.1'},
              {key: 'port', value: String(onPremisePort)},
            ],
          },
          (error, result) => (error ? reject(error) : resolve(result)),
        );
      });
      for (const execution of summary.run.executions) {
        const request = execution.request;
        const apiPath = `/${request.url.path?.join('/') ?? ''}`.replace(/^\/v1\//, '/');
        const entry = operationCalled(matchers, request.method, apiPath);
        const documented = Object.keys(entry?.operation.responses ?? {}).find((status) => /^2/.test(status));
        const status = execution.response?.code;
        if (String(status) !== documented) {
          problems.push(
            `run ${round}: ${request.method} ${apiPath}: ${status ?? 'no answer'} (documented ${documented ?? 'none'})`,
          );
        }
        const key = request.headers.get('Idempotency-Key');
        if (key) keys.push(String(key));
      }
    }
    assert.deepEqual(problems, [], prism.log().slice(-2000));
    assert.ok(keys.length >= 40, `${keys.length} keys sent`);
    assert.equal(
      new Set(keys).size,
      keys.length,
      'every send has its own Idempotency-Key: the second run replays nothing',
    );
  } finally {
    await new Promise<void>((resolve) => onPremise.close(() => resolve()));
    await prism.stop();
    rmSync(dir, {recursive: true, force: true});
  }
});
