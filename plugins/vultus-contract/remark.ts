/**
 * Remark plugin: expands the contract directives in docs Markdown into tables, code
 * tabs and endpoint headers at build time, so each page ships only its own data and a
 * reader without JavaScript sees everything.
 *
 *   ::operation{id="matchFaces"}          full reference of one operation
 *   ::decline-reasons                     the whole catalogue, by category
 *   ::decline-reasons{service="/services/face-match"}   the codes one service raises
 *   ::error-codes  ::error-codes{type="license_error"}  ::error-codes{raised-by="sdk"}
 *   ::rate-limits  ::data-retention  ::model-versions  ::webhook-events
 *   ::schema{name="Result"}               field table of a component schema
 *   ::operations-index                    every operation and the page that documents it
 *   ::deployment-matrix  {page="/services/face-match"}  {container="face-match"}  {by="container"}
 *                                         where each operation runs (x-deployment), with its licence feature
 *   ::signature-vector{kind="webhook"}    a worked Vultus-Signature example, header computed here
 *   :::code-tabs … :::                    fenced blocks (bash, javascript, python) as synced tabs
 *   :limit{key="image.max_bytes" as="MB"} a number from the contract's x-limits, inline
 *   :limit{key="webhooks.source_ip_ranges" as="codes"}  a list of strings from x-limits, as inline code
 *   :challenges  :challenges{as="codes"}  the liveness challenge actions (ChallengeAction), inline
 *   :fact{key="onprem.version" as="code"}  a named fact (facts.ts): version, port, limit, inline
 *   %{onprem.version} in a code block or inline code: the build substitutes the fact's value
 *   ::thresholds{evaluation="face-match"} recommended thresholds and their error rates (data/metrics)
 *   ::latency{operations="matchFaces,searchFaces"} p50/p95 targets (data/metrics/latency.yaml)
 *   ::data-table{src="onprem/config.yaml" path="keys" columns="…" headers="…" code="…"} any data list
 *   ::chart{kind="det" evaluation="face-match"}  build-time SVG chart + the same numbers in a table (./charts.ts)
 *   ::photo-id-flows  {flow="onboarding" show="calls|rates"}  photo ID match flows and their rates (./photoIdFlows.ts)
 *   ::releases{product="web-sdk"}  {view="support|policy"}  release notes, SDK support (./releases.ts)
 *
 * An unknown directive name or attribute fails the build with the file and line.
 */
import type {BlockContent, Code, InlineCode, Parent, PhrasingContent, Root, RootContent} from 'mdast';
import type {ContainerDirective, LeafDirective, TextDirective} from 'mdast-util-directive';
import type {VFile} from 'vfile';
import {visit} from 'unist-util-visit';
import {loadContract, type Contract} from './contract/contract';
import {
  renderDataRetention,
  renderDeclineReasons,
  renderErrorCodes,
  renderModelVersions,
  renderOperationsIndex,
  renderRateLimits,
  renderWebhookEvents,
} from './contract/catalogues';
import {codeTabs, renderOperation, type RenderMode} from './contract/operation';
import {renderDataTable} from './data/dataTable';
import {renderLatency, renderThresholds} from './metrics/thresholds';
import {renderChart} from './metrics/charts';
import {renderSignatureVector} from './contract/signatures';
import {renderDeploymentMatrix} from './contract/deployment';
import {photoIdFlowsDirective} from './metrics/photoIdFlows';
import {releasesDirective} from './data/releases';
import {renderFact, substituteFacts} from './facts';
import {expandIncludes} from './include';
import {code, listed} from './mdast';
import {sampleLanguages} from './contract/samples';
import {fieldRows, fieldTable} from './contract/schemaTable';
import {ContractError} from './contract/contract';

export type Options = {siteDir: string; mode?: RenderMode};

type Renderer = (
  contract: Contract,
  attributes: Record<string, string>,
  mode: RenderMode,
  siteDir: string,
) => RootContent[];

