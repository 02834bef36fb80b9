/**
 * The on-premise data files (data/onprem/*.yaml) and the six pages under docs/onprem-services.
 *
 * 1. services.yaml, config.yaml, licence-errors.yaml and metrics.yaml (their fields, types and formats
 *    are validated at load by data/onprem/*.schema.json): agreement with the contract (licence error
 *    codes, licence features, model versions, threshold defaults, limits, operations), with each other
 *    and with data/metrics/latency.yaml (no duplicated figures).
 * 2. The pages: front matter, required `## ` sections, every fenced code block parses (YAML, JSON,
 *    `bash -n`), every configuration key and environment variable they name exists in config.yaml,
 *    image references and operation links agree with the data and the contract, and the directives render.
 *
 * Run: node --import tsx --test tests/unit/onprem-data.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parse, parseAllDocuments} from 'yaml';
import {withFacts} from './helpers/typed-facts';
import {renderPageMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import type {OnpremConfig} from '../../plugins/vultus-contract/data/types';
import {sources, withDocs} from './helpers/pages';
import {rawContract} from './helpers/prose';
import {operationAnchor} from '../../src/lib/anchors';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function record(value: unknown, where: string): Json {
  assert.ok(isRecord(value), `${where}: expected a mapping`);
  return value;
}

function list(value: unknown, where: string): unknown[] {
  assert.ok(Array.isArray(value), `${where}: expected a list`);
  return value;
}

function str(value: unknown, where: string): string {
  assert.equal(typeof value, 'string', `${where}: expected a string`);
  assert.ok((value as string).trim().length > 0, `${where}: empty string`);
  return value as string;
}

function strings(value: unknown, where: string): string[] {
  return list(value, where).map((item, index) => str(item, `${where}[${index}]`));
}

// ------------------------------------------------------------------ the contract

const contract = record(rawContract(), 'contract/openapi.yaml');
const schemas = record(record(contract.components, 'components').schemas, 'components.schemas');

function schema(name: string): Json {
  return record(schemas[name], `#/components/schemas/${name}`);
}

/** A schema's property, following one `$ref` to a component schema. */
function property(schemaName: string, name: string): Json {
  const properties = record(schema(schemaName).properties, `${schemaName}.properties`);
  const prop = record(properties[name], `${schemaName}.properties.${name}`);
  const ref = prop.$ref;
  if (typeof ref === 'string') return schema(ref.replace('#/components/schemas/', ''));
  return prop;
}

interface ContractOperation {
  operationId: string;
  docPage: string;
  /** x-deployment: runs in the cloud; the on-premise container that serves it, or false. */
  cloud: boolean;
  onPremise: string | false;
}

const contractOperations = new Map<string, ContractOperation>();
for (const [route, item] of Object.entries(record(contract.paths, 'paths'))) {
  for (const [method, value] of Object.entries(record(item, route))) {
    if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
    const operation = record(value, `${method} ${route}`);
    const operationId = str(operation.operationId, `${method} ${route}.operationId`);
    contractOperations.set(operationId, {
      operationId,
      docPage: str(operation['x-doc-page'], `${operationId}.x-doc-page`),
      cloud: record(operation['x-deployment'], `${operationId}.x-deployment`).cloud === true,
      onPremise: (record(operation['x-deployment'], `${operationId}.x-deployment`)['on-premise'] ?? false) as
        string | false,
    });
  }
}

const errorCodes = list(contract['x-error-codes'], 'x-error-codes').map((entry, index) =>
  record(entry, `x-error-codes[${index}]`),
);
const licenceCodes = errorCodes.filter((entry) => entry.type === 'license_error');
const limits = record(contract['x-limits'], 'x-limits');

// ------------------------------------------------------------------ the data files

const SERVICE_NAMES = [
  'face-liveness',
  'face-match',
  'face-search',
  'age-estimation',
  'deepfake-detection',
  'gateway',
] as const;
type ServiceName = (typeof SERVICE_NAMES)[number];

