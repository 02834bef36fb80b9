/**
 * The model versions of the contract (`x-model-versions`) and what depends on their status.
 *
 * 1. Each status agrees with the date data/releases.yaml's statuses were last checked
 *    (`support.reviewed`): a deprecated version's sunset is after it, a retired version's sunset on
 *    or before it, and no deprecation is dated after it.
 * 2. A retired version is accepted by no request: it is in no enum and no default of the contract.
 *    Each family's `…ModelVersion` enum holds exactly the family's versions that are not retired,
 *    and its default is the current one.
 * 3. The data files agree: no JSON Schema of data/ enumerates a retired version, no on-premise
 *    container serves one, and no on-premise release made after a version's sunset serves it.
 * 4. Outside the revision history (a dated log of what was announced), no page names a deprecated
 *    or retired version: `::model-versions` shows them with their status.
 * 5. The loader accepts the four statuses and rejects any other, naming the row.
 * 6. Outside the revision history, no page or partial types a version's status: no sentence names a
 *    version in backticks beside a status word. A page writes the current one with
 *    `:fact{key="models.<family>.current" as="code"}` and the others' statuses with `::model-versions`.
 *
 * Run: node --import tsx --test tests/unit/model-versions.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {
  modelVersionStatuses,
  type JsonSchema,
  type ModelVersion,
} from '../../plugins/vultus-contract/contract/contract';
import {expandIncludesInSource} from '../../plugins/vultus-contract/partials/include';
import {docsDir, listMarkdown, siteDir, sources} from './helpers/pages';
import {contractLoadError as loadError} from './helpers/contract-copy';

const products = sources.data('releases.yaml').products;
const reviewed = products.find((product) => product.id === 'web-sdk')?.support?.reviewed ?? '';

/** What is wrong with the statuses on the review date: a deprecated version past its sunset, … */
function statusProblems(models: readonly ModelVersion[], on: string): string[] {
  return models.flatMap((model) => {
    const sunset = model.sunset ?? '';
    if (model.deprecated !== null && model.deprecated > on)
      return [`${model.model_version}: deprecated on ${model.deprecated}, after the review of ${on}`];
    if (model.status === 'deprecated' && sunset <= on)
      return [`${model.model_version}: deprecated, but its sunset ${sunset} is on or before ${on}: retired`];
    if (model.status === 'retired' && sunset > on)
      return [`${model.model_version}: retired, but its sunset ${sunset} is after ${on}: deprecated`];
    return [];
  });
}

/** Every `enum` and `default` of a document with where it is, skipping the catalogue itself. */
function acceptedValues(node: unknown, pointer = '#'): Array<{pointer: string; value: unknown}> {
  if (Array.isArray(node)) return node.flatMap((item, index) => acceptedValues(item, `${pointer}/${index}`));
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, child]) => {
    const at = `${pointer}/${key}`;
    if (key === 'x-model-versions') return [];
    if (key === 'enum' && Array.isArray(child)) return child.map((value) => ({pointer: at, value}));
    if (key === 'default' && typeof child === 'string') return [{pointer: at, value: child}];
    return acceptedValues(child, at);
  });
}

test('reviewed is a date, and the check itself reports a status the date contradicts', () => {
  assert.match(reviewed, /^\d{4}-\d{2}-\d{2}$/, 'data/releases.yaml: support.reviewed');
  const row = (status: ModelVersion['status'], sunset: string | null): ModelVersion => ({
    model_version: `x-${status}-v1.0`,
    family: 'x',
    status,
    released: '2020-01-01',
    services: [],
    deprecated: sunset === null ? null : '2019-12-01',
    sunset,
  });
  assert.deepEqual(
    statusProblems(
      [
        row('deprecated', '2026-11-25'),
        row('deprecated', '2026-11-26'),
        row('retired', '2026-11-25'),
        row('retired', '2026-11-26'),
        row('current', null),
        {
          ...row('deprecated', '2027-06-01'),
          model_version: 'x-announced-late-v1.0',
          deprecated: '2026-11-26',
        },
      ],
      '2026-11-25',
    ).map((problem) => problem.split(':')[0]),
    ['x-deprecated-v1.0', 'x-retired-v1.0', 'x-announced-late-v1.0'],
  );
});

