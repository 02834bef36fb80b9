/**
 * Loads the Vultus API contract (contract/openapi.yaml), validates it with Redocly's
 * OpenAPI core (structure and references) and returns it dereferenced, with the
 * catalogues it carries (decline reasons, error codes, limits). A malformed contract
 * throws a ContractError that names the file and the JSON pointer inside it.
 *
 * The contract's own strings (descriptions, summaries, error `fix` texts, decline-reason
 * details) never type a number that x-limits or a schema default holds: they write a
 * placeholder, which the loader replaces in both documents it returns (see
 * `expandContractString` below), so every page, Markdown twin and /openapi.yaml shows the value.
 */
import {access, readFile} from 'node:fs/promises';
import {isMap, isScalar, isSeq, parse as parseYaml, parseDocument} from 'yaml';
import path from 'node:path';
import {isDeepStrictEqual} from 'node:util';
import type {NormalizedProblem} from '@redocly/openapi-core';
import {SourceError} from '../errors';
import {pointerPath, yamlLine, yamlSyntaxError} from '../yamlLines';
import {expandPlaceholders, noSuchKey, placeholderPattern} from '../placeholders';
import {grouped, thresholdText} from '../numbers';
import {addMonths} from '../dates';
import {sandboxClause} from './sandbox';
import {operationAnchor} from '../../../src/lib/anchors';

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
  deprecated?: boolean;
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
  /** With its `x-deprecation` (the loader checks both). */
  deprecated?: boolean;
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
/** Whether a response status is a success (`2xx`). */
export const isSuccessStatus = (status: string): boolean => /^2\d\d$/.test(status);

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

/** Where an operation's reference is: its page and anchor (`/services/face-match#op-match-faces`). */
export function operationHref(entry: OperationEntry): string {
  return `${entry.operation['x-doc-page'] ?? ''}#${operationAnchor(entry.operation.operationId)}`;
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
  /** The on-premise containers (data/onprem/services.yaml) that raise it; empty when cloud only. */
  on_premise: string[];
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
  /**
   * Whether Vultus stores the response under its `Idempotency-Key` and replays it to a retry with
   * the same key: the request ran to a final answer. Never for a retryable error (it is retried
   * with the same key) nor for one the Web SDKs raise.
   */
  stored: boolean;
  message: string;
  fix: string;
};

/** One row of `x-http-statuses`: a status an operation or an error code has, and what it means. */
export type HttpStatus = {status: number; meaning: string};

/**
 * The statuses of a model version in `x-model-versions`, in the order a version passes through
 * them: `current` (the default of its family), `supported`, `deprecated` (announced; runs until its
 * sunset) and `retired` (past its sunset; no longer in its family's request enum, so a request
 * that pins it returns `400 parameter_invalid`).
 */
export const modelVersionStatuses = ['current', 'supported', 'deprecated', 'retired'] as const;
export type ModelVersionStatus = (typeof modelVersionStatuses)[number];

/** One row of `x-model-versions` (the loader checks its shape). */
export type ModelVersion = {
  model_version: string;
  family: string;
  status: ModelVersionStatus;
  /** Date (YYYY-MM-DD) the version was released. */
  released: string;
  /** The pages of the services that run the family. */
  services: string[];
  /**
   * The day a deprecated or retired version's deprecation was announced (the `Deprecation` header
   * of a response to a request that pins it); `null` otherwise.
   */
  deprecated: string | null;
  /** A deprecated version's last day, a retired version's day of retirement; `null` otherwise. */
  sunset: string | null;
};

/**
 * A deprecated field or parameter: `deprecated: true` with `x-deprecation`, the day the
 * deprecation was announced and what replaces it (Markdown naming it: "`face_model_version`").
 * It keeps working for the life of `v1` (the revision history's deprecation policy), so it has no
 * sunset.
 */
export type Deprecation = {announced: string; replacement: string};