/** The contract schema whose enum and default hold each container's model versions. */
const MODEL_SCHEMA: Record<ServiceName, string | null> = {
  'face-liveness': 'LivenessModelVersion',
  'face-match': 'FaceModelVersion',
  'face-search': 'FaceModelVersion',
  'age-estimation': 'AgeModelVersion',
  'deepfake-detection': 'DeepfakeModelVersion',
  gateway: null,
};

// Each file is validated against its JSON Schema when it is loaded and comes with the type generated
// from that schema, so the tests below check what the data says, not its shape.
const servicesFile = sources.data('onprem/services.yaml');
const configFile = sources.data('onprem/config.yaml');
const licenceFile = sources.data('onprem/licence-errors.yaml');
const metricsFile = sources.data('onprem/metrics.yaml');
const latency = sources.data('metrics/latency.yaml');

type ConfigKey = OnpremConfig['keys'][number];

const configKeys = configFile.keys;
const keyNames = new Set(configKeys.map((item) => item.key));
// The Helm chart's values (data/onprem/helm-values.yaml) that pages name beside the configuration keys.
const helmFile = sources.data('onprem/helm-values.yaml');
const helmKeys = new Set([...helmFile.chart_values, ...helmFile.container_values].map((item) => item.key));
const envNames = new Set(configKeys.map((item) => item.env));

function defaultOf(key: string): ConfigKey['default'] {
  const found = configKeys.find((item) => item.key === key);
  assert.ok(found, `config.yaml: no key ${key}`);
  return found.default;
}

/** A config.yaml list that repeats the keys one container reads beyond the shared ones. */
type ServiceKeyList = Exclude<keyof OnpremConfig, 'config_file' | 'keys' | 'shared_keys'>;

const PER_SERVICE_LIST: Record<ServiceName, ServiceKeyList> = {
  'face-liveness': 'face_liveness_keys',
  'face-match': 'face_match_keys',
  'face-search': 'face_search_keys',
  'age-estimation': 'age_estimation_keys',
  'deepfake-detection': 'deepfake_detection_keys',
  gateway: 'gateway_keys',
};

/** A dotted configuration key as written in prose (`server.port`), not a file name or host. */
const KEY_PATTERN = /^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+(?:\.\*)?$/;
const NOT_KEYS = /\.(?:ya?ml|json|md|vlic|txt|tar|tgz|sha256|pem|crt|example|internal)$/;
const ENV_PATTERN = /\bVULTUS_[A-Z0-9_]+\b/g;

function isKnownKey(token: string): boolean {
  if (token.endsWith('.*')) {
    const prefix = token.slice(0, -1);
    return [...keyNames].some((name) => name.startsWith(prefix));
  }
  return keyNames.has(token);
}

/** Inline code spans in Markdown text with fenced blocks removed. */
function inlineCode(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => (match[1] ?? '').trim());
}

function configLikeTokens(text: string): string[] {
  return inlineCode(text).filter((token) => KEY_PATTERN.test(token) && !NOT_KEYS.test(token));
}

// ------------------------------------------------------------------ services.yaml

