/**
 * Headers that several operations share: the header parameters of `components/parameters`
 * (`Idempotency-Key`, `Vultus-Signature`, `Vultus-Sandbox-Outcome`, and the `Vultus-Signature`
 * of webhook deliveries). Each is described in full once, on /common-parameters, by
 * `::shared-headers` (with the operations that accept it, from the contract); an operation lists
 * the shared headers it accepts with one line (the description's first sentence) and a link
 * there. A header parameter written inline in one operation is that operation's own and is
 * described in full where it is.
 */
import type {Directive} from '../directive';
import {fieldList, typeLinks} from './fieldList';
import {
  ContractError,
  contractRelativePath,
  operationHref,
  type Contract,
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
        const slug = parameter.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
        header = {
          key,
          parameter,
          webhook: entry.webhook,
          anchor: `${entry.webhook ? 'webhook-' : ''}header-${slug}`,
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

export const headerDirectives: Directive[] = [
  {
    name: 'shared-headers',
    syntax: 'leaf',
    attributes: ['of'],
    summary:
      'the headers several operations share (`of="requests"` or `of="webhooks"`), each in full with the operations that accept it; operations link here',
    render: (attributes, {contract, mode, siteDir}) => {
      const of = attributes.of;
      if (of !== 'requests' && of !== 'webhooks') throw new Error('of="requests" or of="webhooks"');
      const fields = sharedHeaders(contract)
        .filter((header) => header.webhook === (of === 'webhooks'))
        .map((header): FieldNode => {
          const field = parameterField(contract, header.parameter);
          return {
            ...field,
            id: header.anchor,
            constraints: [...field.constraints, acceptedBy(contract, header)],
          };
        });
      return fieldList(fields, {mode, links: typeLinks(siteDir), badges: false});
    },
  },
];
