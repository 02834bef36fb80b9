/**
 * The Postman collection of the API, /vultus.postman_collection.json: converted at build time from
 * the published contract by Postman's own converter (openapi-to-postmanv2), one folder per tag,
 * requests filled from the contract's examples. Two collection variables set it up for the
 * sandbox: `baseUrl` (the contract's first server; test keys select the sandbox) and `secretKey`
 * (empty: the reader pastes an `sk_test_` key), which every request sends as its bearer token.
 *
 * The collection works as shipped: no enabled header carries a contract example, which is one
 * fixed value that a real request must not repeat (`headerRules`). `Idempotency-Key` is a fresh
 * `{{$guid}}` on every send; `Vultus-Signature` is computed before each send by the collection's
 * pre-request script when the `signingSecret` variable is set, and left out otherwise;
 * `Vultus-Sandbox-Outcome` is listed but disabled, to enable with a code the operation can raise.
 * Every other optional parameter is listed disabled too (`verbose=true` asks the health probes, which
 * send no key, for what needs the key). The on-premise operations go to the `host` and `port`
 * variables with the server's own static key, `onPremApiKey`; a binary part of a multipart body is
 * a file to choose, not the text "string", and Postman writes that body's `Content-Type` (with its
 * boundary) itself.
 *
 * The converter gives every item a random id; those become ids derived from the item's place in
 * the collection, so the same contract always gives the same file (a parameter's value comes from
 * the contract's `example`, which every parameter has).
 */
import {createHash} from 'node:crypto';
import {parse} from 'yaml';
import {ContractError, contractRelativePath} from '../contract/contract';

export const postmanFile = 'vultus.postman_collection.json';

type Json = Record<string, unknown>;
type Variable = {key: string; value: string; description?: string};
type Header = {key: string; value: string; disabled?: boolean; description?: unknown};

/**
 * What the collection sends for each header parameter of the contract, in place of its example:
 * a value (`{{$guid}}`), `disabled` (listed with no value, for the reader to enable), or `script`
 * (left out of the request: the pre-request script sends it). A header parameter of the contract
 * that is not listed here fails the build, so a new one is decided, not copied.
 */
export const headerRules: Record<string, {value: string} | 'disabled' | 'script'> = {
  'Idempotency-Key': {value: '{{$guid}}'},
  'Vultus-Signature': 'script',
  'Vultus-Sandbox-Outcome': 'disabled',
};

/**
 * Signs each POST with a JSON body, or none (the empty string is signed), when the collection variable
 * `signingSecret` is set, as /auth › "Request signing" describes: `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "t.body">`. Postman's
 * sandbox provides CryptoJS.
 */
const signingScript = [
  "const secret = pm.collectionVariables.get('signingSecret');",
  "const raw = !pm.request.body || !pm.request.body.mode || pm.request.body.mode === 'raw';",
  "if (secret && pm.request.method === 'POST' && raw) {",
  '  const t = Math.floor(Date.now() / 1000);',
  "  const body = pm.request.body ? pm.variables.replaceIn(pm.request.body.raw || '') : '';",
  '  const digest = CryptoJS.HmacSHA256(`${t}.${body}`, secret).toString(CryptoJS.enc.Hex);',
  "  pm.request.headers.upsert({key: 'Vultus-Signature', value: `t=${t},v1=${digest}`});",
  '}',
];

/** The request's headers with each header parameter of the contract sent as `headerRules` says. */
function withHeaderRules(headers: Header[], parameters: ReadonlySet<string>): Header[] {
  return headers.flatMap((header): Header[] => {
    if (!parameters.has(header.key)) return [header];
    const rule = headerRules[header.key];
    if (rule === undefined) {
      throw new ContractError(
        `Postman collection: the header parameter ${header.key} has no rule in plugins/vultus-contract/outputs/postman.ts (headerRules): decide what the collection sends`,
      );
    }
    if (rule === 'script') return [];
    if (rule === 'disabled') return [{...header, value: '', disabled: true}];
    return [{...header, value: rule.value, disabled: false}];
  });
}

/**
 * The collection for `published`, the contract as /openapi.yaml serves it; `baseUrl` is its first
 * server. The converter (half a second to load) is loaded on first use, not when the site's
 * configuration loads.
 */
export async function postmanCollection(published: string): Promise<Json> {
  const {convertV2} = await import('openapi-to-postmanv2');
  const document = parse(published) as {
    servers?: Array<{url?: unknown}>;
    components?: {parameters?: Record<string, {in?: string; name?: string}>};
  } | null;
  const headerParameters = new Set(
    Object.values(document?.components?.parameters ?? {})
      .filter((parameter) => parameter.in === 'header' && parameter.name)
      .map((parameter) => String(parameter.name)),
  );
  const sandboxUrl = document?.servers?.[0]?.url;
  if (typeof sandboxUrl !== 'string' || sandboxUrl === '') {
    return Promise.reject(new ContractError(`${contractRelativePath}: #/servers/0/url: missing`));
  }
  return new Promise((resolve, reject) => {
    convertV2(
      {type: 'string', data: published},
      {folderStrategy: 'Tags', parametersResolution: 'Example', enableOptionalParameters: false},
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
          {
            key: 'onPremApiKey',
            value: '',
            description:
              'The static API key of your on-premise server (auth.api_key), which the on-premise operations send to host and port. It has no sk_test_ form.',
          },
          {
            key: 'signingSecret',
            value: '',
            description:
              'Your request signing secret, when signed requests are on: every POST with a JSON body, or none, is then signed before it is sent. Empty: requests go unsigned.',
          },
          ...variables,
        ];
        collection.auth = {type: 'bearer', bearer: [{key: 'token', value: '{{secretKey}}', type: 'string'}]};
        collection.event = [{listen: 'prerequest', script: {type: 'text/javascript', exec: signingScript}}];
        try {
          for (const item of collectionRequests(collection)) {
            const request = item.request as {
              header?: Header[];
              auth?: Json | null;
              url?: {host?: string[]};
              body?: {mode?: string; formdata?: Json[]};
            };
            request.header = withHeaderRules(request.header ?? [], headerParameters);
            // An on-premise server's operation (its `host` variable), unless it takes no key at all.
            if (request.url?.host?.[0] === '{{host}}' && !request.auth) {
              request.auth = {
                type: 'bearer',
                bearer: [{key: 'token', value: '{{onPremApiKey}}', type: 'string'}],
              };
            }
            if (request.body?.mode === 'formdata') {
              request.body.formdata = request.body.formdata?.map(filePart);
              // Postman writes the header with the part boundary itself; a fixed one has none.
              request.header = request.header.filter((header) => header.key.toLowerCase() !== 'content-type');
            }
          }
        } catch (headerError) {
          reject(headerError);
          return;
        }
        resolve(withStableIds(collection, '') as Json);
      },
    );
  });
}

/** A part of a multipart body whose encoding takes only files (images, video, octet streams): a file to choose. */
function filePart(part: Json): Json {
  const types =
    typeof part.contentType === 'string' ? part.contentType.split(',').map((type) => type.trim()) : [];
  const binary = (type: string): boolean => /^(image|audio|video)\/|^application\/octet-stream$/.test(type);
  if (part.type !== 'text' || types.length === 0 || !types.every(binary)) return part;
  const file: Json = {...part, type: 'file', src: []};
  delete file.value;
  return file;
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
