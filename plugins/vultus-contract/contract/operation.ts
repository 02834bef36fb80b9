/**
 * The rendered reference of one operation: endpoint header, description, parameters,
 * request body fields, request samples in three languages, response fields and
 * example, and the error responses it can return.
 */
import type {Directive, ListedSchemas, RenderMode} from '../directive';
import {required} from '../directive';
import type {BlockContent, Code, Link, RootContent} from 'mdast';
import type {ContainerDirective} from 'mdast-util-directive';
import type {Contract, JsonSchema, MediaType, OperationEntry, Parameter, Response} from './contract';
import {
  availabilityOf,
  ContractError,
  deploymentOf,
  deprecationHeaders,
  isSuccessStatus,
  deprecationOf,
  onPremiseOnly,
  operationHref,
} from './contract';
import {operationAnchor} from '../../../src/lib/anchors';
import {
  blockMarkdown,
  code,
  codeBlock,
  heading,
  inlineMarkdown,
  jsx,
  link,
  paragraph,
  strong,
  table,
  text,
  markDeprecated,
  markSearchKind,
} from '../mdast';
import {sampleGroupId, sampleLanguages, samplesFor, type SampleRequest} from './samples';
import {fieldList, typeLinks, type TypeLinks} from './fieldList';
import {fieldTree, listedElsewhere, parameterField, resolve} from './schemaTable';
import {sharedHeaderAt, sharedHeaderLine} from './headers';

/** What an on-premise server takes: its own static key, never a cloud key. */
const onPremiseKey = "API key (`Authorization: Bearer …`, the server's `auth.api_key`)";

const authLabels: Record<string, string> = {
  secretKey: 'Secret key (`Authorization: Bearer sk_…`)',
  clientToken: 'Client token (`Authorization: Bearer ctok_…`)',
};

/**
 * The operation's `security` as a reader needs it. An empty requirement (`{}`) among the
 * alternatives makes authentication optional (OpenAPI), so the label says that none is needed.
 */
function authOf(entry: OperationEntry, contract: Contract): string {
  if (entry.webhook) return 'Signed by Vultus (`Vultus-Signature` header)';
  const security = entry.operation.security ?? contract.document.security ?? [];
  const schemes = security.flatMap((requirement) => Object.keys(requirement));
  if (schemes.length === 0) return 'None';
  const cloud = schemes.map((scheme) => authLabels[scheme] ?? scheme).join(' or ');
  const label = onPremiseOnly(entry)
    ? `On-premise ${onPremiseKey}`
    : deploymentOf(entry)['on-premise'] === false
      ? cloud
      : `${cloud}; on-premise, on-premise ${onPremiseKey}`;
  const optional = security.some((requirement) => Object.keys(requirement).length === 0);
  return optional ? `None required; optional: ${label}` : label;
}

/** `METHOD /path` as code, linked to the operation's reference on its page. */
export function operationLink(entry: OperationEntry): Link {
  return link(operationHref(entry), code(`${entry.method.toUpperCase()} ${entry.path}`));
}

/** The first example of a media type (named examples first). */
export function firstExample(media: MediaType | undefined): unknown {
  if (!media) return undefined;
  const named = Object.values(media.examples ?? {})[0];
  if (named) return named.value;
  return media.example;
}

function parameterExample(parameter: Parameter): string {
  const named = Object.values(parameter.examples ?? {})[0]?.value;
  const value =
    parameter.example ??
    named ??
    parameter.schema?.example ??
    parameter.schema?.examples?.[0] ??
    parameter.schema?.default;
  return value === undefined ? `{${parameter.name}}` : String(value);
}

/** The first example of the operation's first 2xx JSON response, when it is an object. */
function successExample(entry: OperationEntry): Record<string, unknown> | undefined {
  const success = Object.entries(entry.operation.responses ?? {}).find(([status]) => isSuccessStatus(status));
  const example = firstExample((success?.[1] as Response | undefined)?.content?.['application/json']);
  return example && typeof example === 'object' && !Array.isArray(example)
    ? (example as Record<string, unknown>)
    : undefined;
}