test('every model version’s status agrees with support.reviewed of data/releases.yaml', async () => {
  const contract = await sources.contract();
  const models = contract.document['x-model-versions'];
  assert.ok(models.length > 0);
  assert.deepEqual(statusProblems(models, reviewed), []);
});

test('no request accepts a retired version, and each family’s enum holds its versions that still run', async () => {
  const contract = await sources.contract();
  const models = contract.document['x-model-versions'];
  const retired = new Set(models.filter((model) => model.status === 'retired').map((m) => m.model_version));
  const accepted = acceptedValues(contract.raw).filter(({value}) => retired.has(String(value)));
  assert.deepEqual(
    accepted.map(({pointer, value}) => `${pointer}: ${String(value)}`),
    [],
    'retired versions still in an enum or a default of contract/openapi.yaml',
  );
  const schemas = contract.raw.components.schemas;
  const families = [...new Set(models.map((model) => model.family))];
  for (const family of families) {
    const running = models.filter((model) => model.family === family && model.status !== 'retired');
    const current = running.find((model) => model.status === 'current');
    const enumSchemas = Object.entries(schemas).filter(
      ([name, schema]: [string, JsonSchema]) =>
        /ModelVersion$/.test(name) && schema.enum?.some((value) => String(value).startsWith(`${family}-v`)),
    );
    assert.equal(enumSchemas.length, 1, `one …ModelVersion schema enumerates the ${family} family`);
    const [name, schema] = enumSchemas[0] as [string, JsonSchema];
    assert.deepEqual(
      [...(schema.enum ?? [])].sort(),
      running.map((model) => model.model_version).sort(),
      `${name}: the ${family} versions that are not retired`,
    );
    assert.equal(schema.default, current?.model_version, `${name}: the default is the current version`);
  }
});

/** Every JSON Schema file under data/. */
function dataSchemas(dir = path.join(siteDir, 'data')): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const absolute = path.join(dir, entry.name);
    if (entry.isDirectory()) return dataSchemas(absolute);
    return entry.name.endsWith('.schema.json') ? [absolute] : [];
  });
}

test('the data files name no retired version where it would run', async () => {
  const contract = await sources.contract();
  const models = contract.document['x-model-versions'];
  const byName = new Map(models.map((model) => [model.model_version, model]));
  const problems: string[] = [];
  const schemaFiles = dataSchemas();
  assert.ok(schemaFiles.length > 0, 'data/ has JSON Schemas');
  for (const file of schemaFiles) {
    const relative = path.relative(siteDir, file);
    for (const {pointer, value} of acceptedValues(JSON.parse(readFileSync(file, 'utf8')))) {
      if (byName.get(String(value))?.status === 'retired')
        problems.push(`${relative}: ${pointer}: ${String(value)} is retired`);
    }
  }
  const services = sources.data('onprem/services.yaml');
  for (const service of services.services) {
    if (byName.get(service.model_version)?.status === 'retired')
      problems.push(`data/onprem/services.yaml: ${service.name} serves ${service.model_version}, retired`);
  }
  const onprem = products.find((product) => product.id === 'onprem');
  assert.ok(onprem, 'data/releases.yaml has the on-premise images');
  for (const release of onprem.releases) {
    for (const name of release.models ?? []) {
      const sunset = byName.get(name)?.sunset;
      if (sunset && release.date > sunset)
        problems.push(
          `data/releases.yaml: on-premise ${release.version} (${release.date}) serves ${name}, past its sunset ${sunset}`,
        );
    }
  }
  assert.deepEqual(problems, []);
});

test('outside the revision history, no page names a deprecated or retired version: ::model-versions shows them', async () => {
  const contract = await sources.contract();
  const ending = contract.document['x-model-versions']
    .filter((model) => model.status === 'deprecated' || model.status === 'retired')
    .map((model) => model.model_version);
  const problems: string[] = [];
  for (const absolute of await listMarkdown(docsDir)) {
    const file = path.relative(siteDir, absolute).split(path.sep).join('/');
    if (file === 'docs/revision-history.md') continue;
    const source = expandIncludesInSource(await readFile(absolute, 'utf8'), sources);
    source.split('\n').forEach((line, index) => {
      for (const version of ending) {
        if (new RegExp(`(?<![\\w.-])${version.replace(/\./g, '\\.')}(?![\\w.-]|\\.\\d)`).test(line))
          problems.push(`${file}:${index + 1}: ${version}`);
      }
    });
  }
  assert.deepEqual(problems, []);
});