/**
 * The response headers of a request that uses something deprecated (RFC 9745 `Deprecation`, with a
 * `Link` of relation `deprecation` to the policy) and, for a model version that has a sunset date,
 * RFC 8594 `Sunset`. The loader requires them on the success responses of every such operation.
 */
export const deprecationHeaders = {deprecation: 'Deprecation', sunset: 'Sunset', link: 'Link'} as const;

/** The component of `components/headers` each of them is (a response names them by these). */
const deprecationHeaderComponents: Record<string, string> = {
  [deprecationHeaders.deprecation]: 'Deprecation',
  [deprecationHeaders.sunset]: 'Sunset',
  [deprecationHeaders.link]: 'DeprecationLink',
};

/** The current version of a model family (the loader has checked there is exactly one). */
export function currentModelVersion(document: OpenApiDocument, family: string): string {
  return (
    document['x-model-versions'].find((row) => row.family === family && row.status === 'current')
      ?.model_version ?? ''
  );
}

/** The months between a model version's deprecation and its sunset, at least (the deprecation policy). */
export const modelNoticeMonths = 6;

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
  'x-http-statuses': HttpStatus[];
  'x-model-versions': ModelVersion[];
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

/** A mistake in the contract: the message says what and where, without our loader's stack trace. */
export class ContractError extends SourceError {}

/** The value at a JSON pointer (`#/a/b~1c`) of a parsed document, if any. */
function valueAt(document: unknown, pointer: string): unknown {
  return pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
}