/**
 * A path parameter's value in the sample: the id of the object the response example shows (its `id`
 * for the last parameter, its field of the same name for another), when it is an id of the same kind
 * as the parameter's example, so a sample asks for the object whose answer it shows (a GET at the
 * non-interactive path names a non-interactive session); the parameter's example otherwise.
 */
function pathValue(
  parameter: Parameter,
  last: boolean,
  example: Record<string, unknown> | undefined,
): string {
  const fallback = parameterExample(parameter);
  const kind = /^[a-z]+_/.exec(fallback)?.[0];
  const shown = last ? example?.id : example?.[parameter.name];
  return typeof shown === 'string' && kind !== undefined && shown.startsWith(kind) ? shown : fallback;
}

function sampleRequest(entry: OperationEntry): SampleRequest {
  const {operation, method, path} = entry;
  const parameters = operation.parameters ?? [];
  const inPath = parameters.filter((p) => p.in === 'path');
  const last = inPath.reduce<Parameter | undefined>(
    (found, p) => (!found || path.indexOf(`{${p.name}}`) > path.indexOf(`{${found.name}}`) ? p : found),
    undefined,
  );
  const example = successExample(entry);
  let filled = path;
  for (const parameter of inPath) {
    filled = filled.replace(`{${parameter.name}}`, pathValue(parameter, parameter === last, example));
  }
  const query = parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p): [string, string] => [p.name, parameterExample(p)]);
  const request: SampleRequest = {
    method: method.toUpperCase(),
    path: filled,
    query,
    idempotent: method === 'post',
    headers: [],
    server: onPremiseOnly(entry) ? 'onprem' : 'cloud',
    anonymous: (entry.operation.security ?? []).some((requirement) => Object.keys(requirement).length === 0),
    reports: Object.entries(operation.responses ?? {})
      .filter(([status, response]) => {
        const schema = (response as {content?: Record<string, {schema?: {properties?: object}}>}).content?.[
          'application/json'
        ]?.schema;
        return /^[45]\d\d$/.test(status) && schema !== undefined && !('error' in (schema.properties ?? {}));
      })
      .map(([status]) => Number(status)),
  };
  const content = operation.requestBody?.content ?? {};
  if (content['application/json']) {
    request.body = firstExample(content['application/json']);
  } else if (content['multipart/form-data']) {
    const example = firstExample(content['multipart/form-data']) as Record<string, unknown> | undefined;
    const fields = Object.entries(example ?? {})
      .filter(([name]) => name !== 'file')
      .map(([name, value]): [string, string] => [
        name,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]);
    request.multipartFile = {field: 'file', filename: 'selfie.jpg', fields};
  }
  return request;
}

/** Synced code tabs (site) or consecutive fenced blocks with a label (Markdown export). */
export function codeTabs(samples: Record<string, string>, mode: RenderMode): RootContent[] {
  if (mode === 'markdown') {
    return sampleLanguages.flatMap(({value, label, lang}) =>
      samples[value] ? [paragraph(strong(text(label))), codeBlock(lang, samples[value])] : [],
    );
  }
  return [
    jsx(
      'Tabs',
      {groupId: sampleGroupId, queryString: 'lang'},
      sampleLanguages
        .filter(({value}) => samples[value])
        .map(
          ({value, label, lang}) =>
            jsx('TabItem', {value, label}, [
              codeBlock(lang, samples[value] ?? ''),
            ]) as unknown as BlockContent,
        ),
    ),
  ];
}

/**
 * An operation's parameters; a header several operations share (./headers.ts) is one line and a
 * link to its full description on /common-parameters.
 */
function parametersList(
  contract: Contract,
  entry: OperationEntry,
  mode: RenderMode,
  links: TypeLinks,
): RootContent[] {
  const parameters = entry.operation.parameters ?? [];
  if (parameters.length === 0) return [];
  return [
    paragraph(strong(text('Parameters'))),
    ...fieldList(
      parameters.map((parameter, index) => {
        const shared = sharedHeaderAt(contract, entry, index);
        return shared ? sharedHeaderLine(contract, shared) : parameterField(contract, parameter);
      }),
      {mode, links, badges: true},
    ),
  ];
}

