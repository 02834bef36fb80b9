/**
 * Worked examples of `Vultus-Signature` (the contract's `x-signature-test-vectors`): the secret,
 * the timestamp and the exact raw body of a contract example, and the header computed from them
 * here, at build time, so the published header can never disagree with the published inputs.
 */
import type {Directive} from '../directive';
import {required} from '../directive';
import {createHmac} from 'node:crypto';
import type {RootContent} from 'mdast';
import type {Contract} from './contract';
import {ContractError} from './contract';
import {code, codeBlock, paragraph, table, text} from '../mdast';

export type SignatureKind = 'webhook' | 'request';

export interface SignatureVector {
  kind: SignatureKind;
  secret: string;
  timestamp: number;
  /** The raw body: the operation's example as compact JSON. */
  body: string;
  /** The `Vultus-Signature` value: `t=<timestamp>,v1=<hex HMAC-SHA256 of "t.body">`. */
  header: string;
}

/** The header Vultus sends (webhooks) or expects (signed requests) for a body. */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

export function signatureVector(contract: Contract, kind: string): SignatureVector {
  const where = `contract/openapi.yaml: #/x-signature-test-vectors/${kind}`;
  if (kind !== 'webhook' && kind !== 'request')
    throw new ContractError(`${where}: kind is webhook or request`);
  const vectors = contract.document['x-signature-test-vectors'] as Record<string, unknown> | undefined;
  const vector = vectors?.[kind] as
    {secret?: unknown; timestamp?: unknown; operation?: unknown; example?: unknown} | undefined;
  if (!vector) throw new ContractError(`${where}: missing`);
  const {secret, timestamp, operation, example} = vector;
  if (typeof secret !== 'string' || secret.length < 16) throw new ContractError(`${where}/secret: a string`);
  if (typeof timestamp !== 'number' || !Number.isInteger(timestamp)) {
    throw new ContractError(`${where}/timestamp: Unix seconds`);
  }
  const entry = typeof operation === 'string' ? contract.operations.get(operation) : undefined;
  if (!entry || entry.webhook !== (kind === 'webhook')) {
    throw new ContractError(
      `${where}/operation: ${String(operation)} is not a ${kind === 'webhook' ? 'webhook' : 'path'} operation`,
    );
  }
  const content = (
    entry.operation.requestBody as
      {content?: Record<string, {examples?: Record<string, {value?: unknown}>}>} | undefined
  )?.content?.['application/json'];
  const value = typeof example === 'string' ? content?.examples?.[example]?.value : undefined;
  if (value === undefined)
    throw new ContractError(
      `${where}/example: ${String(example)} is no example of ${entry.operation.operationId}`,
    );
  const body = JSON.stringify(value);
  return {kind, secret, timestamp, body, header: signatureHeader(secret, timestamp, body)};
}

/** `::signature-vector{kind="webhook"}`: the inputs and the expected header, then the raw body. */
export function renderSignatureVector(contract: Contract, kind: string): RootContent[] {
  const vector = signatureVector(contract, kind);
  const secretName = kind === 'webhook' ? 'Endpoint secret' : 'Signing secret';
  return [
    table(
      ['Input', 'Value'],
      [
        [secretName, code(vector.secret)],
        [code('t'), code(String(vector.timestamp))],
        [[text('Expected '), code('Vultus-Signature')], code(vector.header)],
      ],
    ),
    paragraph(text('The raw body, byte for byte (one line, no final newline):')),
    codeBlock('text', vector.body),
  ];
}

export const signatureDirectives: Directive[] = [
  {
    name: 'signature-vector',
    syntax: 'leaf',
    attributes: ['kind'],
    summary:
      'a worked `Vultus-Signature` example from `x-signature-test-vectors` (`kind`: `webhook`, `request`), the header computed at build time',
    render: (attributes, {contract}) => renderSignatureVector(contract, required(attributes, 'kind')),
  },
];