/** A problem Redocly found, as `contract/openapi.yaml:412: #/paths/…: message`: the file, the line and the pointer. */
function describeProblem(
  problem: NormalizedProblem,
  siteDir: string,
  source: string,
  parsed: unknown,
): string {
  const where = problem.location[0];
  const file = where ? path.relative(siteDir, where.source.absoluteRef) : contractRelativePath;
  const pointer = where?.pointer ?? '#/';
  const node = valueAt(parsed, pointer) as {$ref?: unknown} | undefined;
  const ref = typeof node?.$ref === 'string' ? ` ($ref "${node.$ref}")` : '';
  const line = yamlLine(source, pointerPath(pointer.replace(/^#/, '')));
  return `${file}${line ? `:${line}` : ''}: ${pointer}: ${problem.message}${ref}`;
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
            `${contractRelativePath}: #/${webhook ? 'webhooks' : 'paths'}/${pointerPart(itemPath)}/${method}: operationId "${operation.operationId}" is used twice`,
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
    const where = `${contractRelativePath}: #/paths/${pointerPart(entry.path)}/${entry.method}/x-deployment`;
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

/**
 * `x-error-codes`, the catalogue `::error-codes` renders: each entry in the shape of `ErrorCode`,
 * codes unique, a `type` of the `ErrorType` enum, an HTTP status unless the Web SDKs raise it, and
 * `stored` only where a stored response can exist and a retry with the same key is not the advice.
 */
function requireErrorCodes(document: OpenApiDocument): void {
  const key = 'x-error-codes';
  const types = document.components.schemas.ErrorType?.enum ?? [];
  const seen = new Set<string>();
  (document[key] as unknown[]).forEach((entry, index) => {
    const where = `${contractRelativePath}: #/${key}/${index}`;
    const fail = (field: string, why: string): never => {
      throw new ContractError(`${where}/${field}: ${why}`);
    };
    if (!isRecord(entry)) throw new ContractError(`${where}: expected an object`);
    const code = entry.code;
    if (typeof code !== 'string' || !/^[a-z]+(_[a-z0-9]+)*$/.test(code)) {
      return fail('code', 'expected a code in snake_case');
    }
    if (seen.has(code)) fail('code', `${code} is listed twice`);
    seen.add(code);
    const sdk = entry.raised_by === 'sdk';
    if (entry.raised_by !== undefined && entry.raised_by !== 'api' && !sdk) {
      fail('raised_by', 'expected api or sdk');
    }
    const status = entry.status;
    if (
      sdk ? status !== null : !(Number.isInteger(status) && Number(status) >= 400 && Number(status) <= 599)
    ) {
      fail(
        'status',
        sdk ? 'an error the Web SDKs raise has no status (null)' : 'expected a 4xx or 5xx status',
      );
    }
    if (!types.includes(entry.type)) fail('type', `"${String(entry.type)}" is not one of ErrorType's values`);
    for (const field of ['retryable', 'stored']) {
      if (typeof entry[field] !== 'boolean') fail(field, 'expected true or false');
    }
    for (const field of ['message', 'fix']) {
      if (typeof entry[field] !== 'string' || entry[field] === '') fail(field, 'expected a sentence');
    }
    if (entry.stored && sdk) fail('stored', 'an error raised in the browser has no response to store');
    if (entry.stored && entry.retryable) {
      fail('stored', 'a retryable error is retried with the same Idempotency-Key, so it is never stored');
    }
  });
}

/**
 * `x-http-statuses`, the status table of /responses: one row per status, each status some
 * operation declares or some error code has, and no other.
 */
function requireHttpStatuses(document: OpenApiDocument, operations: Map<string, OperationEntry>): void {
  const key = 'x-http-statuses';
  const rows: unknown = document[key];
  if (!Array.isArray(rows) || rows.length === 0) {
    throw new ContractError(
      `${contractRelativePath}: #/${key}: missing or empty (the status table /responses renders)`,
    );
  }
  const listed = new Set<string>();
  rows.forEach((row: unknown, index) => {
    const where = `${contractRelativePath}: #/${key}/${index}`;
    if (!isRecord(row)) throw new ContractError(`${where}: expected an object`);
    if (!Number.isInteger(row.status) || Number(row.status) < 100 || Number(row.status) > 599) {
      throw new ContractError(`${where}/status: expected an HTTP status`);
    }
    if (listed.has(String(row.status)))
      throw new ContractError(`${where}/status: ${String(row.status)} is listed twice`);
    listed.add(String(row.status));
    if (typeof row.meaning !== 'string' || row.meaning === '') {
      throw new ContractError(`${where}/meaning: expected a sentence`);
    }
  });
  const used = new Map<string, string>();
  for (const entry of operations.values()) {
    if (entry.webhook) continue;
    for (const status of Object.keys(entry.operation.responses ?? {})) {
      if (!used.has(status)) used.set(status, `${entry.method.toUpperCase()} ${entry.path}`);
    }
  }
  for (const entry of document['x-error-codes']) {
    if (entry.status !== null && !used.has(String(entry.status))) used.set(String(entry.status), entry.code);
  }
  for (const [status, by] of used) {
    if (!listed.has(status)) {
      throw new ContractError(`${contractRelativePath}: #/${key}: no row for ${status}, which ${by} returns`);
    }
  }
  const unused = [...listed].find((status) => !used.has(status));
  if (unused) {
    throw new ContractError(
      `${contractRelativePath}: #/${key}: ${unused} is returned by no operation and no error code`,
    );
  }
}

const isDate = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value);

/**
 * `x-model-versions`, the catalogue `::model-versions` renders and the pages' model facts read:
 * each row in the shape of `ModelVersion`, a status of `modelVersionStatuses`, the date of the
 * deprecation and a sunset date at least `modelNoticeMonths` later on the deprecated and retired
 * versions only, and one current version per family. Whether a
 * status still agrees with today's date is for tests/unit/model-versions.test.ts, not the build.
 */
function requireModelVersions(document: OpenApiDocument): void {
  const key = 'x-model-versions';
  const rows: unknown = document[key];
  if (!Array.isArray(rows) || rows.length === 0) {
    throw new ContractError(
      `${contractRelativePath}: #/${key}: missing or empty (the catalogue the pages render)`,
    );
  }
  const seen = new Set<string>();
  const current = new Map<string, number>();
  rows.forEach((row: unknown, index) => {
    const where = `${contractRelativePath}: #/${key}/${index}`;
    const fail = (field: string, why: string): never => {
      throw new ContractError(`${where}/${field}: ${why}`);
    };
    if (!isRecord(row)) throw new ContractError(`${where}: expected an object`);
    const version = row.model_version;
    if (typeof version !== 'string' || !/^[a-z]+(-[a-z]+)*-v\d+\.\d+$/.test(version)) {
      return fail('model_version', 'expected a version such as face-match-v4.2');
    }
    if (seen.has(version)) fail('model_version', `${version} is listed twice`);
    seen.add(version);
    const family = row.family;
    if (typeof family !== 'string' || !version.startsWith(`${family}-v`)) {
      return fail('family', `expected the family the version is named after (${version})`);
    }
    const status = row.status;
    if (!modelVersionStatuses.includes(status as ModelVersionStatus)) {
      return fail('status', `"${String(status)}" is not one of ${modelVersionStatuses.join(', ')}`);
    }
    if (!isDate(row.released)) fail('released', 'expected a quoted date (YYYY-MM-DD)');
    if (
      !Array.isArray(row.services) ||
      !row.services.every((page) => typeof page === 'string' && page.startsWith('/'))
    ) {
      fail('services', 'expected a list of page paths (/services/face-match)');
    }
    const ends = status === 'deprecated' || status === 'retired';
    if (ends && (!isDate(row.deprecated) || row.deprecated <= String(row.released))) {
      fail(
        'deprecated',
        `a ${String(status)} version needs the date its deprecation was announced, after its release`,
      );
    }
    if (ends && (!isDate(row.sunset) || row.sunset < addMonths(String(row.deprecated), modelNoticeMonths))) {
      fail(
        'sunset',
        `a ${String(status)} version needs its sunset date, at least ${modelNoticeMonths} months after its deprecation (${String(row.deprecated)})`,
      );
    }
    if (!ends && row.deprecated !== null)
      fail('deprecated', `a ${String(status)} version is not deprecated (null)`);
    if (!ends && row.sunset !== null) fail('sunset', `a ${String(status)} version has no sunset (null)`);
    current.set(family, (current.get(family) ?? 0) + (status === 'current' ? 1 : 0));
  });
  for (const [family, count] of current) {
    if (count !== 1) {
      throw new ContractError(
        `${contractRelativePath}: #/${key}: the ${family} family has ${count} current versions; it needs exactly one`,
      );
    }
  }
}

/**
 * Placeholders in the contract's strings:
 *
 *   %{limits.image.max_bytes|MB}            an x-limits number by dotted path (list items by index)
 *   %{limits.face_search_top_k.max}         the same, as a number ("50", "10,000,000")
 *   %{default.FaceSearchConfig.threshold}   the `default` of a schema property ("0.85", "600")
 *   %{retention.aml-screenings}             the retention of an x-data-retention row ("5 years"),
 *   %{retention.results.configurable}       and its configurable range ("30 to 1825 days")
 *   %{sandbox.checks}                       what a test key runs (x-sandbox, ./sandbox.ts)
 *
 * The language is the site's one (../placeholders.ts): a key always has a dot, so curl's own
 * `%{http_code}` is not one, and `|format` converts a number from the unit its key names
 * (`_bytes`, `_seconds`, `_minutes`, `_hours`, `_days`, ../numbers.ts). An unknown key or format
 * fails loading, naming the string's line and JSON pointer.
 */

/**
 * Every `deprecated: true` of the contract (a schema, a property, a parameter) comes with its
 * `x-deprecation` (the day it was announced, what replaces it), and no `x-deprecation` stands
 * without it. Read from the document as written, so the pointers are the file's own.
 */
function requireDeprecations(raw: OpenApiDocument): void {
  const visit = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, `${pointer}/${index}`));
      return;
    }
    if (!isRecord(node)) return;
    const marked = node.deprecated === true;
    const deprecation = node['x-deprecation'];
    if (marked || deprecation !== undefined) {
      const where = `${contractRelativePath}: #${pointer}`;
      if (!marked) throw new ContractError(`${where}/x-deprecation: stands without \`deprecated: true\``);
      if (!isRecord(deprecation))
        throw new ContractError(
          `${where}/deprecated: needs x-deprecation, with the day it was announced and what replaces it`,
        );
      if (!isDate(deprecation.announced))
        throw new ContractError(`${where}/x-deprecation/announced: expected a quoted date (YYYY-MM-DD)`);
      if (typeof deprecation.replacement !== 'string' || deprecation.replacement.trim() === '')
        throw new ContractError(`${where}/x-deprecation/replacement: expected what replaces it`);
    }
    for (const [key, child] of Object.entries(node)) {
      if (key !== 'x-model-versions' && key !== 'x-deprecation')
        visit(child, `${pointer}/${pointerPart(key)}`);
    }
  };
  visit(raw, '');
}

