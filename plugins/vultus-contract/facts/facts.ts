/**
 * Named facts of the contract and data/ that pages state in prose and in code: versions, ports,
 * limits, retention periods, default thresholds, on-premise throughput. A page never types one; it writes
 *
 *   :fact{key="onprem.version"}                  in prose (`as="code"` for inline code)
 *   `%{onprem.version}`, or %{…} in a fenced block, where the build substitutes the value
 *
 * and tests/unit/typed-facts.test.ts finds the literal values typed beside words that name them.
 * Each fact also lists the spellings a page could type it in (`forms`) and the words that name it
 * (`names`), which is what that test searches for.
 */
import path from 'node:path';
import type {Directive, DirectiveContext} from '../directive';
import type {Fact} from './fact';
import type {PhrasingContent} from 'mdast';
import type {Contract} from '../contract/contract';
import {didYouMean} from '../errors';
import {ContractError} from '../contract/contract';
import {limitCodes} from '../contract/limits';
import {currentModelVersion} from '../contract/models';
import {signatureVector} from '../contract/signatures';
import {metricFacts} from '../metrics/facts';
import {DataError} from '../data/load';
import type {
  MetricsLatency,
  OnpremConfig,
  OnpremServices,
  Releases,
  SdkGuiWebSdk,
  SdkWebSdk,
} from '../data/types';
import {grouped, numberFormats, thresholdText} from '../numbers';
import {expandPlaceholders} from '../placeholders';
import {noteRead, withoutNoting} from '../reads';
import type {Sources} from '../sources';

type Json = Record<string, unknown>;

const plural = (value: number, unit: string): string[] =>
  value === 1 ? [`1 ${unit}`, `one ${unit}`] : [`${grouped(value)} ${unit}s`];

/** Every way a duration in seconds reads: 86400 → "86,400 seconds", "1,440 minutes", "24 hours", "1 day". */
export function durationForms(seconds: number): string[] {
  const forms = [...plural(seconds, 'second'), `${seconds} s`];
  if (seconds % 60 === 0) forms.push(...plural(seconds / 60, 'minute'));
  if (seconds % 3600 === 0) forms.push(...plural(seconds / 3600, 'hour'), `${seconds / 3600} h`);
  if (seconds % 86400 === 0) forms.push(...plural(seconds / 86400, 'day'));
  return forms;
}

const unitSeconds: Record<string, number> = {seconds: 1, minutes: 60, hours: 3600, days: 86400};
/** Words of a key that say what kind of number it is, not what it is about. */
const unitWords = new Set([
  'max',
  'min',
  'default',
  'seconds',
  'minutes',
  'hours',
  'days',
  'bytes',
  'px',
  'length',
  'lifetime',
  'limit',
  'rps',
]);

/** The forms of one x-limits number, from the unit its key ends in. */
function limitForms(path: string[], value: number): string[] {
  const unit = path
    .map((part) => /_(seconds|minutes|hours|days|bytes|px)$/.exec(part)?.[1])
    .reverse()
    .find((found) => found !== undefined);
  // Three digits or more, the number alone too (`TOLERANCE_SECONDS = 300`), beside a word naming
  // the limit; a bare 30 or 10 is any timeout of a sample.
  if (unit && unit in unitSeconds) {
    const forms = durationForms(value * (unitSeconds[unit] as number));
    return value >= 100 ? [...forms, String(value)] : forms;
  }
  if (unit === 'bytes') {
    const forms = [grouped(value), String(value)];
    if (value % 1048576 === 0) forms.push(`${value / 1048576} MB`, `${value / 1048576} MiB`);
    return forms;
  }
  if (unit === 'px') return [`${value} px`, `${value}px`, `${value} pixels`];
  return [...new Set([grouped(value), String(value)])];
}

/** Words too common on the pages to say which limit a number is. */
const vagueWords = new Set([
  'face',
  'image',
  'liveness',
  'search',
  'interactive',
  'webhooks',
  'request',
  'age',
]);

/**
 * Words that name a limit: its key segments as written (`top_k`, `max_attempts`) and their words
 * that are neither units nor words every page uses (`attempts`, `origins`, `metadata`).
 */
