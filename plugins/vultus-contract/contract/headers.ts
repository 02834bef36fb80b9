/**
 * Headers that several operations share: the header parameters of `components/parameters`
 * (`Idempotency-Key`, `Vultus-Signature`, `Vultus-Sandbox-Outcome`, and the `Vultus-Signature`
 * of webhook deliveries). Each is described in full once, on /common-parameters, by
 * `::shared-headers` (with the operations that accept it, from the contract); an operation lists
 * the shared headers it accepts with one line (the description's first sentence) and a link
 * there. A header parameter written inline in one operation is that operation's own and is
 * described in full where it is.
 *
 * The response headers of `components/headers` (`Vultus-Request-Id`, the rate-limit headers,
 * `Retry-After`, `Idempotent-Replayed`) are described there too, named as the responses name
 * them, with which responses send them, read from the responses that point at them.
 */
import type {Directive} from '../directive';
import {fieldList, typeLinks} from './fieldList';
import {
  ContractError,
  contractRelativePath,
  operationHref,
  deploymentOf,
  isRecord,
  isSuccessStatus,
  type Contract,
  type Header,
  type OperationEntry,
  type Parameter,
} from './contract';
import {parameterField, resolve, type FieldNode} from './schemaTable';

/** The page that describes the shared headers. */
export const sharedHeadersPage = {route: '/common-parameters'};

export type SharedHeader = {
  /** The key in `components/parameters` (`IdempotencyKey`). */
  key: string;
  parameter: Parameter;
  /** Sent by Vultus on webhook deliveries, not by you on requests. */
  webhook: boolean;
  /** Its anchor on /common-parameters: `header-idempotency-key`, `webhook-header-vultus-signature`. */
  anchor: string;
  /** The operations that accept it, in contract order. */
  operations: OperationEntry[];
};

const parameterRef = /^#\/components\/parameters\/([^/]+)$/;

/** A header's name in an anchor: `Idempotency-Key` → `idempotency-key`. */
const headerSlug = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** The anchor of a response header on /common-parameters: `response-header-vultus-request-id`. */
export const responseHeaderAnchor = (name: string): string => `response-header-${headerSlug(name)}`;

/** The key of the shared header a raw (unresolved) parameter of an operation points at, if any. */
function sharedKeyOf(contract: Contract, raw: unknown): string | undefined {
  const ref = (raw as {$ref?: unknown} | undefined)?.$ref;
  const key = typeof ref === 'string' ? parameterRef.exec(ref)?.[1] : undefined;
  if (!key) return undefined;
  const parameters = contract.document.components.parameters as Record<string, Parameter> | undefined;
  const parameter = parameters?.[key];
  return parameter?.in === 'header' ? key : undefined;
}

const cache = new WeakMap<Contract, SharedHeader[]>();

/** Every shared header, with the operations that accept it. */
export function sharedHeaders(contract: Contract): SharedHeader[] {
  const known = cache.get(contract);
  if (known) return known;
  const headers = new Map<string, SharedHeader>();
  for (const entry of contract.operations.values()) {
    for (const raw of entry.rawOperation.parameters ?? []) {
      const key = sharedKeyOf(contract, raw);
      if (!key) continue;
      let header = headers.get(key);
      if (!header) {
        const parameter = resolve(contract, raw as Parameter).value;
        header = {
          key,
          parameter,
          webhook: entry.webhook,
          anchor: `${entry.webhook ? 'webhook-' : ''}header-${headerSlug(parameter.name)}`,
          operations: [],
        };
        headers.set(key, header);
      } else if (header.webhook !== entry.webhook) {
        throw new ContractError(
          `${contractRelativePath}: #/components/parameters/${key}: used by requests and webhook deliveries; give each its own parameter`,
        );
      }
      header.operations.push(entry);
    }
  }
  const list = [...headers.values()];
  cache.set(contract, list);
  return list;
}

/** The shared header an operation's parameter at `index` is, or undefined for its own parameters. */
export function sharedHeaderAt(
  contract: Contract,
  entry: OperationEntry,
  index: number,
): SharedHeader | undefined {
  const key = sharedKeyOf(contract, entry.rawOperation.parameters?.[index]);
  return key ? sharedHeaders(contract).find((header) => header.key === key) : undefined;
}

/**
 * The first sentence of a description: up to the first full stop followed by a space or the end,
 * outside code spans (`t + "." + raw body`).
 */
export function firstSentence(description: string): string {
  let inCode = false;
  for (let index = 0; index < description.length; index += 1) {
    const character = description[index];
    if (character === '`') inCode = !inCode;
    if (
      !inCode &&
      character === '.' &&
      (index + 1 === description.length || /\s/.test(description[index + 1] ?? ''))
    ) {
      return description.slice(0, index + 1);
    }
  }
  return description;
}

