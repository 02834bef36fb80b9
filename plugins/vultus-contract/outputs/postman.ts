/**
 * The Postman collection of the API, /vultus.postman_collection.json: converted at build time from
 * the published contract by Postman's own converter (openapi-to-postmanv2), one folder per tag,
 * requests filled from the contract's examples. Two collection variables set it up for the
 * sandbox: `baseUrl` (the contract's first server; test keys select the sandbox) and `secretKey`
 * (empty: the reader pastes an `sk_test_` key), which every request sends as its bearer token.
 *
 * The converter gives every item a random id; those become ids derived from the item's place in
 * the collection, so the same contract always gives the same file (a parameter's value comes from
 * the contract's `example`, which every parameter has).
 */
import {createHash} from 'node:crypto';
import {convertV2} from 'openapi-to-postmanv2';
import {parse} from 'yaml';
import {ContractError, contractRelativePath} from '../contract/contract';

export const postmanFile = 'vultus.postman_collection.json';

type Json = Record<string, unknown>;
type Variable = {key: string; value: string; description?: string};

/** The collection for `published`, the contract as /openapi.yaml serves it; `baseUrl` is its first server. */
export function postmanCollection(published: string): Promise<Json> {
  const document = parse(published) as {servers?: Array<{url?: unknown}>} | null;
  const sandboxUrl = document?.servers?.[0]?.url;
  if (typeof sandboxUrl !== 'string' || sandboxUrl === '') {
    return Promise.reject(new ContractError(`${contractRelativePath}: #/servers/0/url: missing`));
  }
  return new Promise((resolve, reject) => {
    convertV2(
      {type: 'string', data: published},
      {folderStrategy: 'Tags', parametersResolution: 'Example'},
      (error, result) => {
        if (error || !result?.result) {
          reject(
            new ContractError(
              `Postman collection: ${error?.message ?? result?.reason ?? 'conversion failed'}`,
            ),
          );
          return;
        }
        const collection = result.output?.[0]?.data as Json | undefined;
        if (!collection) {
          reject(new ContractError('Postman collection: the converter returned no collection'));
          return;
        }
        const variables = ((collection.variable ?? []) as Variable[]).filter(
          (variable) =>
            variable.key !== 'baseUrl' && variable.key !== 'secretKey' && variable.key !== 'bearerToken',
        );
        collection.variable = [
          {
            key: 'baseUrl',
            value: sandboxUrl,
            description: 'The API base URL. Sandbox and live share it; the key selects the environment.',
          },
          {
            key: 'secretKey',
            value: '',
            description:
              'Your sandbox secret key (sk_test_…), from the dashboard. Never share a collection with a key in it.',
          },
          ...variables,
        ];
        collection.auth = {type: 'bearer', bearer: [{key: 'token', value: '{{secretKey}}', type: 'string'}]};
        resolve(withStableIds(collection, '') as Json);
      },
    );
  });
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID (version 8, RFC 9562) made of the hash of `seed`. */
function uuidOf(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The collection with each random `id` and `_postman_id` replaced by one derived from where it is. */
function withStableIds(node: unknown, at: string): unknown {
  if (Array.isArray(node)) return node.map((item, index) => withStableIds(item, `${at}/${index}`));
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      (key === 'id' || key === '_postman_id') && typeof value === 'string' && uuid.test(value)
        ? uuidOf(`${at}/${key}`)
        : withStableIds(value, `${at}/${key}`),
    ]),
  );
}

/** Every request of a collection, through its folders. */
export function collectionRequests(collection: Json): Json[] {
  const walk = (items: unknown): Json[] =>
    (Array.isArray(items) ? (items as Json[]) : []).flatMap((item) =>
      Array.isArray(item.item) ? walk(item.item) : [item],
    );
  return walk(collection.item);
}