/**
 * The sentences of a Markdown source that type a model version's status, as `line: version`.
 *
 * The rule, kept simple: a sentence is the text of one source line up to a `.`, `!` or `?` followed
 * by a space (paragraphs, list items and table rows are one line each in these sources). It types a
 * status when one of its inline code spans names a version of `x-model-versions` and it also has
 * one of the words current, supported, default, deprecated or retired. Directive attributes
 * (`{key="models.face-match.current" as="code"}`) are dropped first: a fact's key is not a word of
 * the sentence. A version named with no status word (a historical note, the model an evaluation
 * used) passes.
 */
function typedStatuses(source: string, versions: readonly string[]): string[] {
  const status = /\b(?:current|supported|default|deprecated|retired)\b/i;
  const names = (span: string, version: string): boolean =>
    new RegExp(`(?<![\\w.-])${version.replace(/\./g, '\\.')}(?![\\w.-]|\\.\\d)`).test(span);
  return source.split('\n').flatMap((line, index) =>
    line
      .replace(/\{[^{}]*\}/g, '')
      .split(/(?<=[.!?])\s+/)
      .filter((sentence) => status.test(sentence))
      .flatMap((sentence) => {
        const spans = [...sentence.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
        return versions.filter((version) => spans.some((span) => names(span, version)));
      })
      .map((version) => `${index + 1}: ${version}`),
  );
}

test('the status check finds a version typed beside a status word, and only there', () => {
  const versions = ['face-match-v4.2', 'face-match-v4.1'];
  assert.deepEqual(
    typedStatuses(
      [
        'Face match uses `face-match-v4.2` by default. Other text.',
        'Results of `face-match-v4.1`. It is still supported.',
        'Uses :fact{key="models.face-match.current" as="code"}; the rates of `face-match-v4.1` follow.',
        '| `face-match-v4.1` | Deprecated |',
        '`face-match-v4.10` is current, and face-match-v4.1 is retired.',
      ].join('\n'),
      versions,
    ),
    ['1: face-match-v4.2', '4: face-match-v4.1'],
  );
});

test('outside the revision history, no page types a model version’s status: a fact and ::model-versions show it', async () => {
  const contract = await sources.contract();
  const versions = contract.document['x-model-versions'].map((model) => model.model_version);
  const partials = readdirSync(path.join(docsDir, '_partials')).map((name) =>
    path.join(docsDir, '_partials', name),
  );
  const files = [...(await listMarkdown(docsDir)), ...partials];
  assert.ok(partials.length > 0 && files.length > partials.length);
  const problems: string[] = [];
  for (const absolute of files) {
    const file = path.relative(siteDir, absolute).split(path.sep).join('/');
    if (file === 'docs/revision-history.md') continue;
    for (const problem of typedStatuses(await readFile(absolute, 'utf8'), versions))
      problems.push(`${file}:${problem}`);
  }
  assert.deepEqual(problems, []);
});

test('the loader takes the four statuses, and names a row with another status or a retired one without a sunset', async () => {
  assert.deepEqual([...modelVersionStatuses], ['current', 'supported', 'deprecated', 'retired']);
  const real = readFileSync(path.join(siteDir, 'contract/openapi.yaml'), 'utf8');
  const catalogue = real.indexOf('\nx-model-versions:');
  assert.ok(catalogue > 0);
  const before = real.slice(0, catalogue);
  const after = real.slice(catalogue);
  const retiredRow =
    /(\n {2}- model_version: [\w.-]+\n {4}family: [\w-]+\n {4}status: )retired(\n[\s\S]*?\n {4}sunset: )'[\d-]+'/;
  assert.match(after, retiredRow, 'the catalogue has a retired version to alter');
  const sunsetted = await loadError(before + after.replace(retiredRow, '$1sunsetted$2null'));
  assert.match(
    sunsetted,
    /contract\/openapi\.yaml:\d+: #\/x-model-versions\/\d+\/status: "sunsetted" is not one of current, supported, deprecated, retired/,
  );
  const undated = await loadError(before + after.replace(retiredRow, '$1retired$2null'));
  assert.match(undated, /#\/x-model-versions\/\d+\/sunset: a retired version needs its sunset date/);
});
