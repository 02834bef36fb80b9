/**
 * The business page (/metrics/how-vultus-helps-your-business) computes, never types, its outcomes:
 * this test reads each input where data/metrics/business.yaml says it lives, applies the formulas
 * the page states, and compares with what the page shows. It also checks that the page shows every
 * outcome it defines, that each input is published on the metrics page the business page links it
 * to, and that each use case runs in a capture setting the liveness evaluation measured.
 *
 * Run: node --import tsx --test tests/unit/metrics-business.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {halfUnitOf, numberIn, tablesOf, type PageTable} from './helpers/tables';
import {renderedDocs, siteDir, type RenderedPage} from './helpers/pages';

type Json = Record<string, unknown>;
interface Source {
  file: string;
  path: string;
  multiplier?: number;
}
interface Check {
  name: string;
  role: string;
  retryable: boolean;
  genuine_reject_rate: {from: Source};
  attack_accept_rate?: {from: Source};
}
interface UseCase {
  id: string;
  name: string;
  description: string;
  checks: Check[];
  final_failures_to_review: boolean;
  time_steps: Array<{step: string; from: Source}>;
}
interface Business {
  definitions: Array<{outcome: string; name: string}>;
  retry_pass_rate: {from: Source};
  use_cases: UseCase[];
}

const metricsDir = path.join(siteDir, 'data', 'metrics');
const read = (file: string): unknown => parse(readFileSync(path.join(metricsDir, file), 'utf8'));
const business = read('business.yaml') as Business;
const pageRoute = '/metrics/how-vultus-helps-your-business';

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An age rate, worked out here from the counts of age.yaml: k of n. */
function ageCount(path_: string): [number, number] {
  const match =
    /challenge_ages\[legal_age=(\d+)\]\[challenge_age=(\d+)\]\.(false_positive_rate|false_negative_rate)$/.exec(
      path_,
    );
  assert.ok(match, `age.yaml: cannot read ${path_}`);
  const [legal, challenge] = [Number(match[1]), Number(match[2])];
  const groups = (
    read('age.yaml') as {
      estimated_under: Array<
        Json & {subjects: number; min_age: number; max_age?: number; under: Record<string, number>}
      >;
    }
  ).estimated_under;
  if (match[3] === 'false_positive_rate') {
    const below = groups.find((group) => group.max_age === legal - 1);
    assert.ok(below);
    return [below.subjects - (below.under[String(challenge)] as number), below.subjects];
  }
  const ofAge = groups.filter((group) => group.min_age >= legal);
  return [
    ofAge.reduce((sum, group) => sum + (group.under[String(challenge)] as number), 0),
    ofAge.reduce((sum, group) => sum + group.subjects, 0),
  ];
}

/** The figure at a source, read from the raw file: a rate, or k / n of a count. */
function resolve(source: Source): number {
  if (source.file === 'age.yaml' && source.path.startsWith('challenge_ages')) {
    const [k, n] = ageCount(source.path);
    return (k / n) * (source.multiplier ?? 1);
  }
  let current: unknown = read(source.file);
  for (const token of source.path.match(/[A-Za-z_]\w*(?:\[[^\]]+\])*/g) ?? []) {
    const key = /^[A-Za-z_]\w*/.exec(token)?.[0] as string;
    assert.ok(isRecord(current) && key in current, `${source.file}: ${source.path}: no ${key}`);
    current = current[key];
    for (const [, field, value] of token.matchAll(/\[(\w+)=([^\]]+)\]/g)) {
      assert.ok(Array.isArray(current), `${source.file}: ${source.path}: ${key} is not a list`);
      current = (current as Json[]).find((item) => {
        const own = item[field as string];
        return typeof own === 'number' ? Math.abs(own - Number(value)) < 1e-9 : String(own) === value;
      });
    }
  }
  if (isRecord(current) && typeof current.events === 'number')
    current = current.events / (current.of as number);
  if (isRecord(current) && typeof current.value === 'number') current = current.value;
  assert.equal(typeof current, 'number', `${source.file}: ${source.path} is not a number`);
  return (current as number) * (source.multiplier ?? 1);
}

/** The outcomes of a use case by the page's formulas, worked out here. */
function outcomes(useCase: UseCase): Record<string, number> {
  const retry = resolve(business.retry_pass_rate.from);
  const passing = (checks: Check[]): number =>
    checks.reduce((product, check) => product * (1 - resolve(check.genuine_reject_rate.from)), 1);
  const fixed = passing(useCase.checks.filter((check) => !check.retryable));
  const retryable = passing(useCase.checks.filter((check) => check.retryable));
  const after = fixed * (retryable + (1 - retryable) * retry);
  const attacks = useCase.checks
    .filter((check) => check.role === 'attack_detection' && check.attack_accept_rate)
    .map((check) => resolve((check.attack_accept_rate as {from: Source}).from));
  return {
    pass_rate_first_attempt: fixed * retryable,
    pass_rate_after_resubmit: after,
    fraud_caught: 1 - Math.max(...attacks),
    manual_review_rate: useCase.final_failures_to_review ? 1 - after : 0,
    median_time_to_verify_seconds: useCase.time_steps.reduce((sum, step) => sum + resolve(step.from), 0),
  };
}

let pages: Promise<RenderedPage[]> | undefined;
const allPages = (): Promise<RenderedPage[]> => (pages ??= renderedDocs());

async function businessTables(): Promise<PageTable[]> {
  const page = (await allPages()).find((candidate) => candidate.route === pageRoute);
  assert.ok(page, `${pageRoute} exists`);
  return tablesOf(page.tree);
}