/** The deprecation of a schema or parameter (the loader has checked its shape), if it is deprecated. */
export function deprecationOf(node: {deprecated?: boolean; [key: string]: unknown}): Deprecation | undefined {
  const deprecation = node['x-deprecation'];
  if (node.deprecated !== true || !isRecord(deprecation)) return undefined;
  return {announced: String(deprecation.announced), replacement: String(deprecation.replacement)};
}

/**
 * What a request of the operation can use that is or may become deprecated: a model-version pin (an
 * `enum` of model versions of `x-model-versions` in its body or a parameter), a deprecated field of
 * its body, a deprecated parameter, or the operation itself. The operation is read dereferenced, which may hold circles.
 */
function deprecatedUses(
  entry: OperationEntry,
  modelVersions: ReadonlySet<string>,
): {pinsModel: boolean; deprecated: boolean} {
  const seen = new Set<unknown>();
  const found = {pinsModel: false, deprecated: false};
  const visit = (node: unknown): void => {
    if (!isRecord(node) || seen.has(node)) return;
    seen.add(node);
    if (node.deprecated === true) found.deprecated = true;
    const values = node.enum;
    if (
      Array.isArray(values) &&
      values.length > 0 &&
      values.every((value) => modelVersions.has(String(value)))
    )
      found.pinsModel = true;
    for (const child of Object.values(node)) {
      if (Array.isArray(child)) child.forEach(visit);
      else visit(child);
    }
  };
  visit(entry.operation.requestBody);
  // A pin can be a parameter too; a deprecated operation or parameter is a deprecated use.
  for (const parameter of entry.operation.parameters ?? []) {
    if (parameter.deprecated) found.deprecated = true;
    visit(parameter.schema);
  }
  if (entry.operation.deprecated) found.deprecated = true;
  return found;
}

