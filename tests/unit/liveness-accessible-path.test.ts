/**
 * A published figure describes a setting an integrator can turn on.
 *
 * 1. Every liveness mode whose metrics (data/metrics/liveness.yaml) publish an accessible-path
 *    figure records the session `config` it was measured with; that config is valid for the
 *    mode's config schema in the contract, and both SDK references expose each of its settings
 *    (the `ready` event's payload).
 * 2. A liveness mode that raises a decline reason whose detail names a config field (the challenge
 *    codes name `challenge_timeout_seconds`) has that field in its config schema.
 * 3. The movement 3D liveness asks for is described one way: the phone moves, not the head.
 * 4. Every liveness session example shows the effective config, every field of its mode filled in.
 *
 * Run: node --import tsx --test tests/unit/liveness-accessible-path.test.ts
 */
import {before, test} from 'node:test';
import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {codeBlocks, metaValue, bundledContract, renderedDocs, sources} from './helpers/pages';

type Json = Record<string, unknown>;
const liveness = sources.data('metrics/liveness.yaml');
const sdkFiles = (['web-sdk.yaml', 'gui-web-sdk.yaml'] as const).map((file) => ({
  file,
  data: sources.data(`sdk/${file}`),
}));
let contract: Json;
let schemas: Record<string, Json>;
const ajv = addFormats(new Ajv2020({strict: false, allErrors: true}));
before(async () => {
  contract = await bundledContract();
  schemas = (contract.components as {schemas: Record<string, Json>}).schemas;
  ajv.addSchema({$id: 'https://docs.vultus.example/openapi.yaml', components: contract.components});
});

const refName = (node: unknown): string | undefined =>
  typeof (node as {$ref?: unknown})?.$ref === 'string'
    ? ((node as {$ref: string}).$ref.split('/').pop() as string)
    : undefined;

/** The config schema of the create operation documented on a service page. */
function configSchemaOf(page: string): string {
  for (const item of Object.values(contract.paths as Record<string, Record<string, Json>>)) {
    const post = item.post;
    if (!post || post['x-doc-page'] !== page) continue;
    const body = refName(
      (post.requestBody as {content?: Record<string, {schema?: unknown}>} | undefined)?.content?.[
        'application/json'
      ]?.schema,
    );
    const config = body ? refName((schemas[body]?.properties as Json | undefined)?.config) : undefined;
    if (config) return config;
  }
  throw new Error(`${page}: no create operation with a config schema`);
}

const validate = (schema: string, value: unknown): string[] => {
  const check = ajv.getSchema(`https://docs.vultus.example/openapi.yaml#/components/schemas/${schema}`);
  assert.ok(check, `no schema ${schema}`);
  return check(value) ? [] : (check.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
};
const camel = (name: string): string =>
  name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

test('every mode with a published accessible-path figure has the setting in its config and both SDKs', () => {
  const problems: string[] = [];
  let figures = 0;
  for (const mode of liveness.modes) {
    for (const condition of mode.conditions.filter((entry) => entry.dimension === 'accessibility')) {
      figures += 1;
      const where = `data/metrics/liveness.yaml: ${mode.mode}: ${String(condition.condition)}`;
      const config = condition.config as Json | undefined;
      if (!config || Object.keys(config).length === 0) {
        problems.push(`${where}: no config, so no reader can turn the measured path on`);
        continue;
      }
      const schema = configSchemaOf(mode.page);
      for (const message of validate(schema, config))
        problems.push(`${where}: not a valid ${schema}: ${message}`);
      for (const key of Object.keys(config)) {
        // The table row the reader sees names the setting.
        if (!String(condition.description).includes(`\`config.${key}\``)) {
          problems.push(`${where}: the description does not name \`config.${key}\``);
        }
        for (const {file, data} of sdkFiles) {
          const ready = data.events.find((event) => event.name === 'ready');
          if (!new RegExp(`\\b${camel(key)}\\b`).test(String(ready?.payload))) {
            problems.push(`data/sdk/${file}: the ready event does not report ${camel(key)} (${key})`);
          }
        }
      }
    }
  }
  assert.ok(figures >= 4, `only ${figures} accessible-path figures found`);
  assert.deepEqual([...new Set(problems)], []);
});

test('a liveness mode that raises a code naming a config field has that field', () => {
  const modes = new Map(liveness.modes.map((mode) => [mode.page, configSchemaOf(mode.page)]));
  const problems: string[] = [];
  for (const reason of contract['x-decline-reasons'] as Json[]) {
    const fields = [...String(reason.internal_detail).matchAll(/`([a-z]+(?:_[a-z]+)+)`/g)].map(
      (match) => match[1] as string,
    );
    for (const page of reason.services as string[]) {
      const schema = modes.get(page);
      if (!schema) continue;
      const properties = (schemas[schema]?.properties as Json | undefined) ?? {};
      for (const field of fields.filter((name) => /_(seconds|count)$/.test(name))) {
        if (!(field in properties))
          problems.push(`${String(reason.code)} on ${page}: ${schema} has no ${field}`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('3D liveness describes one movement: the phone, not the head', () => {
  const threeD = liveness.modes.find((mode) => mode.mode === '3d');
  const operation = (contract.paths as Record<string, {post: Json}>)['/liveness/3d/sessions']?.post;
  const texts = [
    String(operation?.description),
    JSON.stringify(schemas.Liveness3dConfig),
    ...(threeD?.conditions ?? []).map((condition) => String(condition.description)),
  ];
  for (const text of texts) {
    assert.doesNotMatch(text, /\b(phone or head|head or phone|rather than the head|moving the head)\b/, text);
  }
  assert.match(
    String(operation?.description),
    /`move_closer`[^.]*`move_back`/,
    'the 3D challenges are named',
  );
});

test('every liveness session example shows the effective config of its mode', async () => {
  const configByMode: Record<string, string> = {
    interactive: 'InteractiveLivenessConfig',
    non_interactive: 'PassiveLivenessConfig',
    '3d': 'Liveness3dConfig',
    deepfake: 'DeepfakeConfig',
  };
  const problems: string[] = [];
  const check = (value: unknown, where: string): void => {
    if (Array.isArray(value)) value.forEach((item, index) => check(item, `${where}/${index}`));
    if (!value || typeof value !== 'object' || Array.isArray(value)) return;
    const object = value as Json;
    if (object.object === 'liveness_session' && object.config && typeof object.mode === 'string') {
      const schema = configByMode[object.mode];
      assert.ok(schema, `${where}: unknown mode ${object.mode}`);
      const expected = Object.keys((schemas[schema]?.properties as Json | undefined) ?? {}).sort();
      const shown = Object.keys(object.config as Json).sort();
      if (JSON.stringify(expected) !== JSON.stringify(shown)) {
        problems.push(`${where}: config shows ${shown.join(', ')}; ${schema} has ${expected.join(', ')}`);
      }
    }
    for (const [key, child] of Object.entries(object)) check(child, `${where}/${key}`);
  };
  check(contract.paths, 'contract paths');
  check(contract.components, 'contract components');
  for (const page of await renderedDocs()) {
    for (const block of codeBlocks(page.tree)) {
      if (block.lang !== 'json' || !metaValue(block.meta, 'schema')) continue;
      check(JSON.parse(block.value) as unknown, `docs/${page.file}:${block.position?.start.line ?? '?'}`);
    }
  }
  assert.deepEqual(problems, []);
});