function namesOf(path: string[]): string[] {
  const segments = path.filter((part) => !['default', 'min', 'max'].includes(part));
  const words = segments.flatMap((part) => part.split('_'));
  const lastTwo = words.slice(-2).join('_');
  return [
    ...new Set(
      [...segments, lastTwo, ...words].filter(
        (word) => word.length > 2 && !unitWords.has(word) && !vagueWords.has(word) && !/^\d+$/.test(word),
      ),
    ),
  ];
}

function limitFacts(contract: Contract): Fact[] {
  const facts: Fact[] = [];
  const walk = (value: unknown, path: string[]) => {
    if (typeof value === 'number') {
      facts.push({
        key: `limits.${path.join('.')}`,
        value: grouped(value),
        number: value,
        source: `contract/openapi.yaml: #/x-limits/${path.join('/')}`,
        forms: limitForms(path, value),
        names: namesOf(path),
        ...(path.at(-1) === 'default' ? {requires: 'default'} : {}),
      });
    } else if (Array.isArray(value)) {
      // A list of numbers by index: `limits.webhooks.retry_delays_seconds.6`.
      value.forEach((child, index) => walk(child, [...path, String(index)]));
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) walk(child, [...path, key]);
    }
  };
  walk(contract.document['x-limits'], []);
  return facts;
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new DataError(`${where}: expected a string or a number`);
  }
  return String(value);
}

/**
 * The facts of the data files: the on-premise image and Web SDK versions, the ports, the image user
 * and group, and the embedded face store's limit.
 */
function dataFacts(services: OnpremServices, sdk: SdkWebSdk): Fact[] {
  const list = services.services;
  const port = (field: 'api_port' | 'metrics_port'): string => {
    const ports = [...new Set(list.map((service) => service[field]))];
    if (ports.length !== 1) {
      throw new DataError(
        `data/onprem/services.yaml: services[].${field}: expected one port for every container`,
      );
    }
    return text(ports[0], `data/onprem/services.yaml: services[].${field}`);
  };
  const version = text(services.version, 'data/onprem/services.yaml: version');
  const sdkVersion = text(sdk.version, 'data/sdk/web-sdk.yaml: version');
  const apiPort = port('api_port');
  const metricsPort = port('metrics_port');
  const storesWhere =
    'data/onprem/services.yaml: services[name=face-search].stores[store=embedded].max_faces';
  const embeddedMaxFaces = list
    .find((service) => service.name === 'face-search')
    ?.stores?.find((store) => store.store === 'embedded')?.max_faces;
  if (embeddedMaxFaces === undefined) throw new DataError(`${storesWhere}: missing`);
  return [
    {
      key: 'onprem.search.embedded_max_faces',
      value: grouped(embeddedMaxFaces),
      number: embeddedMaxFaces,
      source: storesWhere,
      forms: [grouped(embeddedMaxFaces), String(embeddedMaxFaces)],
      names: ['embedded'],
    },
    {
      key: 'onprem.version',
      value: version,
      source: 'data/onprem/services.yaml: version',
      forms: [version],
      names: [],
    },
    {
      key: 'sdk.version',
      value: sdkVersion,
      source: 'data/sdk/web-sdk.yaml: version',
      forms: [sdkVersion],
      names: [],
    },
    {
      key: 'onprem.api_port',
      value: apiPort,
      source: 'data/onprem/services.yaml: services[].api_port',
      forms: [apiPort],
      names: [],
    },
    {
      key: 'onprem.metrics_port',
      value: metricsPort,
      source: 'data/onprem/services.yaml: services[].metrics_port',
      forms: [metricsPort],
      names: [],
    },
    ...(['user', 'group'] as const).map((field) => ({
      key: `onprem.${field}`,
      value: String(services[field]),
      number: services[field],
      source: `data/onprem/services.yaml: ${field}`,
      forms: [String(services[field])],
      names: ['user', 'group', 'uid', 'gid', 'chown', 'owner', 'runas', 'fsgroup'],
    })),
  ];
}

/**
 * The digests and signing key of the newest on-premise release (data/releases.yaml), for the
 * commands that pin and verify images: `onprem.digest.face-match` → "sha256:…", `onprem.digest.chart`
 * for the Helm chart, `onprem.signing_key` → the URL of the cosign public key.
 */