/** A shared header on an operation: one line and a link to its full description. */
export function sharedHeaderLine(contract: Contract, header: SharedHeader): FieldNode {
  const field = parameterField(contract, header.parameter);
  const summary = firstSentence(field.description);
  return {
    ...field,
    description: `${summary} See [${header.parameter.name}](${sharedHeadersPage.route}#${header.anchor}).`,
    constraints: [],
  };
}

/** `METHOD /path` as a Markdown link to the operation, as `operationLink` links it in mdast. */
const operationCode = (entry: OperationEntry): string =>
  `[\`${entry.method.toUpperCase()} ${entry.path}\`](${operationHref(entry)})`;

/**
 * Which operations accept a header, as a sentence: every `POST`, every `POST` but a few, or the
 * list; for webhook deliveries, every event or the list.
 */
export function acceptedBy(contract: Contract, header: SharedHeader): string {
  const all = [...contract.operations.values()].filter((entry) =>
    header.webhook ? entry.webhook : !entry.webhook && entry.method === header.operations[0]?.method,
  );
  const missing = all.filter((entry) => !header.operations.includes(entry));
  const method = `\`${(header.operations[0]?.method ?? '').toUpperCase()}\``;
  if (header.webhook) {
    return missing.length === 0
      ? 'Sent with every webhook delivery.'
      : `Sent with deliveries of: ${header.operations.map(operationCode).join(', ')}.`;
  }
  if (missing.length === 0) return `Accepted by every ${method} operation.`;
  if (missing.length <= 3) {
    return `Accepted by every ${method} operation except ${missing.map(operationCode).join(', ')}.`;
  }
  return `Accepted by ${header.operations.length} operations: ${header.operations.map(operationCode).join(', ')}.`;
}

export type ResponseHeader = {
  /** The key in `components/headers` (`VultusRequestId`). */
  key: string;
  /** The name the responses give it (`Vultus-Request-Id`). */
  name: string;
  header: Header;
  /** Its anchor on /common-parameters: `response-header-vultus-request-id`. */
  anchor: string;
};

/** One response of one operation, with the headers of `components/headers` it sends: name → key. */
type SentResponse = {entry: OperationEntry; status: string; headers: Map<string, string>};

const headerRef = /^#\/components\/headers\/([^/]+)$/;
const responseRef = /^#\/components\/responses\/([^/]+)$/;

const sentCache = new WeakMap<Contract, SentResponse[]>();

/** Every response of every API operation (webhooks have none of their own), with its shared headers. */
function sentResponses(contract: Contract): SentResponse[] {
  const known = sentCache.get(contract);
  if (known) return known;
  const components = contract.raw.components as {responses?: Record<string, unknown>};
  const sent: SentResponse[] = [];
  for (const entry of contract.operations.values()) {
    if (entry.webhook) continue;
    for (const [status, written] of Object.entries(entry.rawOperation.responses ?? {})) {
      const ref = (written as {$ref?: unknown}).$ref;
      const key = typeof ref === 'string' ? responseRef.exec(ref)?.[1] : undefined;
      const response = key ? components.responses?.[key] : written;
      const declared = isRecord(response) && isRecord(response.headers) ? response.headers : {};
      const headers = new Map<string, string>();
      for (const [name, header] of Object.entries(declared)) {
        const headerKey =
          isRecord(header) && typeof header.$ref === 'string' ? headerRef.exec(header.$ref)?.[1] : undefined;
        if (headerKey) headers.set(name, headerKey);
      }
      sent.push({entry, status, headers});
    }
  }
  sentCache.set(contract, sent);
  return sent;
}

/**
 * Every header of `components/headers`, in the order written, named as the responses that send
 * it name it. A header no response sends, or that two responses name differently, fails the build.
 */
export function responseHeaders(contract: Contract): ResponseHeader[] {
  const written = (contract.document.components.headers ?? {}) as Record<string, Header>;
  const names = new Map<string, Set<string>>();
  for (const {headers} of sentResponses(contract)) {
    for (const [name, key] of headers) names.set(key, (names.get(key) ?? new Set()).add(name));
  }
  return Object.entries(written).map(([key, header]) => {
    const pointer = `${contractRelativePath}: #/components/headers/${key}`;
    const [name, ...others] = names.get(key) ?? [];
    if (!name)
      throw new ContractError(
        `${pointer}: no response sends it; add it to a response's headers or remove it`,
      );
    if (others.length > 0) {
      throw new ContractError(
        `${pointer}: responses name it ${[name, ...others].join(' and ')}; use one name`,
      );
    }
    return {key, name, header, anchor: responseHeaderAnchor(name)};
  });
}

/** The error codes a response can carry: those of its examples. */
export function errorCodesOf(response: {entry: OperationEntry; status: string}): string[] {
  const examples =
    response.entry.operation.responses[response.status]?.content?.['application/json']?.examples;
  return Object.values(examples ?? {}).flatMap((example) => {
    const error = isRecord(example.value) && isRecord(example.value.error) ? example.value.error : undefined;
    return typeof error?.code === 'string' ? [error.code] : [];
  });
}

