/**
 * The Postman collection (/vultus.postman_collection.json) is converted from the published contract
 * at build time: it loads in Postman's own collection library, holds one request per operation of
 * the contract, and is set up for the sandbox through two collection variables.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {Collection} from 'postman-collection';
import {
  loadContract,
  onPremiseOnly,
  publishedContract,
} from '../../plugins/vultus-contract/contract/contract';
import {collectionRequests, postmanCollection} from '../../plugins/vultus-contract/outputs/postman';
import {siteDir} from './helpers/pages';

test('the collection loads in Postman’s library and lists every operation of the contract once', async () => {
  const contract = await loadContract(siteDir);
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
  const contract = await loadContract(siteDir);
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
  const contract = await loadContract(siteDir);
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