function releaseFacts(releases: Releases): Fact[] {
  const index = releases.products.findIndex((product) => product.id === 'onprem');
  const product = releases.products[index];
  const newest = product?.releases[0];
  if (!product || !newest) return [];
  const where = `data/releases.yaml: products[${index}]`;
  const digests: Array<[string, string, string]> = [
    ...Object.entries(newest.images ?? {}).map(([image, digest]): [string, string, string] => [
      image,
      digest ?? '',
      `images.${image}`,
    ]),
    ...(newest.chart ? [['chart', newest.chart, 'chart'] as [string, string, string]] : []),
  ];
  return [
    ...digests.map(([name, digest, field]) => ({
      key: `onprem.digest.${name}`,
      value: digest,
      source: `${where}.releases[0].${field}`,
      forms: [digest],
      names: [],
    })),
    ...(product.signing
      ? [
          {
            key: 'onprem.signing_key',
            value: product.signing.public_key,
            source: `${where}.signing.public_key`,
            forms: [product.signing.public_key],
            names: [],
          },
        ]
      : []),
  ];
}

/**
 * The on-premise configuration keys of data/onprem/config.yaml: `onprem.config.auth.api_key.range`
 * → "32 to 128 printable ASCII characters", and `.default` where a key has one.
 */
function configFacts(config: OnpremConfig): Fact[] {
  return config.keys.flatMap((entry, index) => {
    const where = `data/onprem/config.yaml: keys[${index}]`;
    const key = text(entry.key, `${where}.key`);
    const names = [
      ...new Set([key, String(entry.env ?? ''), ...key.split(/[._]/).filter((word) => word.length > 3)]),
    ].filter(Boolean);
    const facts: Fact[] = [];
    for (const field of ['range', 'default'] as const) {
      const value = entry[field];
      // A range or default worth stating: with a digit in it ("32 to 128 …", "8080"), not "none".
      if ((typeof value !== 'string' && typeof value !== 'number') || !/\d/.test(String(value))) continue;
      // "0 to 1" is the scale of every score, not a setting a page could state instead of rendering.
      if (/^0(\.0+)? to 1(\.0+)?$/.test(String(value))) continue;
      const shown = String(value);
      facts.push({
        key: `onprem.config.${key}.${field}`,
        value: shown,
        ...(typeof value === 'number' ? {number: value} : {}),
        source: `${where}.${field}`,
        forms: [shown],
        names,
        ...(field === 'default' ? {requires: 'default'} : {}),
      });
    }
    return facts;
  });
}

/** Every property of every component schema, as written: [schema, property, definition]. */
function schemaProperties(contract: Contract): Array<[string, string, Json]> {
  return Object.entries(contract.document.components?.schemas ?? {}).flatMap(([name, schema]) =>
    Object.entries(((schema as Json).properties ?? {}) as Record<string, Json>).map(
      ([property, definition]): [string, string, Json] => [name, property, definition],
    ),
  );
}

/**
 * The bounds and defaults of the contract's number and integer properties that are not
 * thresholds (those are `default.…`): `schema.AgeEstimationRequest.age_threshold.minimum` → "13".
 */
function schemaFacts(contract: Contract): Fact[] {
  const facts: Fact[] = [];
  for (const [name, property, definition] of schemaProperties(contract)) {
    if (definition.type !== 'integer' && definition.type !== 'number') continue;
    for (const bound of ['minimum', 'maximum', 'default'] as const) {
      const value = definition[bound];
      if (
        typeof value !== 'number' ||
        (bound === 'default' && /threshold/.test(property) && !Number.isInteger(value))
      )
        continue;
      facts.push({
        key: `schema.${name}.${property}.${bound}`,
        value: grouped(value),
        number: value,
        source: `contract/openapi.yaml: #/components/schemas/${name}/properties/${property}/${bound}`,
        forms: [...new Set([grouped(value), String(value)])],
        names: [property],
        ...(bound === 'default' ? {requires: 'default'} : {}),
      });
    }
  }
  return facts;
}