const leafRenderers: Record<string, {attributes: string[]; render: Renderer}> = {
  operation: {attributes: ['id'], render: (c, a, mode) => renderOperation(c, required(a, 'id'), mode)},
  'decline-reasons': {attributes: ['service'], render: (c, a) => renderDeclineReasons(c, a.service)},
  'error-codes': {
    attributes: ['type', 'raised-by'],
    render: (c, a) => renderErrorCodes(c, a.type, a['raised-by']),
  },
  'rate-limits': {attributes: [], render: (c) => renderRateLimits(c)},
  'data-retention': {attributes: [], render: (c) => renderDataRetention(c)},
  'model-versions': {attributes: [], render: (c) => renderModelVersions(c)},
  'webhook-events': {attributes: [], render: (c) => renderWebhookEvents(c)},
  'operations-index': {attributes: [], render: (c) => renderOperationsIndex(c)},
  'deployment-matrix': {
    attributes: ['page', 'container', 'by'],
    render: (c, a, mode, siteDir) => renderDeploymentMatrix(c, siteDir, a),
  },
  'signature-vector': {attributes: ['kind'], render: (c, a) => renderSignatureVector(c, required(a, 'kind'))},
  thresholds: {
    attributes: ['evaluation', 'mode'],
    render: (c, a, mode, siteDir) => renderThresholds(siteDir, required(a, 'evaluation'), a.mode),
  },
  latency: {
    attributes: ['operations'],
    render: (c, a, mode, siteDir) =>
      renderLatency(
        siteDir,
        required(a, 'operations')
          .split(',')
          .map((id) => id.trim()),
      ),
  },
  chart: {
    attributes: ['kind', 'evaluation', 'metric', 'mode'],
    render: (c, a, mode, siteDir) => renderChart(siteDir, a, mode),
  },
  'data-table': {
    attributes: ['src', 'path', 'columns', 'headers', 'code'],
    render: (c, a, mode, siteDir) => renderDataTable(siteDir, a),
  },
  'photo-id-flows': photoIdFlowsDirective,
  releases: releasesDirective,
  schema: {
    attributes: ['name'],
    render: (c, a) => {
      const name = required(a, 'name');
      const schema = c.document.components.schemas[name];
      if (!schema)
        throw new ContractError(`contract/openapi.yaml: #/components/schemas/${name}: no such schema`);
      return [fieldTable(fieldRows(c, schema), true)];
    },
  },
};

function required(attributes: Record<string, string>, name: string): string {
  const value = attributes[name];
  if (!value) throw new ContractError(`the directive needs the attribute ${name}="…"`);
  return value;
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

function expandCodeTabs(node: ContainerDirective, mode: RenderMode, where: string): RootContent[] {
  const samples: Record<string, string> = {};
  for (const child of node.children) {
    if (child.type !== 'code' || !child.lang || !languageOf[child.lang]) {
      throw new Error(
        `${where}: :::code-tabs takes fenced blocks in ${Object.keys(languageOf).join(', ')} only`,
      );
    }
    samples[languageOf[child.lang] as string] = (child as Code).value;
  }
  const missing = sampleLanguages.filter(({value}) => !samples[value]).map(({label}) => label);
  if (missing.length > 0) throw new Error(`${where}: :::code-tabs is missing ${missing.join(', ')}`);
  return codeTabs(samples, mode);
}

const limitFormats: Record<string, (value: number) => string> = {
  number: (value) => value.toLocaleString('en-US'),
  MB: (value) => `${(value / 1048576).toLocaleString('en-US')} MB`,
  minutes: (value) => `${(value / 60).toLocaleString('en-US')} minutes`,
  hours: (value) => `${(value / 3600).toLocaleString('en-US')} hours`,
  days: (value) => `${(value / 86400).toLocaleString('en-US')} days`,
};

/** The challenge actions of `ChallengeAction`, as words (`as="prose"`) or as codes (`as="codes"`). */
export function renderChallenges(contract: Contract, as = 'prose'): PhrasingContent[] {
  const schema = contract.document.components?.schemas?.ChallengeAction as
    {enum?: string[]; 'x-enum-descriptions'?: Record<string, string>} | undefined;
  const actions = schema?.enum;
  if (!actions || actions.length === 0) {
    throw new ContractError('contract/openapi.yaml: #/components/schemas/ChallengeAction/enum: missing');
  }
  if (as !== 'prose' && as !== 'codes') throw new ContractError(`unknown as="${as}" (one of prose, codes)`);
  const items: PhrasingContent[] = actions.map((action) => {
    if (as === 'codes') return {type: 'inlineCode', value: action};
    const words = schema['x-enum-descriptions']?.[action];
    if (!words) {
      throw new ContractError(
        `contract/openapi.yaml: #/components/schemas/ChallengeAction/x-enum-descriptions/${action}: missing`,
      );
    }
    return {type: 'text', value: words};
  });
  return listed(items, ' or ');
}

const textRenderers: Record<
  string,
  (
    contract: Contract,
    attributes: Record<string, string | null | undefined>,
    siteDir: string,
  ) => PhrasingContent[]
> = {
  fact: (contract, attributes, siteDir) => renderFact(contract, siteDir, attributes),
  limit: (contract, attributes) =>
    attributes.as === 'codes'
      ? limitCodes(contract, attributes.key ?? '')
      : [{type: 'text', value: limitText(contract, attributes.key ?? '', attributes.as ?? 'number')}],
  challenges: (contract, attributes) => renderChallenges(contract, attributes.as ?? 'prose'),
};

function limitValue(contract: Contract, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (object, part) => (object as Record<string, unknown> | undefined)?.[part],
      contract.document['x-limits'],
    );
}

