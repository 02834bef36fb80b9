/**
 * data/aml/screening.yaml (list coverage and match rates of AML screening) and the page that
 * renders it, docs/services/aml.md.
 *
 * 1. The file validates against data/aml/screening.schema.json.
 * 2. Every list class of the contract (AmlList) has a list, every list is refreshed at least daily
 *    (monitors re-screen at least once a day), and every hit `source` in the contract's examples
 *    is a list of the file.
 * 3. The match rates are their counts over the set sizes; detection and false hits fall as the
 *    threshold rises; the row labelled as the API default is the contract's default
 *    `match_threshold`; each published rate rests on at least 20 events (misses or false hits);
 *    the variation groups partition the listed set and add up to the row they break down; the
 *    model measured is the current AML model of `x-model-versions`.
 * 4. The page renders the file with ::data-table and types none of its figures.
 *
 * Run: node --import tsx --test tests/unit/aml-data.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {renderPageMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import {siteDir, sources, withDocs} from './helpers/pages';

const data = sources.data('aml/screening.yaml');

/** Below this many events a rate is a guess: publish counts instead (issue 15). */
const MIN_EVENTS = 20;
/** A stored rate may differ from its counts by its rounding only. */
const ROUNDING = 5e-7;

const setSize = (name: 'Listed subjects' | 'Clear customers'): number => {
  const found = data.evaluation.sets.find((set) => set.set === name);
  assert.ok(found, `data/aml/screening.yaml: evaluation.sets has no "${name}"`);
  return found.queries;
};

/** "Every 15 minutes", "Every hour", "Every 24 hours" → minutes. */
function refreshMinutes(refresh: string): number {
  if (refresh === 'Every hour') return 60;
  // The schema's pattern admits only these two forms.
  const [, count, unit] = /^Every (\d+) (minutes|hours)$/.exec(refresh) ?? [];
  return Number(count) * (unit === 'hours' ? 60 : 1);
}

async function contractDocument() {
  return (await sources.contract()).document;
}

test('the lists cover every list class of the contract, at least daily, and name every source the examples show', async () => {
  const doc = await contractDocument();
  const classes = (doc.components.schemas.AmlList?.enum ?? []) as string[];
  assert.ok(classes.length > 0, 'contract: AmlList has an enum');
  assert.deepEqual(
    classes.filter((kind) => !data.lists.some((list) => list.kind === kind)),
    [],
    'list classes without a list',
  );
  const names = data.lists.map((list) => list.name);
  assert.equal(new Set(names).size, names.length, 'duplicate list names');
  for (const list of data.lists) {
    assert.ok(refreshMinutes(list.refresh) <= 24 * 60, `${list.name}: refreshed less than daily`);
  }
  // Every `source` of a hit in the contract's examples (responses and events) is a list here.
  const sources = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const item = value as Record<string, unknown>;
      if (typeof item.list_type === 'string' && typeof item.source === 'string') sources.add(item.source);
      Object.values(item).forEach(walk);
    }
  };
  walk(doc.paths);
  walk(doc.webhooks);
  assert.ok(sources.size > 0, 'the contract shows AML hits in its examples');
  assert.deepEqual(
    [...sources].filter((source) => !names.includes(source)),
    [],
    'hit sources in contract examples that are not lists of data/aml/screening.yaml',
  );
});

test('every match rate equals its counts, falls as the threshold rises and rests on enough events', async () => {
  const doc = await contractDocument();
  const listed = setSize('Listed subjects');
  const clear = setSize('Clear customers');
  const defaultThreshold = doc.components.schemas.AmlScreeningConfig?.properties?.match_threshold?.default;
  assert.equal(
    typeof defaultThreshold,
    'number',
    'contract: AmlScreeningConfig.match_threshold has a default',
  );
  const problems: string[] = [];
  for (const table of data.evaluation.match_rates) {
    let previous: (typeof table.thresholds)[number] | undefined;
    for (const row of table.thresholds) {
      const where = `${table.fields} at ${row.threshold}`;
      if (Math.abs(row.detection_rate - row.found / listed) > ROUNDING)
        problems.push(`${where}: detection_rate ${row.detection_rate} is not ${row.found}/${listed}`);
      if (Math.abs(row.false_hit_rate - row.false_hits / clear) > ROUNDING)
        problems.push(`${where}: false_hit_rate ${row.false_hit_rate} is not ${row.false_hits}/${clear}`);
      if (row.found > listed || row.false_hits > clear) problems.push(`${where}: more events than queries`);
      if (listed - row.found < MIN_EVENTS) problems.push(`${where}: only ${listed - row.found} misses`);
      if (row.false_hits < MIN_EVENTS) problems.push(`${where}: only ${row.false_hits} false hits`);
      const isDefault = row.threshold === defaultThreshold;
      const label = `${row.threshold.toFixed(2)}${isDefault ? ' (API default)' : ''}`;
      if (row.label !== label) problems.push(`${where}: label "${row.label}", expected "${label}"`);
      if (previous) {
        if (row.threshold <= previous.threshold) problems.push(`${where}: thresholds not ascending`);
        if (row.found > previous.found) problems.push(`${where}: finds more than a lower threshold`);
        if (row.false_hits > previous.false_hits)
          problems.push(`${where}: more false hits than a lower threshold`);
      }
      previous = row;
    }
    if (!table.thresholds.some((row) => row.threshold === defaultThreshold))
      problems.push(`${table.fields}: no row at the API default ${String(defaultThreshold)}`);
  }
  assert.deepEqual(problems, []);
});