/** Retention periods of x-data-retention, by each row's key: `retention.uploaded-media` → "24 hours". */
function retentionFacts(contract: Contract): Fact[] {
  const rows = (contract.document['x-data-retention'] ?? []) as Json[];
  return rows.flatMap((row, index) => {
    const where = `contract/openapi.yaml: #/x-data-retention/${index}`;
    const key = text(row.key, `${where}/key`);
    const artefact = text(row.artefact, `${where}/artefact`);
    const retention = text(row.retention, `${where}/retention`);
    const configurable = text(row.configurable, `${where}/configurable`);
    const words = artefact
      .toLowerCase()
      .replace(/\(.*?\)/g, '')
      .split(/[^a-z]+/)
      .filter((word) => word.length > 3 && !['with', 'from', 'that', 'everything'].includes(word));
    const names = [...new Set(['retain', 'retention', 'kept', 'keep', 'delete', ...words])];
    const facts: Fact[] = [
      {key: `retention.${key}`, value: retention, source: `${where}/retention`, forms: [retention], names},
    ];
    if (/\d/.test(configurable)) {
      facts.push({
        key: `retention.${key}.configurable`,
        value: configurable,
        source: `${where}/configurable`,
        forms: [configurable],
        names,
      });
    }
    return facts;
  });
}

/** Default thresholds of the contract's config schemas: `default.FaceMatchConfig.threshold` → "0.80". */
function defaultFacts(contract: Contract): Fact[] {
  const facts: Fact[] = [];
  for (const [name, property, written] of schemaProperties(contract)) {
    // A property may point at a shared schema (`{$ref: '#/components/schemas/LivenessThreshold'}`).
    const ref =
      typeof written.$ref === 'string' ? /^#\/components\/schemas\/(\w+)$/.exec(written.$ref) : null;
    const definition = ref
      ? ((contract.document.components?.schemas?.[ref[1] ?? ''] ?? {}) as Json)
      : written;
    if (!/threshold/.test(property) || typeof definition.default !== 'number') continue;
    const value = definition.default;
    const shown = thresholdText(value);
    facts.push({
      key: `default.${name}.${property}`,
      value: shown,
      number: value,
      source: `contract/openapi.yaml: #/components/schemas/${name}/properties/${property}/default`,
      forms: [...new Set([shown, String(value)])],
      names: ['threshold'],
      requires: 'default',
    });
  }
  return facts;
}

/**
 * The on-premise benchmark's throughput per worker (data/metrics/latency.yaml):
 * `onprem.throughput.matchFaces.cpu` → "6.5", typed as "6.5 requests per second".
 */
function throughputFacts(latency: MetricsLatency): Fact[] {
  return latency.on_premise.services.flatMap((service, index) =>
    (['cpu', 'gpu'] as const).map((profile) => {
      const where = `data/metrics/latency.yaml: on_premise.services[${index}]`;
      const value = text(service[profile].throughput_rps, `${where}.${profile}.throughput_rps`);
      return {
        key: `onprem.throughput.${text(service.operation_id, `${where}.operation_id`)}.${profile}`,
        value,
        source: `${where}.${profile}.throughput_rps`,
        forms: [`${value} requests per second`, `${value} requests/s`],
        names: [],
      };
    }),
  );
}

/**
 * The model versions of x-model-versions: `models.face-match.current` → "face-match-v4.2", the
 * default of a family, and `models.deepfake-v1.3.sunset` → "2026-01-31" for each version with a
 * sunset. A version's name is typed on purpose in examples and in the history of what each release
 * shipped, so the detector does not look for the current version; it looks for a sunset date
 * beside the word. Statuses are rendered by `::model-versions`, never typed.
 */
function modelFacts(contract: Contract): Fact[] {
  const rows = contract.document['x-model-versions'];
  const families = [...new Set(rows.map((row) => row.family))];
  return [
    ...families.map((family) => ({
      key: `models.${family}.current`,
      value: currentModelVersion(rows, family),
      source: `contract/openapi.yaml: #/x-model-versions (the ${family} version with status current)`,
      forms: [],
      names: [],
    })),
    ...rows.flatMap((row, index) =>
      row.sunset === null
        ? []
        : [
            {
              key: `models.${row.model_version}.sunset`,
              value: String(row.sunset),
              source: `contract/openapi.yaml: #/x-model-versions/${index}/sunset`,
              forms: [String(row.sunset)],
              names: ['sunset'],
            },
          ],
    ),
  ];
}