/**
 * `listed`: the component schemas whose fields the page lists already (DirectiveContext's
 * `listed`, which also holds the page's `::schema` sections before anything renders). A body or
 * field of such a schema links there; a body of another schema lists its fields and is added.
 */
export function renderOperation(
  contract: Contract,
  operationId: string,
  mode: RenderMode,
  /** Where each component schema's fields are listed (./fieldList.ts `typeLinks`). */
  links: TypeLinks,
  listed: ListedSchemas = new Map(),
): RootContent[] {
  const entry = contract.operations.get(operationId);
  if (!entry) {
    throw new ContractError(`No operation "${operationId}" in contract/openapi.yaml`);
  }
  const {operation, method, path} = entry;
  const title = operation.summary ?? operationId;
  const anchor = operationAnchor(operationId);
  /** The fields of a body: listed, or a link to where the page lists them already. */
  const bodyFields = (schema: JsonSchema, badges: boolean): RootContent[] => {
    const name = resolve(contract, schema).name;
    const where = name ? listed.get(name) : undefined;
    if (where) {
      return [
        paragraph(
          text('Its fields are listed under '),
          link(`#${where.anchor}`, text(where.title)),
          text('.'),
        ),
      ];
    }
    // A field holding a schema the page lists already links there too.
    const elsewhere = listedElsewhere(listed, name);
    if (name) listed.set(name, {anchor, title});
    return fieldList(fieldTree(contract, schema, '', new Set(), elsewhere), {mode, links, badges});
  };
  const deprecation = deprecationOf(operation);
  const titleHeading = markSearchKind(
    heading(3, title, anchor),
    entry.webhook ? 'webhook-event' : 'operation',
  );
  const out: RootContent[] = [deprecation ? markDeprecated(titleHeading) : titleHeading];
  const server = entry.webhook
    ? 'POST to your endpoint · event '
    : onPremiseOnly(entry)
      ? 'http://{host}:{port}/v1'
      : 'https://api.vultus.example/v1';
  if (mode === 'site') {
    out.push(
      jsx('EndpointHeader', {
        method: method.toUpperCase(),
        path,
        server,
        auth: authOf(entry, contract).replace(/`/g, ''),
        operationId,
        rateLimitGroup: operation['x-rate-limit-group'],
        availability: entry.webhook ? undefined : availabilityOf(entry),
      }),
    );
  } else {
    out.push(
      paragraph(code(`${method.toUpperCase()} ${entry.webhook ? path : `${server}${path}`}`)),
      paragraph(strong(text('Auth:')), text(' '), ...inlineMarkdown(authOf(entry, contract))),
      ...(entry.webhook ? [] : [paragraph(strong(text('Runs on:')), text(` ${availabilityOf(entry)}`))]),
    );
  }
  if (deprecation) {
    out.push(
      paragraph(
        strong(text('Deprecated')),
        text(` on ${deprecation.announced}: use `),
        ...inlineMarkdown(deprecation.replacement),
        text(' instead. It keeps working for the life of '),
        code('v1'),
        text(', as the '),
        link('/revision-history#deprecation-policy', text('deprecation policy')),
        text(' says, and a response to it carries the '),
        code(deprecationHeaders.deprecation),
        text(' header.'),
      ),
    );
  }
  if (operation.description) out.push(...blockMarkdown(operation.description));

  out.push(...parametersList(contract, entry, mode, links));

  const rawBody = entry.rawOperation.requestBody
    ? resolve(contract, entry.rawOperation.requestBody).value
    : undefined;
  // Every media type the operation accepts, JSON first (the samples send JSON when they can).
  const requestTypes = Object.entries(rawBody?.content ?? {}).sort(
    ([a], [b]) => Number(b === 'application/json') - Number(a === 'application/json'),
  );
  const [requestType, rawRequestMedia] = requestTypes[0] ?? [];
  const requestMedia = requestType ? operation.requestBody?.content[requestType] : undefined;
  for (const [type, media] of requestTypes) {
    if (!media.schema) continue;
    const schemaName = resolve(contract, media.schema).name;
    out.push(
      paragraph(
        strong(text(entry.webhook ? 'Event payload' : 'Request body')),
        text(` (${type}${schemaName ? `, schema ` : ''}`),
        ...(schemaName ? [code(schemaName)] : []),
        text(')'),
      ),
      ...bodyFields(media.schema, true),
    );
  }

  if (!entry.webhook) {
    out.push(paragraph(strong(text('Request'))));
    out.push(...codeTabs(samplesFor(sampleRequest(entry)), mode));
  } else if (requestMedia && rawRequestMedia?.schema) {
    const example = firstExample(requestMedia);
    const schemaName = resolve(contract, rawRequestMedia.schema).name;
    if (example !== undefined) {
      out.push(
        codeBlock(
          'json',
          JSON.stringify(example, null, 2),
          schemaName ? `title="Event" schema=${schemaName}` : 'title="Event"',
        ),
      );
    }
  }

  const responses = Object.entries(operation.responses);
  const [successStatus, success] = responses.find(([status]) => status.startsWith('2')) ?? [];
  if (success && successStatus) {
    const rawSuccess = resolve(contract, entry.rawOperation.responses[successStatus] as Response).value;
    const rawSchema = rawSuccess.content?.['application/json']?.schema;
    const media = success.content?.['application/json'];
    const schemaName = rawSchema ? resolve(contract, rawSchema).name : undefined;
    out.push(
      paragraph(
        strong(text(`Response ${successStatus}`)),
        text(schemaName ? ' (schema ' : ''),
        ...(schemaName ? [code(schemaName), text(')')] : []),
        // The description is Markdown, as every contract description is: its code spans render as code.
        text(': '),
        ...inlineMarkdown(success.description),
      ),
    );
    if (rawSchema && media) {
      out.push(...bodyFields(rawSchema, false));
      const example = firstExample(media);
      if (example !== undefined) {
        out.push(
          codeBlock(
            'json',
            JSON.stringify(example, null, 2),
            `title="Response ${successStatus}"${schemaName ? ` schema=${schemaName}` : ''}`,
          ),
        );
      }
    }
  }
  const errors = responses.filter(([status]) => !status.startsWith('2'));
  if (errors.length > 0) {
    out.push(
      paragraph(strong(text('Error responses'))),
      table(
        ['Status', 'When'],
        errors.map(([status, response]) => [code(status), inlineMarkdown(response.description)]),
      ),
    );
  }
  return out;
}

const languageOf: Record<string, string> = {
  bash: 'curl',
  shell: 'curl',
  sh: 'curl',
  javascript: 'javascript',
  js: 'javascript',
  python: 'python',
  py: 'python',
};

function expandCodeTabs(node: ContainerDirective, mode: RenderMode): RootContent[] {
  const samples: Record<string, string> = {};
  for (const child of node.children) {
    if (child.type !== 'code' || !child.lang || !languageOf[child.lang]) {
      throw new Error(`:::code-tabs takes fenced blocks in ${Object.keys(languageOf).join(', ')} only`);
    }
    samples[languageOf[child.lang] as string] = (child as Code).value;
  }
  const missing = sampleLanguages.filter(({value}) => !samples[value]).map(({label}) => label);
  if (missing.length > 0) throw new Error(`:::code-tabs is missing ${missing.join(', ')}`);
  return codeTabs(samples, mode);
}

export const operationDirectives: Directive[] = [
  {
    name: 'operation',
    syntax: 'leaf',
    attributes: ['id'],
    summary:
      'the whole reference of one operation: endpoint header, parameters, request body fields, cURL/JavaScript/Python samples, response fields and example, error statuses. Each operation is placed on exactly one page, the one named by its `x-doc-page`',
    // Type names link to their definitions on /parameters/responses.
    render: (attributes, {contract, mode, sources, listed}) =>
      renderOperation(contract, required(attributes, 'id'), mode, typeLinks(sources), listed),
  },
  {
    name: 'code-tabs',
    syntax: 'container',
    attributes: [],
    summary:
      'hand-written samples: one fenced block each in `bash` (cURL), `javascript` and `python`, shown as synced tabs',
    render: (_, {mode}, node) => expandCodeTabs(node, mode),
  },
];