test('services.yaml: every container with its image, ports, needs, licence feature and model', () => {
  const {version, registry, chart} = servicesFile;
  assert.equal(version, '5.3.0');
  assert.equal(registry, 'registry.vultus.example/onprem');
  assert.equal(chart.version, version);
  assert.equal(chart.ref, `oci://${registry}/charts/${chart.name}`);
  // The probes and the licence: answered by every container, and only on-premise.
  const common = [...contractOperations.values()].filter((op) => op.onPremise === 'every container');
  assert.deepEqual(common.map((op) => op.operationId).sort(), [
    'getHealthLive',
    'getHealthReady',
    'getLicense',
  ]);
  for (const op of common) assert.equal(op.cloud, false, `${op.operationId}: not a cloud operation`);

  const featureItems = record(property('License', 'features').items, 'License.features.items');
  const licenceFeatures = strings(featureItems.enum, 'License.features.items.enum');
  const services = servicesFile.services;
  const served = new Set<string>();
  for (const item of services) {
    const {name} = item;
    const where = `services[${name}]`;
    assert.equal(item.image, `${registry}/${name}:${version}`, `${where}.image`);
    assert.equal(item.api_port, defaultOf('server.port'), `${where}.api_port is the server.port default`);
    assert.equal(
      item.metrics_port,
      defaultOf('metrics.port'),
      `${where}.metrics_port is the metrics.port default`,
    );
    const feature = item.licence_feature;
    const modelVersion = item.model_version;
    const modelSchema = MODEL_SCHEMA[name];
    if (modelSchema !== null) {
      assert.ok(
        licenceFeatures.includes(feature),
        `${where}: licence feature ${feature} not in License.features`,
      );
      assert.equal(
        modelVersion,
        schema(modelSchema).default,
        `${where}: model_version is the contract's current`,
      );
    }
    served.add(name);
    assert.equal(
      item.components[0]?.image,
      item.image,
      `${where}: the first component is the container itself`,
    );
  }
  // Every operation's on-premise container exists, and every container but the gateway serves one.
  const serving = new Set<string>();
  for (const operation of contractOperations.values()) {
    if (operation.onPremise === false || operation.onPremise === 'every container') continue;
    assert.ok(
      served.has(operation.onPremise),
      `${operation.operationId}: x-deployment.on-premise names no container (${operation.onPremise})`,
    );
    serving.add(operation.onPremise);
  }
  for (const name of served) {
    if (name !== 'gateway') assert.ok(serving.has(name), `services[${name}]: no operation runs in it`);
  }
  // Face search names the store it needs.
  const search = services.find((item) => item.name === 'face-search');
  assert.ok(search);
  assert.match(search.needs, /PostgreSQL 15 or later with the pgvector extension/);
});

test('services.yaml does not duplicate the throughput and latency of data/metrics/latency.yaml', () => {
  const text = readFileSync(path.join(ROOT, 'data/onprem/services.yaml'), 'utf8');
  assert.doesNotMatch(
    text,
    /throughput|p50|p95|latency_ms|_rps/,
    'figures belong in data/metrics/latency.yaml',
  );
  // The schema takes any non-empty string as a service name (minLength 1, no non-space pattern): it
  // must not be blank.
  for (const [index, row] of latency.on_premise.services.entries()) {
    assert.ok(row.service.trim().length > 0, `on_premise.services[${index}].service: empty string`);
  }
});

test('Health.version is the image version: the same semantic version, in the schema and its examples', () => {
  const {version} = servicesFile;
  const field = property('Health', 'version');
  const pattern = new RegExp(str(field.pattern, 'Health.version.pattern'));
  assert.match(version, pattern, 'the pattern accepts the image tag');
  for (const {image} of servicesFile.services) {
    assert.match(image.split(':').pop() ?? '', pattern, `${image}: its tag is a Health.version`);
  }
  const examples = JSON.stringify(contract.paths).match(/"version":"[^"]*"/g) ?? [];
  assert.ok(examples.length >= 3, 'the health examples carry a version');
  for (const example of examples) assert.equal(example, `"version":"${version}"`, 'a health example');
});

// ------------------------------------------------------------------ config.yaml

test('config.yaml: keys and environment variables are unique, and key texts name only known keys', () => {
  assert.equal(keyNames.size, configKeys.length, 'keys are unique');
  assert.equal(envNames.size, configKeys.length, 'environment variables are unique');
  for (const item of configKeys) {
    for (const token of configLikeTokens(`${item.description} ${item.range} ${String(item.default)}`)) {
      assert.ok(isKnownKey(token), `${item.key}: its text names the unknown key ${token}`);
    }
  }
  assert.equal(defaultOf('telemetry.enabled'), false);
});