/**
 * The `Vultus-Signature` header of each signature test vector, computed from its inputs:
 * `signatures.webhook.header`, so an example header on a page is always one that verifies.
 */
function signatureFacts(contract: Contract): Fact[] {
  // A contract without test vectors (a test's minimal contract) has no such facts.
  if (!contract.operations || !contract.document['x-signature-test-vectors']) return [];
  return (['webhook', 'request'] as const).map((kind) => {
    const {header} = signatureVector(contract, kind);
    return {
      key: `signatures.${kind}.header`,
      value: header,
      source: `contract/openapi.yaml: #/x-signature-test-vectors/${kind}`,
      forms: [header],
      names: [],
    };
  });
}

/**
 * The subresource integrity hash of each file the two Web SDKs publish on the CDN
 * (data/sdk/*.yaml `cdn.files`): `sdk.integrity.vultus-web-sdk.min.js` → "sha384-…", for the
 * `<script>` and `<link>` tags the pages show.
 */
function integrityFacts(sdks: Array<{file: string; sdk: SdkWebSdk | SdkGuiWebSdk}>): Fact[] {
  return sdks.flatMap(({file, sdk}) =>
    sdk.cdn.files.map((entry, index) => ({
      key: `sdk.integrity.${entry.file}`,
      value: entry.integrity,
      source: `data/sdk/${file}: cdn.files[${index}].integrity`,
      forms: [entry.integrity],
      names: [],
    })),
  );
}

/** The version of the docs MCP server's package (mcp/package.json), which its install commands pin. */
function mcpFacts(sources: Sources): Fact[] {
  const where = 'mcp/package.json: version';
  const text = sources.text('mcp/package.json');
  const version = text === undefined ? undefined : (JSON.parse(text) as {version?: unknown}).version;
  if (typeof version !== 'string') throw new DataError(`${where}: missing`);
  return [{key: 'mcp.version', value: version, source: where, forms: [version], names: ['docs-mcp']}];
}

/** Every named fact, by key, from the contract and the data files. */
export function collectFacts(contract: Contract, sources: Sources): Map<string, Fact> {
  const services = sources.data('onprem/services.yaml');
  const facts = [
    ...mcpFacts(sources),
    ...integrityFacts([
      {file: 'web-sdk.yaml', sdk: sources.data('sdk/web-sdk.yaml')},
      {file: 'gui-web-sdk.yaml', sdk: sources.data('sdk/gui-web-sdk.yaml')},
    ]),
    ...dataFacts(services, sources.data('sdk/web-sdk.yaml')),
    ...releaseFacts(sources.data('releases.yaml')),
    ...throughputFacts(sources.data('metrics/latency.yaml')),
    ...limitFacts(contract),
    ...modelFacts(contract),
    ...signatureFacts(contract),
    ...retentionFacts(contract),
    ...defaultFacts(contract),
    ...schemaFacts(contract),
    ...configFacts(sources.data('onprem/config.yaml')),
    ...metricFacts(sources),
  ];
  return new Map(facts.map((fact) => [fact.key, fact]));
}

/**
 * The file a fact comes from, site-relative: `data/onprem/services.yaml` for `onprem.version`,
 * `mcp/package.json` for `mcp.version`.
 */
export function factFile(fact: Fact): string {
  const file = /^(?:(?:data|contract)\/[\w./-]+?\.ya?ml|mcp\/package\.json)(?=:|$)/.exec(fact.source)?.[0];
  if (!file) throw new Error(`${fact.key}: its source "${fact.source}" does not start with its file`);
  return file;
}

/**
 * Every named fact, for a page that states some: collected without noting every source as the
 * page's file (./reads.ts); `use` notes the one file a fact the page states comes from, so an edit
 * to data/metrics/liveness.yaml renders again the pages that state its figures, not every page
 * that states a fact.
 */