/**
 * Which responses send a header, as a sentence: every response; the responses of one or two
 * statuses; the successful responses of the operations that accept a shared request header, or
 * their replays, errors stored by `x-error-codes` included; every response of the cloud API; or the
 * operations.
 */
export function sentWith(contract: Contract, header: ResponseHeader): string {
  const all = sentResponses(contract);
  const sends = (response: SentResponse): boolean => response.headers.get(header.name) === header.key;
  const sending = all.filter(sends);
  if (sending.length === all.length) return 'Sent with every response.';
  const statuses = [...new Set(sending.map((response) => response.status))];
  if (statuses.length <= 2 && all.filter((response) => statuses.includes(response.status)).every(sends)) {
    // A response that can carry several error codes may send it with some of them only (the
    // header's description says which), so "every" only when each carries one code at most.
    const every = sending.every((response) => errorCodesOf(response).length <= 1) ? 'every ' : '';
    return `Sent with ${every}${statuses.map((status) => `\`${status}\``).join(' and ')} response${every ? '' : 's'}.`;
  }
  const operations = [...new Set(sending.map((response) => response.entry))];
  const sameOperations = (request: SharedHeader): boolean =>
    request.operations.length === operations.length &&
    operations.every((entry) => request.operations.includes(entry));
  const request = sharedHeaders(contract).find(
    (candidate) => !candidate.webhook && sameOperations(candidate),
  );
  const onSuccess = all.filter(
    (response) => operations.includes(response.entry) && isSuccessStatus(response.status),
  );
  const accepting = request
    ? `the operations that accept [\`${request.parameter.name}\`](${sharedHeadersPage.route}#${request.anchor})`
    : '';
  if (request && sending.length === onSuccess.length && onSuccess.every(sends)) {
    return `Sent with the successful responses of ${accepting}.`;
  }
  // A replay: the successes of those operations and, of their errors, the responses that can carry
  // a code the error catalogue marks `stored`.
  const stored = new Set(
    contract.document['x-error-codes'].filter((entry) => entry.stored).map((entry) => entry.code),
  );
  const errorsOf = all.filter(
    (response) => operations.includes(response.entry) && !isSuccessStatus(response.status),
  );
  if (
    request &&
    onSuccess.every(sends) &&
    errorsOf.every((response) => sends(response) === errorCodesOf(response).some((code) => stored.has(code)))
  ) {
    return `Sent with replays of the successful responses of ${accepting}, and of their errors that the [error codes](/responses#error-codes) mark as stored.`;
  }
  if (all.filter((response) => deploymentOf(response.entry).cloud).every(sends)) {
    return 'Sent with every response of the cloud API.';
  }
  // A header that an earlier one always comes with (`Sunset` with `Deprecation`) says so, not the list again.
  const listed = responseHeaders(contract);
  const earlier = listed
    .slice(
      0,
      listed.findIndex((other) => other.key === header.key),
    )
    .find((other) => {
      const sendingOther = all.filter((response) => response.headers.get(other.name) === other.key);
      return (
        sendingOther.length === sending.length && sendingOther.every((response) => sending.includes(response))
      );
    });
  if (earlier) return `Sent with the same responses as [\`${earlier.name}\`](#${earlier.anchor}).`;
  return `Sent with responses of ${operations.map(operationCode).join(', ')}.`;
}

/** A response header as a field: name, type, the contract's description and which responses send it. */
function responseHeaderField(contract: Contract, header: ResponseHeader): FieldNode {
  const field = parameterField(contract, {
    ...header.header,
    name: header.name,
    in: 'header',
    required: false,
  });
  return {...field, id: header.anchor, constraints: [...field.constraints, sentWith(contract, header)]};
}

const headerLists = ['requests', 'webhooks', 'responses'] as const;

export const headerDirectives: Directive[] = [
  {
    name: 'shared-headers',
    syntax: 'leaf',
    attributes: ['of'],
    summary:
      'the headers several operations share, each in full, with the operations that accept it (`of="requests"` or `of="webhooks"`) or the responses that send it (`of="responses"`); operations link here',
    render: (attributes, {contract, mode, sources}) => {
      const of = headerLists.find((list) => list === attributes.of);
      if (!of) throw new Error(`of=${headerLists.map((list) => `"${list}"`).join(', ')}`);
      const fields =
        of === 'responses'
          ? responseHeaders(contract).map((header) => responseHeaderField(contract, header))
          : sharedHeaders(contract)
              .filter((header) => header.webhook === (of === 'webhooks'))
              .map((header): FieldNode => {
                const field = parameterField(contract, header.parameter);
                return {
                  ...field,
                  id: header.anchor,
                  constraints: [...field.constraints, acceptedBy(contract, header)],
                };
              });
      return fieldList(fields, {mode, links: typeLinks(sources), badges: false});
    },
  },
];