test('config.yaml: per-page lists repeat exactly the keys of their containers', () => {
  const byKey = new Map(configKeys.map((item) => [item.key, item]));
  const check = (listName: 'shared_keys' | ServiceKeyList, expected: ConfigKey[]): void => {
    const entries: ConfigKey[] = configFile[listName];
    for (const entry of entries)
      assert.deepEqual(entry, byKey.get(entry.key), `${listName}: ${entry.key} as defined in keys`);
    assert.deepEqual(
      entries.map((entry) => entry.key).sort(),
      expected.map((entry) => entry.key).sort(),
      listName,
    );
  };
  check(
    'shared_keys',
    configKeys.filter((item) => item.services === 'all'),
  );
  for (const name of SERVICE_NAMES) {
    check(
      PER_SERVICE_LIST[name],
      configKeys.filter((item) => item.services !== 'all' && item.services.includes(name)),
    );
  }
});

test('config.yaml: defaults equal the contract (thresholds, challenge offset, body limit, port)', () => {
  const faceMatch = property('FaceMatchConfig', 'threshold').default;
  const faceSearch = property('FaceSearchConfig', 'threshold').default;
  const liveness = property('LivenessCheckConfig', 'threshold').default;
  const deepfake = property('DeepfakeConfig', 'threshold').default;
  const offset = property('AgeEstimationConfig', 'challenge_age_offset').default;
  assert.deepEqual(
    [faceMatch, faceSearch, liveness, deepfake, offset],
    [0.8, 0.85, 0.5, 0.5, 7],
    'the brief',
  );
  assert.equal(defaultOf('match.default_threshold'), faceMatch);
  assert.equal(defaultOf('search.default_threshold'), faceSearch);
  assert.equal(defaultOf('liveness.default_threshold'), liveness);
  assert.equal(defaultOf('deepfake.default_threshold'), deepfake);
  assert.equal(defaultOf('age.challenge_age_offset'), offset);
  assert.equal(defaultOf('limits.max_body_bytes'), limits.request_body_max_bytes);
  const onprem = list(contract.servers, 'servers')
    .map((server, index) => record(server, `servers[${index}]`))
    .find((server) => String(server.url).includes('{port}'));
  assert.ok(onprem, 'the contract has an on-premise server');
  const port = record(record(onprem.variables, 'variables').port, 'variables.port').default;
  assert.equal(String(defaultOf('server.port')), String(port));
});

// ------------------------------------------------------------------ licence-errors.yaml

test('licence-errors.yaml: one distinct entry per license_* code of the contract, nothing retyped', () => {
  const entries = licenceFile.errors;
  // Widened to string: the contract's codes and the ones listed below are compared with them.
  const codes: string[] = entries.map((entry) => entry.code);
  assert.equal(new Set(codes).size, codes.length, 'codes are distinct');
  assert.deepEqual(
    [...codes].sort(),
    licenceCodes.map((entry) => String(entry.code)).sort(),
    'every contract licence code, and only those',
  );
  for (const code of [
    'license_missing',
    'license_expired',
    'license_host_mismatch',
    'license_clock_skew',
    'license_feature_not_licensed',
    'license_signature_invalid',
  ]) {
    assert.ok(codes.includes(code), `${code} is covered`);
  }
  const texts = new Set<string>();
  for (const entry of entries) {
    const {code} = entry;
    const fromContract = licenceCodes.find((item) => item.code === code);
    assert.ok(fromContract, `${code}: in x-error-codes`);
    assert.equal(fromContract.type, 'license_error');
    const {when, message, fix} = entry;
    assert.notEqual(message, fromContract.message, `${code}: message retypes the contract`);
    assert.notEqual(fix, fromContract.fix, `${code}: fix retypes the contract`);
    for (const text of [when, fix]) {
      assert.ok(!texts.has(text), `${code}: text shared with another code`);
      texts.add(text);
      for (const token of configLikeTokens(text))
        assert.ok(isKnownKey(token), `${code}: unknown key ${token}`);
      for (const env of text.match(ENV_PATTERN) ?? [])
        assert.ok(envNames.has(env), `${code}: unknown variable ${env}`);
    }
  }
});