function pageFacts(
  contract: () => Contract,
  sources: Sources,
): {facts: Map<string, Fact>; use: (fact: Fact) => Fact} {
  // Built once per build (./sources.ts `build`) and contract, not once per directive or code block.
  // Which contract, without making the page depend on it: `use` notes the file of each fact used.
  const current = withoutNoting(contract);
  const byContract = sources.build('facts', () => new WeakMap<Contract, Map<string, Fact>>());
  let facts = byContract.get(current);
  if (!facts) {
    facts = withoutNoting(() => collectFacts(current, sources));
    byContract.set(current, facts);
  }
  return {
    facts,
    use: (fact) => {
      noteRead(path.join(sources.siteDir, factFile(fact)));
      return fact;
    },
  };
}

/**
 * Collects every named fact ahead of the first page that states one: `npm start` does
 * it once it is ready (./index.ts), so the writer's first edit does not wait for the data files
 * to load and their schemas to compile (0.5 s). A contract or data file the loader rejects is
 * left for the page that renders from it to show.
 */
export async function preloadFacts(sources: Sources): Promise<void> {
  const contract = await sources.contract();
  await sources.preloadData();
  await new Promise((resolve) => setImmediate(resolve));
  pageFacts(() => contract, sources);
}

function factOf(contract: () => Contract, sources: Sources, key: string): Fact {
  const {facts, use} = pageFacts(contract, sources);
  const fact = facts.get(key);
  if (!fact) {
    throw new ContractError(
      `no fact "${key}"${didYouMean(key, facts.keys())} (facts live in plugins/vultus-contract/facts/facts.ts)`,
    );
  }
  return use(fact);
}

/** A fact as text: its value, or with a format its number formatted. */
export function factText(fact: Fact, format: string | undefined): string {
  if (format === undefined || format === 'text' || format === 'code') return fact.value;
  const formatter = numberFormats[format];
  if (!formatter) {
    throw new ContractError(
      `unknown as="${format}" (one of text, code, codes, ${Object.keys(numberFormats).join(', ')})`,
    );
  }
  if (fact.number === undefined)
    throw new ContractError(`${fact.key} is not a number, so it takes no as="${format}"`);
  try {
    return formatter(fact.number, fact.key);
  } catch (error) {
    throw new ContractError(
      `${fact.key}: as="${format}" ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * `:fact{key="onprem.version"}`: the value as text; `as="code"` as inline code, `as="codes"` an
 * x-limits list as one code span per item, `as="MB"` (`minutes`, `percent`, …) the number formatted.
 */
export function renderFact(
  context: Pick<DirectiveContext, 'contract' | 'sources'>,
  attributes: Record<string, string | null | undefined>,
): PhrasingContent[] {
  const key = attributes.key ?? '';
  const as = attributes.as ?? undefined;
  if (as === 'codes') {
    if (!key.startsWith('limits.'))
      throw new ContractError(`as="codes" is for a list in x-limits (limits.…)`);
    return limitCodes(context.contract, key.slice('limits.'.length));
  }
  // The contract is read through the context only where a fact comes from it (pageFacts).
  const fact = factOf(() => context.contract, context.sources, key);
  if (as === 'code') return [{type: 'inlineCode', value: fact.value}];
  return [{type: 'text', value: factText(fact, as)}];
}

/**
 * Replaces each `%{key}` or `%{key|format}` in code with the fact (the site's one placeholder
 * language, ./placeholders.ts); an unknown key or format fails the build, naming the nearest key.
 */
export function substituteFacts(contract: Contract, sources: Sources, code: string, where: string): string {
  if (!code.includes('%{')) return code;
  const {facts, use} = pageFacts(() => contract, sources);
  return expandPlaceholders(
    code,
    (key) => {
      const fact = facts.get(key);
      return fact && {text: use(fact).value, number: fact.number};
    },
    (placeholder, why, key) => {
      const nearest = key === undefined ? '' : didYouMean(key, facts.keys());
      throw new ContractError(
        `${where}: ${placeholder}: ${why}${nearest} (see plugins/vultus-contract/facts/facts.ts)`,
      );
    },
  );
}

export const factDirectives: Directive[] = [
  {
    name: 'fact',
    syntax: 'text',
    attributes: ['key', 'as'],
    summary:
      'a named fact of `facts.ts` inline in a sentence: a version, port, limit, retention period, default threshold, throughput, current model version or sunset date (`as="code"` for inline code); `%{key}` puts the same value in a code block or inline code',
    render: (attributes, context) => renderFact(context, attributes),
  },
];
