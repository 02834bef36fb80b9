/**
 * Loads the Vultus API contract (contract/openapi.yaml), validates it with Redocly's
 * OpenAPI core (structure and references) and returns it dereferenced, with the
 * catalogues it carries (decline reasons, error codes, limits). A malformed contract
 * throws a ContractError that names the file and the JSON pointer inside it.
 */
import {readFile, stat} from 'node:fs/promises';
import {parse as parseYaml} from 'yaml';
import path from 'node:path';
import {bundle, createConfig, lint, type NormalizedProblem} from '@redocly/openapi-core';

export const contractRelativePath = 'contract/openapi.yaml';

export type JsonSchema = {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  examples?: unknown[];
  example?: unknown;
  title?: string;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  $ref?: string;
  [key: `x-${string}`]: unknown;
};

export type Example = {summary?: string; description?: string; value: unknown};

export type MediaType = {
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, Example>;
};

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  description?: string;
  required?: boolean;
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, Example>;
};

export type Header = {description?: string; schema?: JsonSchema; required?: boolean};

export type Response = {
  description: string;
  headers?: Record<string, Header>;
  content?: Record<string, MediaType>;
};

export type Operation = {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: {description?: string; required?: boolean; content: Record<string, MediaType>};
  responses: Record<string, Response>;
  security?: Array<Record<string, string[]>>;
  servers?: Array<{url: string; description?: string}>;
  'x-doc-page'?: string;
  'x-rate-limit-group'?: string;
  /** Where the operation runs (required on every path operation; checked by the loader). */
  'x-deployment'?: Deployment;
};

/**
 * Where an operation runs: in the cloud, and on-premise in which container of
 * data/onprem/services.yaml (`every container` for the probes and the licence), or not.
 */
export type Deployment = {cloud: boolean; 'on-premise': string | false};

/** The deployment of a path operation (the loader has checked it is there). */
export function deploymentOf(entry: OperationEntry): Deployment {
  return entry.operation['x-deployment'] ?? {cloud: true, 'on-premise': false};
}

/** The value of `on-premise` for the operations every container answers (probes, licence). */
export const everyContainer = 'every container';

/** One line for an endpoint header: where the operation runs. */
export function availabilityOf(entry: OperationEntry): string {
  const deployment = deploymentOf(entry);
  const onPremise = deployment['on-premise'];
  if (!deployment.cloud) return 'On-premise server only';
  if (onPremise === false) return 'Cloud only';
  return `Cloud and on-premise (${onPremise === everyContainer ? 'every' : onPremise} container)`;
}

/** True when only the on-premise server has the operation. */
export const onPremiseOnly = (entry: OperationEntry): boolean => !entry.webhook && !deploymentOf(entry).cloud;

export const httpMethods = ['get', 'put', 'post', 'delete', 'patch'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export type PathItem = Partial<Record<HttpMethod, Operation>> & {parameters?: Parameter[]};

export type DeclineReason = {
  code: string;
  category: string;
  decision: string;
  retryable: boolean;
  user_message: string;
  internal_detail: string;
  services: string[];
  sandbox: string;
};

export type ErrorCode = {
  code: string;
  /** The HTTP status, or null for an error a Web SDK raises in the browser. */
  status: number | null;
  /** Who raises it: the API (the default) or the Web SDKs. */
  raised_by?: 'api' | 'sdk';
  type: string;
  retryable: boolean;
  message: string;
  fix: string;
};

export type OpenApiDocument = {
  openapi: string;
  info: {title: string; version: string; description?: string};
  servers: Array<{url: string; description?: string; variables?: Record<string, {default: string}>}>;
  tags?: Array<{name: string; description?: string}>;
  security?: Array<Record<string, string[]>>;
  paths: Record<string, PathItem>;
  webhooks?: Record<string, PathItem>;
  components: {schemas: Record<string, JsonSchema>; [key: string]: unknown};
  'x-decline-reasons': DeclineReason[];
  'x-error-codes': ErrorCode[];
  [key: `x-${string}`]: unknown;
};

/** One operation with where it lives: method, path, and whether it is a webhook. */
export type OperationEntry = {
  method: HttpMethod;
  path: string;
  webhook: boolean;
  /** The operation with every $ref replaced (examples, parameters). */
  operation: Operation;
  /** The operation as written, $refs kept (schema names). */
  rawOperation: Operation;
};

export type Contract = {
  file: string;
  /** The document with every $ref replaced by its target. */
  document: OpenApiDocument;
  /** The document as written (refs kept), for schema names. */
  raw: OpenApiDocument;
  operations: Map<string, OperationEntry>;
};

export class ContractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractError';
    // The message says what and where; a stack trace of our loader would only hide it.
    this.stack = `${this.name}: ${message}`;
  }
}

/** The value at a JSON pointer (`#/a/b~1c`) of a parsed document, if any. */
function valueAt(document: unknown, pointer: string): unknown {
  return pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
}