/**
 * An operation whose request can use something deprecated documents the headers a response to it
 * then carries, on every success response: `Deprecation` and `Link` for a deprecated field or
 * parameter, and `Sunset` too for a model-version pin (a pin of any version, since any can be
 * deprecated before the next contract). The cloud sends them: an operation that runs on-premise
 * only documents none of them.
 */
function requireDeprecationHeaders(
  document: OpenApiDocument,
  raw: OpenApiDocument,
  operations: Map<string, OperationEntry>,
): void {
  /** A response as written: its own, or the component its `$ref` names. */
  const rawResponse = (response: unknown): {headers?: Record<string, {$ref?: string}>} | undefined => {
    const ref = isRecord(response) && typeof response.$ref === 'string' ? response.$ref : undefined;
    const named = ref?.replace(/^#\/components\/responses\//, '');
    const responses = raw.components.responses as Record<string, unknown> | undefined;
    const found = named === undefined ? response : responses?.[named];
    return isRecord(found) ? (found as {headers?: Record<string, {$ref?: string}>}) : undefined;
  };
  const modelVersions = new Set(document['x-model-versions'].map((row) => row.model_version));
  const names: string[] = Object.values(deprecationHeaders);
  for (const entry of operations.values()) {
    if (entry.webhook) continue;
    if (entry.operation['x-deployment']?.cloud === false) {
      // The cloud sends them; an on-premise image answers the versions it ships.
      for (const [status, response] of Object.entries(entry.operation.responses)) {
        const sent = Object.keys(response.headers ?? {}).filter((name) => names.includes(name));
        if (sent.length > 0)
          throw new ContractError(
            `${contractRelativePath}: #/paths/${pointerPart(entry.path)}/${entry.method}/responses/${status}/headers: ${sent.join(', ')} ${sent.length === 1 ? 'is' : 'are'} sent by the cloud only, and the operation runs on-premise only`,
          );
      }
      continue;
    }
    const uses = deprecatedUses(entry, modelVersions);
    const needed = [
      ...(uses.pinsModel || uses.deprecated ? [deprecationHeaders.deprecation, deprecationHeaders.link] : []),
      ...(uses.pinsModel ? [deprecationHeaders.sunset] : []),
    ];
    if (needed.length === 0) continue;
    const why = uses.pinsModel
      ? 'its request can pin a model version'
      : 'its request can use a deprecated operation, field or parameter';
    for (const [status, response] of Object.entries(entry.operation.responses)) {
      if (!isSuccessStatus(status)) continue;
      const where = `${contractRelativePath}: #/paths/${pointerPart(entry.path)}/${entry.method}/responses/${status}/headers`;
      const missing = needed.filter((name) => !Object.hasOwn(response.headers ?? {}, name));
      if (missing.length > 0) {
        throw new ContractError(
          `${where}: ${why}, so the response documents ${needed.join(', ')} (missing: ${missing.join(', ')})`,
        );
      }
      // Each is the deprecation's own header (a `Link` of another relation would not do).
      const written = rawResponse(entry.rawOperation.responses[status])?.headers ?? {};
      for (const name of needed) {
        const component = `#/components/headers/${deprecationHeaderComponents[name] ?? name}`;
        if (written[name]?.$ref !== component)
          throw new ContractError(`${where}/${pointerPart(name)}: expected {$ref: '${component}'}`);
      }
    }
  }
}

type Json = Record<string, unknown>;
/** A JSON object (not an array, not null). */
export const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON pointer segment: `/face/match` → `~1face~1match`. */
export const pointerPart = (key: string | number): string =>
  String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/** What a placeholder can name, by key; numbers are formatted where they are used. */
export type PlaceholderValues = Map<string, number | string>;

/**
 * The values placeholders name, read from a parsed contract as written, before any of its
 * strings is expanded: x-limits numbers and schema defaults are not strings, and a retention
 * period that holds a placeholder itself is expanded here with those. Nothing here reads
 * ../facts/facts.ts, which builds its facts from the loaded (expanded) contract.
 */
export function placeholderValues(document: unknown): PlaceholderValues {
  const values: PlaceholderValues = new Map();
  const root = isRecord(document) ? document : {};
  const walk = (node: unknown, key: string): void => {
    if (typeof node === 'number') values.set(key, node);
    else if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${key}.${index}`));
    else if (isRecord(node)) for (const [part, child] of Object.entries(node)) walk(child, `${key}.${part}`);
  };
  walk(root['x-limits'], 'limits');
  const components = isRecord(root.components) ? root.components : {};
  const schemas = isRecord(components.schemas) ? components.schemas : {};
  for (const [name, schema] of Object.entries(schemas)) {
    const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
    for (const [property, written] of Object.entries(properties)) {
      // A property may point at a shared schema (`{$ref: '#/components/schemas/LivenessThreshold'}`).
      const ref =
        isRecord(written) && typeof written.$ref === 'string'
          ? /^#\/components\/schemas\/([\w.-]+)$/.exec(written.$ref)
          : null;
      const definition = ref ? schemas[ref[1] ?? ''] : written;
      if (isRecord(definition) && typeof definition.default === 'number') {
        values.set(`default.${name}.${property}`, definition.default);
      }
    }
  }
  const rows = Array.isArray(root['x-data-retention']) ? root['x-data-retention'] : [];
  rows.forEach((row: unknown, index) => {
    if (!isRecord(row) || typeof row.key !== 'string' || typeof row.retention !== 'string') return;
    const where = `#/x-data-retention/${index}`;
    values.set(`retention.${row.key}`, expandContractString(row.retention, values, `${where}/retention`));
    if (typeof row.configurable === 'string') {
      const configurable = expandContractString(row.configurable, values, `${where}/configurable`);
      values.set(`retention.${row.key}.configurable`, configurable);
    }
  });
  // What a test key runs (x-sandbox), the one sentence every string that describes the sandbox uses.
  if (root['x-sandbox'] !== undefined) {
    try {
      values.set('sandbox.checks', sandboxClause(root));
    } catch (error) {
      throw new ContractError(
        `${contractRelativePath}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return values;
}

/**
 * One of the contract's strings with each placeholder replaced (../placeholders.ts): an x-limits
 * number grouped, a schema default as a threshold, a retention period as written. `pointer` is
 * where the string is, for the error.
 */
export function expandContractString(text: string, values: PlaceholderValues, pointer: string): string {
  return expandPlaceholders(
    text,
    (key) => {
      const value = values.get(key);
      if (value === undefined || typeof value === 'string')
        return value === undefined ? undefined : {text: value};
      return {text: key.startsWith('default.') ? thresholdText(value) : grouped(value), number: value};
    },
    (placeholder, why) => {
      const kinds =
        why === noSuchKey
          ? ' (limits.<x-limits path>, default.<Schema>.<property>, retention.<x-data-retention key> or sandbox.checks)'
          : '';
      throw new ContractError(`${contractRelativePath}: ${pointer}: ${placeholder}: ${why}${kinds}`);
    },
  );
}

/**
 * Replaces the placeholders of every string in a parsed contract, in place, and returns it. Each
 * object is visited once, so a dereferenced document (whose $ref targets are shared, and may
 * be cyclic) is expanded once per node; the pointer is the first path that reaches it.
 */
export function expandContractStrings<T>(document: T, values = placeholderValues(document)): T {
  const seen = new WeakSet<object>();
  const visit = (node: unknown, pointer: string): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    const entries: Array<[string | number, unknown]> = Array.isArray(node)
      ? node.map((item, index) => [index, item])
      : Object.entries(node);
    for (const [key, child] of entries) {
      const at = `${pointer}/${pointerPart(key)}`;
      if (typeof child === 'string')
        (node as Record<string | number, unknown>)[key] = expandContractString(child, values, at);
      else visit(child, at);
    }
  };
  visit(document, '#');
  return document;
}

/**
 * The contract as published at /openapi.yaml: the file as written, byte for byte (key order,
 * comments, folding), with each placeholder replaced by its value where it stands. The result is
 * parsed again and must equal the expanded document; should a value not fit the scalar style it
 * stands in, the document is written out by the yaml package instead (folded at 104 columns).
 */
export async function publishedContract(siteDir: string): Promise<string> {
  const source = await readFile(path.join(siteDir, contractRelativePath), 'utf8');
  const document = parseDocument(source);
  if (document.errors.length > 0) {
    throw new ContractError(yamlSyntaxError(contractRelativePath, document.errors[0]));
  }
  const values = placeholderValues(document.toJS());
  const edits: Array<{start: number; end: number; text: string}> = [];
  const visit = (node: unknown, pointer: string): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        visit(pair.value, `${pointer}/${pointerPart(key)}`);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => visit(item, `${pointer}/${index}`));
    } else if (isScalar(node) && typeof node.value === 'string' && node.value.includes('%{')) {
      const expanded = expandContractString(node.value, values, pointer);
      const [start, end] = node.range ?? [0, 0];
      const text = source
        .slice(start, end)
        .replace(placeholderPattern, (placeholder) => expandContractString(placeholder, values, pointer));
      edits.push({start, end, text});
      node.value = expanded;
    }
  };
  visit(document.contents, '#');
  let published = source;
  for (const {start, end, text} of edits.sort((a, b) => b.start - a.start)) {
    published = published.slice(0, start) + text + published.slice(end);
  }
  if (isDeepStrictEqual(parseYaml(published), document.toJS())) return published;
  return document.toString({lineWidth: 104, flowCollectionPadding: false});
}

/**
 * The contract read, linted, bundled and checked. The site's `Sources` (../sources.ts) loads it
 * once per build; a missing file, a YAML error or a broken rule fails naming the line.
 */
export async function loadContract(siteDir: string): Promise<Contract> {
  const file = path.join(siteDir, contractRelativePath);
  try {
    await access(file);
  } catch {
    throw new ContractError(`${contractRelativePath}: file not found`);
  }
  // Imported when the contract is first loaded, not with the site's config: a warm `npm start`
  // that renders no page has no use for it at start.
  const {bundle, createConfig, lint} = await import('@redocly/openapi-core');
  const config = await createConfig({
    rules: {struct: 'error', 'no-unresolved-refs': 'error', 'operation-operationId': 'error'},
  });
  let linted: NormalizedProblem[];
  try {
    linted = await lint({ref: file, config});
  } catch (error) {
    // YAML syntax errors surface here, as `deficient indentation in "<file>" (148:7)`.
    const message = error instanceof Error ? error.message : String(error);
    const at = /\s*in "[^"]*" \((\d+):(\d+)\)$/.exec(message);
    const what = at
      ? `${message.slice(0, at.index)} (column ${at[2]})`
      : message.replace(file, contractRelativePath);
    throw new ContractError(`${contractRelativePath}${at ? `:${at[1]}` : ''}: not valid YAML: ${what}`);
  }
  const problems = linted.filter((problem) => problem.severity === 'error');
  if (problems.length > 0) {
    const source = await readFile(file, 'utf8');
    let parsed: unknown;
    try {
      parsed = parseYaml(source);
    } catch {
      parsed = undefined;
    }
    throw new ContractError(
      `The API contract is invalid:\n${problems
        .slice(0, 20)
        .map((problem) => `  ${describeProblem(problem, siteDir, source, parsed)}`)
        .join('\n')}`,
    );
  }
  const raw = (await bundle({ref: file, config, dereference: false})).bundle.parsed as OpenApiDocument;
  const result = await bundle({ref: file, config, dereference: true});
  const document = result.bundle.parsed as OpenApiDocument;
  // Placeholders first in the document as written, whose pointers are the file's own; its
  // values were read before any string changed.
  try {
    const values = placeholderValues(raw);
    expandContractStrings(raw, values);
    expandContractStrings(document, values);
    requireCatalogue(document, 'x-decline-reasons');
    requireCatalogue(document, 'x-error-codes');
    requireErrorCodes(document);
    requireModelVersions(document);
    requireDeprecations(raw);
    const operations = collectOperations(document, raw);
    requireDeployments(operations);
    requireHttpStatuses(document, operations);
    requireDeprecationHeaders(document, raw, operations);
    return {file, document, raw, operations};
  } catch (error) {
    throw withLine(error, await readFile(file, 'utf8'));
  }
}

/**
 * A check's `contract/openapi.yaml: #/paths/…: why` with the line of that pointer in the file:
 * `contract/openapi.yaml:412: #/paths/…: why`. Any other error as it is.
 */
function withLine(error: unknown, source: string): unknown {
  const prefix = `${contractRelativePath}: #`;
  if (!(error instanceof ContractError) || !error.message.startsWith(prefix)) return error;
  const pointer = /^#(\/[^:\s]*)?/.exec(error.message.slice(prefix.length - 1))?.[0] ?? '#';
  const line = yamlLine(source, pointerPath(pointer.slice(1)));
  return line
    ? new ContractError(`${contractRelativePath}:${line}: ${error.message.slice(prefix.length - 1)}`)
    : error;
}