// ------------------------------------------------------------------ metrics.yaml

test('metrics.yaml: metric names are unique, and descriptions name only known keys', () => {
  const metrics = metricsFile.metrics;
  const names = metrics.map((metric) => metric.name);
  assert.equal(new Set(names).size, names.length, 'names are unique');
  for (const metric of metrics) {
    const {name} = metric;
    for (const token of configLikeTokens(metric.description)) {
      assert.ok(isKnownKey(token), `${name}: unknown key ${token}`);
    }
  }
});

// ------------------------------------------------------------------ the pages

interface Page {
  file: string;
  title: string;
  service: ServiceName | null;
}

const PAGES: Page[] = [
  {file: 'face-liveness.md', title: 'On-premise face liveness', service: 'face-liveness'},
  {file: 'face-match.md', title: 'On-premise face match', service: 'face-match'},
  {file: 'face-search.md', title: 'On-premise face search', service: 'face-search'},
  {file: 'age-estimation.md', title: 'On-premise age estimation', service: 'age-estimation'},
  {file: 'deepfake-detection.md', title: 'On-premise deepfake detection', service: 'deepfake-detection'},
  {file: 'merged-solutions.md', title: 'On-premise merged solutions', service: null},
];

/** The `## ` sections of every on-premise page, in this order. */
const REQUIRED_SECTIONS = [
  'Architecture',
  'Hardware sizing',
  'Licence',
  'Install',
  'Configuration reference',
  'Endpoints',
  'Health, readiness and metrics',
  'Scaling',
  'Air-gapped operation',
  'Upgrades and model versions',
  'Troubleshooting',
];

interface CodeBlock {
  lang: string;
  meta: string;
  body: string;
  line: number;
}

interface ParsedPage {
  page: Page;
  frontMatter: Json;
  body: string;
  prose: string;
  blocks: CodeBlock[];
}

function parsePage(page: Page): ParsedPage {
  const source = withFacts(
    readFileSync(path.join(ROOT, 'docs/onprem-services', page.file), 'utf8'),
    `docs/onprem-services/${page.file}`,
  );
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  assert.ok(match, `${page.file}: front matter`);
  const frontMatter = record(parse(match[1] ?? ''), `${page.file} front matter`);
  const body = source.slice(match[0].length);
  const lines = body.split('\n');
  const blocks: CodeBlock[] = [];
  const proseLines: string[] = [];
  let open: {fence: string; lang: string; meta: string; line: number; lines: string[]} | null = null;
  for (const [index, line] of lines.entries()) {
    if (open) {
      if (line.trim() === open.fence) {
        blocks.push({lang: open.lang, meta: open.meta, body: open.lines.join('\n'), line: open.line});
        open = null;
      } else {
        open.lines.push(line);
      }
      continue;
    }
    const fence = /^\s*(`{3,}|~{3,})\s*([\w-]*)\s*(.*)$/.exec(line);
    if (fence) {
      open = {
        fence: fence[1] ?? '```',
        lang: fence[2] ?? '',
        meta: fence[3] ?? '',
        line: index + 1,
        lines: [],
      };
      continue;
    }
    proseLines.push(line);
  }
  assert.equal(open, null, `${page.file}: a code fence is not closed`);
  return {page, frontMatter, body, prose: proseLines.join('\n'), blocks};
}

const parsedPages = PAGES.map(parsePage);
const allImages = new Set(servicesFile.services.map((item) => item.image));

test('pages: front matter keeps the title and has a 120-160 character description', () => {
  for (const {page, frontMatter} of parsedPages) {
    assert.equal(frontMatter.title, page.title, `${page.file}: title`);
    const description = str(frontMatter.description, `${page.file}: description`);
    assert.ok(
      description.length >= 120 && description.length <= 160,
      `${page.file}: description is ${description.length} characters`,
    );
  }
});