test('sending the date of birth and country finds no fewer listed people and flags fewer clear ones', () => {
  const nameOnly = data.evaluation.match_rates.find((table) => table.fields === 'name_only');
  const full = data.evaluation.match_rates.find((table) => table.fields === 'name_dob_country');
  assert.ok(nameOnly && full, 'both tables exist');
  for (const row of full.thresholds) {
    const other = nameOnly.thresholds.find((candidate) => candidate.threshold === row.threshold);
    assert.ok(other, `name_only has no row at ${row.threshold}`);
    assert.ok(row.found >= other.found, `at ${row.threshold}: fewer found with more fields`);
    assert.ok(row.false_hits < other.false_hits, `at ${row.threshold}: no fewer false hits with more fields`);
  }
});

test('the variation groups partition the listed set and add up to the row they break down', () => {
  const {by_variation: breakdown} = data.evaluation;
  const table = data.evaluation.match_rates.find((candidate) => candidate.fields === breakdown.fields);
  const row = table?.thresholds.find((candidate) => candidate.threshold === breakdown.threshold);
  assert.ok(row, `no ${breakdown.fields} row at ${breakdown.threshold}`);
  const queries = breakdown.groups.reduce((sum, group) => sum + group.queries, 0);
  const found = breakdown.groups.reduce((sum, group) => sum + group.found, 0);
  assert.equal(queries, setSize('Listed subjects'), 'group sizes add up to the listed set');
  assert.equal(found, row.found, 'group hits add up to the row');
  for (const group of breakdown.groups) {
    assert.ok(
      Math.abs(group.detection_rate - group.found / group.queries) <= ROUNDING,
      `${group.variation}: rate is not ${group.found}/${group.queries}`,
    );
    assert.ok(
      group.queries - group.found >= MIN_EVENTS,
      `${group.variation}: fewer than ${MIN_EVENTS} misses`,
    );
  }
});

test('the evaluation measured the current AML model, before it was released', async () => {
  const doc = await contractDocument();
  const models = (doc['x-model-versions'] ?? []) as Array<{
    model_version: string;
    family: string;
    status: string;
    released: string;
  }>;
  const current = models.find((model) => model.family === 'aml' && model.status === 'current');
  assert.ok(current, 'x-model-versions has a current AML model');
  assert.equal(data.evaluation.model_version, current.model_version);
  assert.ok(data.evaluation.measured <= current.released.slice(0, 7), 'measured after the release');
});

test('/services/aml renders the coverage and the rates from the data and types none of the figures', async () => {
  const source = readFileSync(path.join(siteDir, 'docs/services/aml.md'), 'utf8');
  for (const dataPath of [
    'lists',
    'evaluation.sets',
    'evaluation.match_rates[fields=name_only].thresholds',
    'evaluation.match_rates[fields=name_dob_country].thresholds',
    'evaluation.by_variation.groups',
  ]) {
    assert.ok(
      source.includes(`::data-table{src="aml/screening.yaml" path="${dataPath}"`),
      `docs/services/aml.md renders ${dataPath}`,
    );
  }
  const figures = [
    ...data.evaluation.sets.map((set) => set.queries),
    ...data.evaluation.match_rates.flatMap((table) =>
      table.thresholds.flatMap((row) => [row.found, row.false_hits]),
    ),
    ...data.evaluation.by_variation.groups.flatMap((group) => [group.queries, group.found]),
  ];
  const typed = figures.filter((figure) =>
    new RegExp(`(?<![\\d.,])(${figure}|${figure.toLocaleString('en-US')})(?![\\d,])`).test(source),
  );
  assert.deepEqual(typed, [], 'figures of data/aml/screening.yaml typed into docs/services/aml.md');
  const page = await renderPageMarkdown(await withDocs(), path.join(siteDir, 'docs/services/aml.md'));
  for (const list of data.lists) assert.ok(page.markdown.includes(list.name), `the page shows ${list.name}`);
});