test('the outcomes the business page shows are its formulas applied to the inputs it names', async () => {
  const table = (await businessTables()).find((candidate) =>
    candidate.header.includes('Pass after resubmit'),
  );
  assert.ok(table, 'the outcomes table');
  const failures: string[] = [];
  for (const useCase of business.use_cases) {
    const row = table.rows.find((cells) => cells[0] === useCase.name);
    assert.ok(row, `a row for ${useCase.name}`);
    const want = outcomes(useCase);
    for (const definition of business.definitions) {
      if (!(definition.outcome in want)) continue;
      const cell = row[table.header.indexOf(definition.name)] ?? '';
      const shown = numberIn(cell);
      const expected = want[definition.outcome] as number;
      if (shown === undefined || Math.abs(shown - expected) > halfUnitOf(cell) + 1e-9) {
        failures.push(`${useCase.id}: ${definition.name} shows "${cell}", the formula gives ${expected}`);
      }
    }
  }
  assert.deepEqual(failures, [], failures.join('\n'));
});

test('the business page shows every outcome it defines, and defines every outcome it shows', async () => {
  const tables = await businessTables();
  const outcomesTable = tables.find((candidate) => candidate.header.includes('Pass after resubmit'));
  const definitions = tables.find((candidate) => candidate.header[0] === 'Outcome');
  assert.ok(outcomesTable && definitions, 'the outcomes and definitions tables');
  const defined = definitions.rows.map((row) => row[0]);
  const shown = outcomesTable.header.slice(1);
  assert.deepEqual(shown, defined, 'outcome columns and defined outcomes differ');
  // A column defined for some flows only (under-age users passed) has a figure in one of them at least.
  shown.forEach((name, index) => {
    assert.ok(
      outcomesTable.rows.some((row) => (row[index + 1] ?? '—') !== '—'),
      `"${name}" is defined but no use case reports it`,
    );
  });
});

/** The ways a metrics page may write a figure: a percentage, a fraction, a count, milliseconds. */
function forms(value: number, source: Source): string[] {
  const raw = value / (source.multiplier ?? 1);
  const percent =
    value * 100 >= 10
      ? `${Number((value * 100).toFixed(2)).toLocaleString('en-US')}%`
      : `${(value * 100).toLocaleString('en-US', {maximumSignificantDigits: 3})}%`;
  const list = [String(raw), raw.toLocaleString('en-US'), percent];
  if (source.file === 'age.yaml' && source.path.startsWith('challenge_ages')) {
    const [k, n] = ageCount(source.path);
    list.push(`${k.toLocaleString('en-US')} of ${n.toLocaleString('en-US')}`);
  }
  return list;
}

test('each input of the business page is published on the metrics page it links to', async () => {
  const byRoute = new Map((await allPages()).map((page) => [page.route, page]));
  const tables = await businessTables();
  const failures: string[] = [];
  let checked = 0;
  for (const useCase of business.use_cases) {
    const heading = useCase.name.replace(/ \(.*\)$/, '');
    const own = tables.filter((table) => table.section === heading && table.header.includes('Published on'));
    const inputs: Array<[string, Source]> = [
      ...useCase.checks.map((check): [string, Source] => [check.name, check.genuine_reject_rate.from]),
      ...useCase.time_steps.map((step): [string, Source] => [step.step, step.from]),
    ];
    for (const [name, source] of inputs) {
      const table = own.find((candidate) => candidate.rows.some((row) => row[0] === name));
      const index = table?.rows.findIndex((row) => row[0] === name) ?? -1;
      const link = table?.links[index]?.[table.header.indexOf('Published on')] ?? '';
      const target = byRoute.get(link.replace(/#.*$/, ''));
      checked += 1;
      if (!target) {
        failures.push(`${useCase.id} "${name}": "Published on" links no page (${link || 'no link'})`);
        continue;
      }
      const value = resolve(source);
      if (!forms(value, source).some((form) => target.markdown.includes(form))) {
        failures.push(
          `${useCase.id} "${name}": ${forms(value, source).join(' / ')} is not on ${target.route}`,
        );
      }
    }
  }
  assert.ok(checked > 20, `only ${checked} inputs checked`);
  assert.deepEqual(failures, [], failures.join('\n'));
});

test('each use case captures on a device the liveness evaluation measured', async () => {
  const liveness = read('liveness.yaml') as {
    bona_fide_set: {capture_conditions: string[]};
    modes: Array<{page: string; test_method: {devices?: string}}>;
  };
  const devices = /\b(smartphones?|phones?|tablets?|kiosks?|laptops?|webcams?|desktops?|computers?)\b/gi;
  const kind = (word: string): string =>
    word
      .toLowerCase()
      .replace(/^smart/, '')
      .replace(/s$/, '');
  const measured = new Set(
    [
      ...liveness.bona_fide_set.capture_conditions,
      ...liveness.modes.map((mode) => mode.test_method.devices ?? ''),
    ]
      .join(' ')
      .match(devices)
      ?.map(kind),
  );
  const page = (await allPages()).find((candidate) => candidate.route === pageRoute);
  assert.ok(page);
  const failures: string[] = [];
  for (const useCase of business.use_cases) {
    if (!useCase.checks.some((check) => check.genuine_reject_rate.from.file === 'liveness.yaml')) continue;
    const section =
      page.markdown
        .split(/^### /m)
        .find((part) => part.startsWith(`${useCase.name.replace(/ \(.*$/, '')}\n`)) ?? '';
    for (const word of `${useCase.description} ${section}`.match(devices) ?? []) {
      if (!measured.has(kind(word))) {
        failures.push(
          `${useCase.id}: "${word}", but the liveness evaluation measured ${[...measured].join(', ')}`,
        );
      }
    }
  }
  assert.deepEqual(failures, [], failures.join('\n'));
});