test('pages: each has its required ## sections, in order', () => {
  for (const {page, prose} of parsedPages) {
    const headings = prose
      .split('\n')
      .filter((line) => line.startsWith('## '))
      .map((line) => line.slice(3).trim());
    let last = -1;
    for (const section of REQUIRED_SECTIONS) {
      const at = headings.indexOf(section);
      assert.ok(at >= 0, `${page.file}: missing "## ${section}"`);
      assert.ok(at > last, `${page.file}: "## ${section}" is out of order`);
      last = at;
    }
    assert.doesNotMatch(prose, /^# /m, `${page.file}: no H1`);
  }
});

test('pages: every fenced code block parses (YAML, JSON, bash -n)', () => {
  const total = parsedPages.reduce((sum, parsed) => sum + parsed.blocks.length, 0);
  assert.ok(total > 0, 'no code blocks found: the scanner is broken or the pages are empty');
  const counts: Record<string, number> = {};
  for (const {page, blocks} of parsedPages) {
    assert.ok(blocks.length > 0, `${page.file}: no code blocks`);
    for (const block of blocks) {
      const where = `${page.file}:${block.line} (${block.lang || 'no language'})`;
      counts[block.lang] = (counts[block.lang] ?? 0) + 1;
      switch (block.lang) {
        case 'yaml':
        case 'yml': {
          const documents = parseAllDocuments(block.body);
          const docs = Array.isArray(documents) ? documents : [documents];
          for (const document of docs) {
            assert.equal(
              document.errors.length,
              0,
              `${where}: ${document.errors.map((e) => e.message).join('; ')}`,
            );
            assert.notEqual(document.toJS(), null, `${where}: empty YAML document`);
          }
          break;
        }
        case 'json':
          assert.doesNotThrow(() => JSON.parse(block.body) as unknown, `${where}: invalid JSON`);
          break;
        case 'bash':
        case 'sh':
        case 'shell': {
          const result = spawnSync('bash', ['-n'], {input: block.body, encoding: 'utf8'});
          assert.equal(result.status, 0, `${where}: bash -n failed: ${result.stderr}`);
          break;
        }
        case 'mermaid':
          assert.match(
            block.body,
            /^(flowchart|sequenceDiagram)\b/,
            `${where}: flowchart or sequenceDiagram`,
          );
          break;
        default:
          assert.fail(`${where}: use bash, yaml, json or mermaid`);
      }
    }
  }
  assert.ok((counts.yaml ?? 0) > 0 && (counts.bash ?? 0) > 0, 'YAML and bash blocks were checked');
});

test('pages: Compose files, Helm values and config files use real images and keys', () => {
  for (const {page, blocks, body} of parsedPages) {
    for (const image of body.match(/registry\.vultus\.example\/onprem\/[a-z-]+:[\w.]+/g) ?? []) {
      assert.ok(allImages.has(image), `${page.file}: unknown image ${image}`);
    }
    for (const block of blocks.filter((item) => item.lang === 'yaml')) {
      const where = `${page.file}:${block.line}`;
      if (block.meta.includes('config.yaml')) {
        const flatten = (value: unknown, prefix: string): string[] =>
          isRecord(value)
            ? Object.entries(value).flatMap(([name, child]) =>
                flatten(child, prefix ? `${prefix}.${name}` : name),
              )
            : [prefix];
        for (const key of flatten(parse(block.body), ''))
          assert.ok(keyNames.has(key), `${where}: unknown key ${key}`);
      }
      if (block.meta.includes('compose')) {
        const compose = record(parse(block.body), where);
        for (const [name, service] of Object.entries(record(compose.services, `${where} services`))) {
          str(record(service, `${where} ${name}`).image, `${where} ${name}.image`);
        }
      }
    }
    const mermaid = blocks.filter((item) => item.lang === 'mermaid');
    if (page.service === null) assert.ok(mermaid.length > 0, `${page.file}: a deployment diagram`);
  }
});

test('pages: configuration keys and environment variables they name exist in config.yaml', () => {
  for (const {page, prose, body} of parsedPages) {
    const tokens = configLikeTokens(prose);
    for (const token of tokens)
      assert.ok(
        isKnownKey(token) || helmKeys.has(token),
        `${page.file}: unknown configuration key or Helm value ${token}`,
      );
    for (const env of body.match(ENV_PATTERN) ?? []) {
      assert.ok(envNames.has(env), `${page.file}: unknown environment variable ${env}`);
    }
  }
  const mentioned = parsedPages.flatMap(({prose}) => configLikeTokens(prose));
  assert.ok(mentioned.length > 0, 'the pages name configuration keys');
});

test('pages: directives for the licence, sizing, metrics and configuration tables; links to operations', () => {
  for (const {page, body} of parsedPages) {
    assert.match(
      body,
      /::error-codes\{type="license_error"\}/,
      `${page.file}: the contract's licence errors`,
    );
    assert.match(
      body,
      /::data-table\{src="onprem\/licence-errors\.yaml"/,
      `${page.file}: the licence error detail`,
    );
    assert.match(
      body,
      /::data-table\{src="metrics\/latency\.yaml" path="on_premise\.services"/,
      `${page.file}: benchmark`,
    );
    assert.match(body, /::data-table\{src="onprem\/metrics\.yaml"/, `${page.file}: metrics`);
    assert.match(body, /::data-table\{src="onprem\/config\.yaml"/, `${page.file}: configuration`);
    const operations = [...body.matchAll(/::operation\{id="(\w+)"\}/g)].map((match) => match[1] ?? '');
    for (const id of operations) {
      assert.equal(
        contractOperations.get(id)?.docPage,
        `/onprem-services/${page.file.replace(/\.md$/, '')}`,
        `${page.file}: owns ${id}`,
      );
    }
    if (page.service === null) {
      assert.deepEqual(
        operations.sort(),
        ['getHealthLive', 'getHealthReady', 'getLicense'],
        `${page.file}: its operations`,
      );
    } else {
      assert.match(
        body,
        new RegExp(`path="services\\[name=${page.service}\\]\\.sizing"`),
        `${page.file}: sizing`,
      );
      assert.match(body, new RegExp(`path="${PER_SERVICE_LIST[page.service]}"`), `${page.file}: its keys`);
    }
    // Links to operation anchors point at the page that owns the operation.
    for (const link of body.matchAll(/\]\(((?:\.\.?\/)[\w/.-]*?)\.md#(op-[a-z0-9-]+)\)/g)) {
      const target = path.posix.normalize(path.posix.join('/onprem-services', link[1] ?? ''));
      const owner = [...contractOperations.values()].find(
        (operation) => operationAnchor(operation.operationId) === link[2],
      );
      assert.ok(owner, `${page.file}: no operation has the anchor ${link[2]}`);
      assert.equal(owner.docPage, target, `${page.file}: ${link[2]} is documented on ${owner.docPage}`);
    }
  }
});

test('pages: every directive renders', async () => {
  for (const {page} of parsedPages) {
    const {markdown} = await renderPageMarkdown(
      await withDocs(),
      path.join(ROOT, 'docs/onprem-services', page.file),
    );
    assert.doesNotMatch(markdown, /^::[a-z-]+\{/m, `${page.file}: an unexpanded directive`);
  }
});

test('pages: GET /license is described as the contract does (it fails only without a licence file)', () => {
  const paths = record(contract.paths, 'paths');
  const license = record(record(paths['/license'], 'paths./license').get, 'GET /license');
  const description = str(license.description, 'GET /license: description');
  assert.match(description, /answers even when the licence is expired or\s+invalid/);
  assert.match(description, /only a missing licence file returns\s+`403 license_missing`/);
  for (const {page, prose} of parsedPages) {
    // A sentence that exempts GET /license from licence failures must name its one failure.
    for (const sentence of prose.split(/(?<=\.)\s+/)) {
      if (/except[^.]*`GET \/license`/.test(sentence)) {
        assert.match(sentence, /license_missing/, `${page.file}: "${sentence.slice(0, 120)}…"`);
      }
    }
  }
});

// ------------------------------------------------------------------ concurrency and throughput

/**
 * How many requests one worker of a container handles at once, per sizing profile: the one place the
 * concurrency model lives (services.yaml `requests_in_flight_per_worker`). By Little's law a worker with
 * c requests in flight and a mean latency of t seconds completes at most c / t requests per second.
 */
function requestsInFlight(container: string, profile: 'cpu' | 'gpu'): number {
  const item = servicesFile.services.find((entry) => entry.name === container);
  assert.ok(item, `services.yaml: no container ${container}`);
  const row = item.sizing.find((entry) => entry.profile.toLowerCase().startsWith(profile));
  assert.ok(row, `services[${container}].sizing: no ${profile.toUpperCase()} row`);
  // Optional in the type: the schema requires it on a service container's rows, not the gateway's.
  const inFlight = row.requests_in_flight_per_worker;
  assert.ok(
    inFlight,
    `services[${container}].sizing[${profile.toUpperCase()}]: no requests_in_flight_per_worker`,
  );
  return inFlight;
}

test('per-worker throughput is at most the requests a worker handles at once over its mean latency', () => {
  const failures: string[] = [];
  for (const row of latency.on_premise.services) {
    const operationId = row.operation_id;
    const container = contractOperations.get(operationId)?.onPremise;
    if (typeof container !== 'string') {
      failures.push(
        `${operationId}: x-deployment runs it in no on-premise container, so no worker has this benchmark`,
      );
      continue;
    }
    for (const profile of ['cpu', 'gpu'] as const) {
      const {throughput_rps: throughput, p50_ms: p50, p95_ms: p95, mean_ms: mean} = row[profile];
      const at = `${operationId} ${profile.toUpperCase()} (${container})`;
      if (mean < p50 || mean > p95)
        failures.push(`${at}: mean ${mean} ms outside p50 ${p50} ms to p95 ${p95} ms`);
      const inFlight = requestsInFlight(container, profile);
      const bound = (inFlight * 1000) / mean;
      if (throughput > bound * (1 + 1e-9)) {
        failures.push(
          `${at}: ${throughput} requests/s per worker, but ${inFlight} request(s) at once at a mean of ${mean} ms allow at most ${bound.toFixed(2)}`,
        );
      }
    }
  }
  assert.deepEqual(failures, [], failures.join('\n'));
});

test('the concurrency model is stated once: the sizing tables render it, and prose does not retype it', () => {
  const workers = configKeys.find((key) => key.key === 'server.workers');
  assert.ok(workers, 'config.yaml: server.workers');
  const retyped = /\b(?:one|\d+) requests? (?:at a time|at once)\b/i;
  assert.doesNotMatch(workers.description, retyped, 'config.yaml server.workers: point at the sizing table');
  const onPremise = latency.on_premise;
  assert.doesNotMatch(
    JSON.stringify(onPremise.method),
    retyped,
    'latency.yaml on_premise.method: point at the sizing table',
  );
  // A container with a benchmark row: its page shows the concurrency the throughput follows from.
  const benchmarked = new Set(
    onPremise.services.map((row) => contractOperations.get(row.operation_id)?.onPremise),
  );
  for (const {page, body} of parsedPages) {
    assert.doesNotMatch(
      body,
      retyped,
      `${page.file}: the sizing table states how many requests a worker handles at once`,
    );
    if (page.service === null || !benchmarked.has(page.service)) continue;
    const sizing = new RegExp(
      `::data-table\\{[^}]*path="services\\[name=${page.service}\\]\\.sizing"[^}]*\\}`,
    ).exec(body)?.[0];
    assert.ok(
      sizing && /requests_in_flight_per_worker/.test(sizing),
      `${page.file}: the sizing table shows requests_in_flight_per_worker`,
    );
  }
});