/** A list of strings in x-limits (`as="codes"`), as inline code: "`a`, `b` and `c`". */
function limitCodes(contract: Contract, key: string): PhrasingContent[] {
  const value = limitValue(contract, key);
  if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === 'string')) {
    throw new ContractError(
      `contract/openapi.yaml: #/x-limits/${key.replace(/\./g, '/')}: not a list of strings (as="codes")`,
    );
  }
  return listed(
    value.map((item: string) => code(item)),
    ' and ',
  );
}

/** A value of the contract's x-limits by dotted key, formatted for prose. */
export function limitText(contract: Contract, key: string, format = 'number'): string {
  const value = limitValue(contract, key);
  if (typeof value !== 'number') {
    throw new ContractError(`contract/openapi.yaml: #/x-limits/${key.replace(/\./g, '/')}: not a number`);
  }
  const formatter = limitFormats[format];
  if (!formatter)
    throw new ContractError(`unknown format as="${format}" (one of ${Object.keys(limitFormats).join(', ')})`);
  return formatter(value);
}

export default function remarkVultusContract(options: Options) {
  const mode = options.mode ?? 'site';
  return async (tree: Root, file: VFile): Promise<void> => {
    expandIncludes(tree, options.siteDir, (node) => `${file.path}:${node.position?.start.line ?? '?'}`);
    const found: Array<{
      node: LeafDirective | ContainerDirective | TextDirective;
      parent: Parent;
      index: number;
    }> = [];
    const withFacts: Array<Code | InlineCode> = [];
    visit(tree, (node, index, parent) => {
      if ((node.type === 'code' || node.type === 'inlineCode') && node.value.includes('%{')) {
        withFacts.push(node);
      }
      if (
        (node.type === 'leafDirective' && node.name in leafRenderers) ||
        (node.type === 'containerDirective' && node.name === 'code-tabs') ||
        (node.type === 'textDirective' && node.name in textRenderers)
      ) {
        if (parent && index !== undefined) found.push({node: node as LeafDirective, parent, index});
      }
    });
    if (found.length === 0 && withFacts.length === 0) return;
    const contract = await loadContract(options.siteDir);
    for (const node of withFacts) {
      const where = `${file.path}:${node.position?.start.line ?? '?'}`;
      node.value = substituteFacts(contract, options.siteDir, node.value, where);
    }
    // Replace from the end so earlier indexes stay valid.
    for (const {node, parent, index} of found.reverse()) {
      const where = `${file.path}:${node.position?.start.line ?? '?'}`;
      let replacement: RootContent[];
      try {
        if (node.type === 'containerDirective') {
          replacement = expandCodeTabs(node, mode, where);
        } else if (node.type === 'textDirective') {
          const attributes = node.attributes ?? {};
          const render = textRenderers[node.name];
          if (!render) continue;
          replacement = render(contract, attributes, options.siteDir);
        } else {
          const renderer = leafRenderers[node.name];
          if (!renderer) continue;
          const attributes = Object.fromEntries(
            Object.entries(node.attributes ?? {}).filter(
              (entry): entry is [string, string] => typeof entry[1] === 'string',
            ),
          );
          const unknown = Object.keys(attributes).filter((name) => !renderer.attributes.includes(name));
          if (unknown.length > 0)
            throw new Error(`unknown attribute ${unknown.join(', ')} on ::${node.name}`);
          replacement = renderer.render(contract, attributes, mode, options.siteDir);
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`${where}: ::${node.name}: ${message}`);
      }
      parent.children.splice(index, 1, ...(replacement as BlockContent[]));
    }
  };
}