function describeProblem(problem: NormalizedProblem, siteDir: string, parsed: unknown): string {
  const where = problem.location[0];
  const file = where ? path.relative(siteDir, where.source.absoluteRef) : contractRelativePath;
  const pointer = where?.pointer ?? '#/';
  const node = valueAt(parsed, pointer) as {$ref?: unknown} | undefined;
  const ref = typeof node?.$ref === 'string' ? ` ($ref "${node.$ref}")` : '';
  return `${file}: ${pointer}: ${problem.message}${ref}`;
}

function collectOperations(document: OpenApiDocument, raw: OpenApiDocument): Map<string, OperationEntry> {
  const operations = new Map<string, OperationEntry>();
  const add = (
    items: Record<string, PathItem> | undefined,
    rawItems: Record<string, PathItem> | undefined,
    webhook: boolean,
  ): void => {
    for (const [itemPath, item] of Object.entries(items ?? {})) {
      for (const method of httpMethods) {
        const operation = item[method];
        const rawOperation = rawItems?.[itemPath]?.[method];
        if (!operation || !rawOperation) continue;
        if (operations.has(operation.operationId)) {
          throw new ContractError(
            `${contractRelativePath}: #/${webhook ? 'webhooks' : 'paths'}/${itemPath}/${method}: operationId "${operation.operationId}" is used twice`,
          );
        }
        operations.set(operation.operationId, {method, path: itemPath, webhook, operation, rawOperation});
      }
    }
  };
  add(document.paths, raw.paths, false);
  add(document.webhooks, raw.webhooks, true);
  return operations;
}

/** Every path operation says where it runs, in the one shape the pages render. */
function requireDeployments(operations: Map<string, OperationEntry>): void {
  for (const entry of operations.values()) {
    if (entry.webhook) continue;
    const where = `${contractRelativePath}: #/paths/${entry.path}/${entry.method}/x-deployment`;
    const deployment = entry.operation['x-deployment'] as Record<string, unknown> | undefined;
    if (!deployment || typeof deployment !== 'object') {
      throw new ContractError(`${where}: missing (cloud: true|false, on-premise: a container name or false)`);
    }
    if (typeof deployment.cloud !== 'boolean') {
      throw new ContractError(`${where}/cloud: expected true or false`);
    }
    const onPremise = deployment['on-premise'];
    if (onPremise !== false && (typeof onPremise !== 'string' || onPremise === '')) {
      throw new ContractError(`${where}/on-premise: expected a container name, "every container" or false`);
    }
    const unknown = Object.keys(deployment).filter((key) => key !== 'cloud' && key !== 'on-premise');
    if (unknown.length > 0) throw new ContractError(`${where}/${unknown[0]}: unknown key`);
    if (!deployment.cloud && onPremise === false) {
      throw new ContractError(`${where}: runs nowhere (cloud is false and on-premise is false)`);
    }
  }
}

function requireCatalogue(document: OpenApiDocument, key: 'x-decline-reasons' | 'x-error-codes'): void {
  if (!Array.isArray(document[key]) || document[key].length === 0) {
    throw new ContractError(
      `${contractRelativePath}: #/${key}: missing or empty (the catalogue the pages render)`,
    );
  }
}

let cache: {mtimeMs: number; promise: Promise<Contract>} | undefined;

async function load(siteDir: string): Promise<Contract> {
  const file = path.join(siteDir, contractRelativePath);
  const config = await createConfig({
    rules: {struct: 'error', 'no-unresolved-refs': 'error', 'operation-operationId': 'error'},
  });
  let linted: NormalizedProblem[];
  try {
    linted = await lint({ref: file, config});
  } catch (error) {
    // YAML syntax errors surface here, with the line and column in the message.
    const message = (error instanceof Error ? error.message : String(error)).replace(
      file,
      contractRelativePath,
    );
    throw new ContractError(`${contractRelativePath}: not valid YAML: ${message}`);
  }
  const problems = linted.filter((problem) => problem.severity === 'error');
  if (problems.length > 0) {
    let parsed: unknown;
    try {
      parsed = parseYaml(await readFile(file, 'utf8'));
    } catch {
      parsed = undefined;
    }
    throw new ContractError(
      `The API contract is invalid:\n${problems
        .slice(0, 20)
        .map((problem) => `  ${describeProblem(problem, siteDir, parsed)}`)
        .join('\n')}`,
    );
  }
  const raw = (await bundle({ref: file, config, dereference: false})).bundle.parsed as OpenApiDocument;
  const result = await bundle({ref: file, config, dereference: true});
  const document = result.bundle.parsed as OpenApiDocument;
  requireCatalogue(document, 'x-decline-reasons');
  requireCatalogue(document, 'x-error-codes');
  const operations = collectOperations(document, raw);
  requireDeployments(operations);
  return {file, document, raw, operations};
}

/** The contract, loaded once per change of the file. */
export async function loadContract(siteDir: string): Promise<Contract> {
  const file = path.join(siteDir, contractRelativePath);
  let mtimeMs: number;
  try {
    mtimeMs = (await stat(file)).mtimeMs;
  } catch {
    throw new ContractError(`${contractRelativePath}: file not found`);
  }
  if (!cache || cache.mtimeMs !== mtimeMs) {
    cache = {mtimeMs, promise: load(siteDir)};
  }
  return cache.promise;
}
