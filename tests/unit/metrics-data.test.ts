/**
 * Validates the measured-performance data in data/metrics/*.yaml.
 *
 * 1. Every YAML file validates against data/metrics/schema/<name>.schema.json (JSON Schema 2020-12).
 * 2. Cross-file invariants the pages rely on: DET monotonicity, recommended thresholds that are real
 *    operating points, point estimates inside their confidence intervals, the API default thresholds,
 *    demographic compositions that sum to 100, and business outcomes that recompute from their sources.
 *
 * Run: node --import tsx --test tests/unit/metrics-data.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import type {ErrorObject} from 'ajv';
import addFormats from 'ajv-formats';
import {parse} from 'yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DATA_DIR = path.join(ROOT, 'data', 'metrics');
const SCHEMA_DIR = path.join(DATA_DIR, 'schema');

/** The API defaults from the design brief; the data must recommend exactly these as "default". */
const DEFAULTS = {
  faceMatch: 0.8,
  faceSearch: 0.85,
  faceToDocument: 0.75,
  liveness: 0.5,
  ageChallengeFor18: 25,
  ageChallengeOffset: 7,
} as const;

const EXPECTED_FILES = [
  'age.yaml',
  'business.yaml',
  'face-match.yaml',
  'face-search.yaml',
  'face-to-document.yaml',
  'latency.yaml',
  'liveness.yaml',
] as const;

// ---------------------------------------------------------------- types of the validated documents

interface Estimate {
  value: number;
  ci95: [number, number];
}
interface CompositionEntry {
  group: string;
  percent: number;
}
type Composition = Record<string, CompositionEntry[]>;
interface GroupRow {
  dimension: string;
  group: string;
}
interface DetPoint {
  threshold: number;
  fmr: number;
  fnmr: number;
}
interface VerificationUseCase extends DetPoint {
  use_case: string;
  default: boolean;
}
interface VerificationModel {
  model_version: string;
  status: string;
  det: DetPoint[];
  eer: {rate: number; threshold: number};
  recommended_thresholds: VerificationUseCase[];
  groups: {threshold: number; results: GroupRow[]};
}
interface VerificationFile {
  default_threshold: number;
  evaluation_set: {demographic_composition: Composition};
  models: VerificationModel[];
}
interface SearchPoint {
  threshold: number;
  fpir: number;
  fnir: number;
}
interface Gallery {
  gallery_size: number;
  fnir_at_fpir: {fpir: number; threshold: number; fnir: Estimate}[];
  rank_identification_rate: {rank_1: Estimate; rank_5: Estimate};
  operating_points: SearchPoint[];
}
interface SearchFile {
  default_threshold: number;
  evaluation_set: {demographic_composition: Composition};
  galleries: Gallery[];
  recommended_thresholds: (SearchPoint & {use_case: string; gallery_size: number; default: boolean})[];
  groups: {gallery_size: number; threshold: number; results: GroupRow[]};
}
interface Species {
  id: string;
  category: string;
  presentations: number;
  accepted: number;
  apcer: Estimate;
}
interface SweepPoint {
  threshold: number;
  apcer_max: number;
  bpcer: number;
}
interface CountedBpcer {
  presentations: number;
  rejected: number;
  bpcer: Estimate;
}
interface LivenessMode {
  mode: string;
  model_version: string;
  test_method: {bona_fide_presentations: number; attack_presentations: number};
  results: {
    threshold: number;
    attack_species: Species[];
    apcer_max: number;
    bona_fide_rejected: number;
    bpcer: Estimate;
  };
  threshold_sweep: SweepPoint[];
  recommended_thresholds: (SweepPoint & {use_case: string; default: boolean})[];
  groups: (CountedBpcer & GroupRow)[];
  conditions: (CountedBpcer & {dimension: string; condition: string})[];
}
interface LivenessFile {
  default_threshold: number;
  bona_fide_set: {demographic_composition: Composition};
  modes: LivenessMode[];
}
interface ChallengeRow {
  legal_age: number;
  challenge_age: number;
  false_positive_rate: Estimate;
  false_negative_rate: Estimate;
}
interface AgeUseCase {
  use_case: string;
  legal_age: number;
  challenge_age: number;
  false_positive_rate: number;
  false_negative_rate: number;
  default: boolean;
}
interface AgeFile {
  default_challenge_offset_years: number;
  evaluation_set: {demographic_composition: Composition};
  challenge_ages: ChallengeRow[];
  recommended_challenge_ages: AgeUseCase[];
  groups: GroupRow[];
}
interface Timing {
  p50_ms: number;
  p95_ms: number;
}
interface LatencyFile {
  cloud: {
    endpoints: (Timing & {operation_id: string; method: string; path: string})[];
    session_processing: {sessions: (Timing & {session_type: string})[]};
  };
  on_premise: {services: {operation_id: string; cpu: Timing; gpu: Timing}[]};
}
interface Source {
  file: string;
  path: string;
  multiplier?: number;
}
interface SourcedRate {
  metric: string;
  value: number;
  from: Source;
}
interface Check {
  name: string;
  page: string;
  role: string;
  retryable: boolean;
  threshold?: number;
  legal_age?: number;
  challenge_age?: number;
  genuine_reject_rate: SourcedRate;
  attack_accept_rate?: SourcedRate;
}
interface UseCase {
  id: string;
  services: string[];
  checks: Check[];
  final_failures_to_review: boolean;
  time_steps: {step: string; seconds: number; from: Source}[];
  outcomes: {
    pass_rate_first_attempt: number;
    pass_rate_after_resubmit: number;
    fraud_caught: number;
    underage_pass_rate?: number;
    median_time_to_verify_seconds: number;
    manual_review_rate: number;
  };
}
interface BusinessFile {
  retry_pass_rate: {value: number; from: Source};
  use_cases: UseCase[];
}

// ---------------------------------------------------------------- helpers

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function close(a: number, b: number, tolerance = 1e-9): boolean {
  return Math.abs(a - b) <= tolerance;
}

function yamlFiles(): string[] {
  if (!existsSync(DATA_DIR)) {
    return [];
  }
  return readdirSync(DATA_DIR)
    .filter((name) => name.endsWith('.yaml') || name.endsWith('.yml'))
    .sort();
}

const documents = new Map<string, unknown>();
function load(file: string): unknown {
  const cached = documents.get(file);
  if (cached !== undefined) {
    return cached;
  }
  const parsed: unknown = parse(readFileSync(path.join(DATA_DIR, file), 'utf8'));
  documents.set(file, parsed);
  return parsed;
}

/** Typed view of a data file; the schema test proves the shape. */
function doc<T>(file: (typeof EXPECTED_FILES)[number]): T {
  return load(file) as T;
}

function schemaFileFor(file: string): string {
  return path.join(SCHEMA_DIR, `${file.replace(/\.ya?ml$/, '')}.schema.json`);
}

function formatError(file: string, error: ErrorObject): string {
  const where = error.instancePath === '' ? '/' : error.instancePath;
  return `${file}: ${where} ${error.message ?? 'is invalid'} ${JSON.stringify(error.params)}`;
}

/** Visits every object in a document, with its JSON-pointer-like path. */
function walk(
  node: unknown,
  pointer: string,
  visit: (value: Record<string, unknown>, at: string) => void,
): void {
  if (Array.isArray(node)) {
    node.forEach((item: unknown, index: number) => walk(item, `${pointer}/${index}`, visit));
    return;
  }
  if (isRecord(node)) {
    visit(node, pointer);
    for (const [key, value] of Object.entries(node)) {
      walk(value, `${pointer}/${key}`, visit);
    }
  }
}

function assertMonotone(values: number[], direction: 'up' | 'down', label: string): void {
  for (let i = 1; i < values.length; i += 1) {
    const previous = values[i - 1] as number;
    const current = values[i] as number;
    if (direction === 'up') {
      assert.ok(current >= previous, `${label}: ${current} after ${previous} should not fall`);
    } else {
      assert.ok(current <= previous, `${label}: ${current} after ${previous} should not rise`);
    }
  }
}

function assertIncreasingThresholds(thresholds: number[], label: string): void {
  for (let i = 1; i < thresholds.length; i += 1) {
    assert.ok(
      (thresholds[i] as number) > (thresholds[i - 1] as number),
      `${label}: thresholds must increase`,
    );
  }
}

function only<T>(items: T[], predicate: (item: T) => boolean, label: string): T {
  const hits = items.filter(predicate);
  assert.equal(hits.length, 1, `${label}: expected exactly one match, found ${hits.length}`);
  return hits[0] as T;
}

const TOKEN = /\.?([A-Za-z_][A-Za-z0-9_]*)((?:\[[A-Za-z_]+=[^\]]+\])*)/y;
const SELECTOR = /\[([A-Za-z_]+)=([^\]]+)\]/g;

function selectorMatches(candidate: unknown, expected: string): boolean {
  if (typeof candidate === 'number') {
    const wanted = Number(expected);
    return !Number.isNaN(wanted) && close(candidate, wanted);
  }
  return String(candidate) === expected;
}

/** Resolves a business.yaml source path such as `modes[mode=3d].threshold_sweep[threshold=0.5].bpcer`. */
function resolve(source: Source): number {
  let current: unknown = load(source.file);
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.path.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(source.path);
    assert.ok(match !== null && TOKEN.lastIndex > start, `${source.file}: cannot parse path ${source.path}`);
    const key = match[1] as string;
    assert.ok(isRecord(current) && key in current, `${source.file}: ${source.path}: no key ${key}`);
    current = current[key];
    const selectors = [...(match[2] ?? '').matchAll(SELECTOR)];
    if (selectors.length > 0) {
      assert.ok(Array.isArray(current), `${source.file}: ${source.path}: ${key} is not a list`);
      const list: unknown[] = current;
      const hits = list.filter(
        (item: unknown) =>
          isRecord(item) && selectors.every((s) => selectorMatches(item[s[1] as string], s[2] as string)),
      );
      assert.equal(
        hits.length,
        1,
        `${source.file}: ${source.path}: ${match[0]} matches ${hits.length} items`,
      );
      current = hits[0];
    }
  }
  assert.equal(typeof current, 'number', `${source.file}: ${source.path} is not a number`);
  return (current as number) * (source.multiplier ?? 1);
}

function selectorValue(p: string, key: string): number | undefined {
  const match = new RegExp(`\\[${key}=([^\\]]+)\\]`).exec(p);
  return match ? Number(match[1]) : undefined;
}

// ---------------------------------------------------------------- 1. schemas

test('data/metrics holds YAML files, and each one validates against its JSON Schema', () => {
  const files = yamlFiles();
  assert.ok(files.length > 0, `no YAML files found in ${DATA_DIR}`);

  const ajv = new Ajv2020({allErrors: true, strict: true});
  addFormats(ajv);
  const failures: string[] = [];
  for (const file of files) {
    const schemaPath = schemaFileFor(file);
    if (!existsSync(schemaPath)) {
      failures.push(`${file}: no schema at ${path.relative(ROOT, schemaPath)}`);
      continue;
    }
    const schema: unknown = JSON.parse(readFileSync(schemaPath, 'utf8'));
    assert.ok(isRecord(schema), `${path.relative(ROOT, schemaPath)} is not a JSON object`);
    const validate = ajv.compile(schema);
    if (!validate(load(file))) {
      failures.push(...(validate.errors ?? []).map((error) => formatError(file, error)));
    }
  }
  assert.deepEqual(failures, [], `schema validation failed:\n${failures.join('\n')}`);
});

test('every expected metrics file and every schema has its counterpart', () => {
  const files = yamlFiles();
  for (const expected of EXPECTED_FILES) {
    assert.ok(files.includes(expected), `missing data/metrics/${expected}`);
  }
  const schemas = existsSync(SCHEMA_DIR)
    ? readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.schema.json'))
    : [];
  for (const schemaName of schemas) {
    const base = schemaName.replace(/\.schema\.json$/, '');
    assert.ok(
      files.includes(`${base}.yaml`) || files.includes(`${base}.yml`),
      `schema ${schemaName} has no data file`,
    );
  }
});

// ---------------------------------------------------------------- 2. generic invariants

test('every point estimate lies within its ci95, and every ci95 has low <= high', () => {
  const failures: string[] = [];
  for (const file of yamlFiles()) {
    walk(load(file), '', (node, at) => {
      if (!('ci95' in node)) {
        return;
      }
      const ci = node.ci95;
      const value = node.value;
      if (!Array.isArray(ci) || ci.length !== 2 || typeof value !== 'number') {
        failures.push(`${file}: ${at} ci95 needs a numeric value and a two-number interval`);
        return;
      }
      const [low, high] = ci as [unknown, unknown];
      if (typeof low !== 'number' || typeof high !== 'number') {
        failures.push(`${file}: ${at}/ci95 must hold two numbers`);
        return;
      }
      if (low > high) {
        failures.push(`${file}: ${at}/ci95 low ${low} > high ${high}`);
      }
      if (value < low || value > high) {
        failures.push(`${file}: ${at}/value ${value} outside ci95 [${low}, ${high}]`);
      }
    });
  }
  assert.deepEqual(failures, [], failures.join('\n'));
});

test('demographic compositions and document-type shares sum to 100%', () => {
  let checked = 0;
  for (const file of yamlFiles()) {
    walk(load(file), '', (node, at) => {
      const shareLists: [string, unknown][] = [];
      if (isRecord(node.demographic_composition)) {
        shareLists.push(
          ...Object.entries(node.demographic_composition).map(([k, v]): [string, unknown] => [
            `demographic_composition/${k}`,
            v,
          ]),
        );
      }
      if (Array.isArray(node.document_types)) {
        shareLists.push(['document_types', node.document_types]);
      }
      for (const [name, list] of shareLists) {
        assert.ok(Array.isArray(list), `${file}: ${at}/${name} must be a list`);
        const entries: unknown[] = list;
        const sum = entries.reduce<number>(
          (total, entry) =>
            total + (isRecord(entry) && typeof entry.percent === 'number' ? entry.percent : NaN),
          0,
        );
        assert.ok(close(sum, 100, 1e-6), `${file}: ${at}/${name} sums to ${sum}, not 100`);
        checked += 1;
      }
    });
  }
  assert.ok(checked > 0, 'no demographic composition found');
});

test('per-group results cover exactly the groups of the evaluation set composition', () => {
  const cases: [string, Composition, GroupRow[]][] = [];
  for (const file of ['face-match.yaml', 'face-to-document.yaml'] as const) {
    const data = doc<VerificationFile>(file);
    for (const model of data.models) {
      cases.push([
        `${file} ${model.model_version}`,
        data.evaluation_set.demographic_composition,
        model.groups.results,
      ]);
    }
  }
  const search = doc<SearchFile>('face-search.yaml');
  cases.push(['face-search.yaml', search.evaluation_set.demographic_composition, search.groups.results]);
  const liveness = doc<LivenessFile>('liveness.yaml');
  for (const mode of liveness.modes) {
    cases.push([`liveness.yaml ${mode.mode}`, liveness.bona_fide_set.demographic_composition, mode.groups]);
  }
  const age = doc<AgeFile>('age.yaml');
  cases.push(['age.yaml', age.evaluation_set.demographic_composition, age.groups]);

  for (const [label, composition, rows] of cases) {
    const expected = Object.entries(composition)
      .flatMap(([dimension, entries]) => entries.map((e) => `${dimension}:${e.group}`))
      .sort();
    const actual = rows.map((r) => `${r.dimension}:${r.group}`).sort();
    assert.deepEqual(actual, expected, `${label}: group rows differ from the composition`);
  }
});

// ---------------------------------------------------------------- 3. verification (1:1 and selfie-to-document)

for (const [file, defaultThreshold] of [
  ['face-match.yaml', DEFAULTS.faceMatch],
  ['face-to-document.yaml', DEFAULTS.faceToDocument],
] as const) {
  test(`${file}: DET curves are monotone, span 0.50-0.95 with 12+ points, and bracket the EER`, () => {
    for (const model of doc<VerificationFile>(file).models) {
      const label = `${file} ${model.model_version}`;
      const thresholds = model.det.map((p) => p.threshold);
      assertIncreasingThresholds(thresholds, label);
      assert.ok(
        model.det.filter((p) => p.threshold >= 0.5 - 1e-9 && p.threshold <= 0.95 + 1e-9).length >= 12,
        `${label}: needs at least 12 DET points between 0.50 and 0.95`,
      );
      assert.ok(
        close(thresholds[0] as number, 0.5) && close(thresholds.at(-1) as number, 0.95),
        `${label}: DET must run from 0.50 to 0.95`,
      );
      assertMonotone(
        model.det.map((p) => p.fmr),
        'down',
        `${label} FMR`,
      );
      assertMonotone(
        model.det.map((p) => p.fnmr),
        'up',
        `${label} FNMR`,
      );

      const i = model.det.findIndex((p, k) => {
        const next = model.det[k + 1];
        return (
          next !== undefined && p.threshold <= model.eer.threshold && next.threshold >= model.eer.threshold
        );
      });
      assert.ok(i >= 0, `${label}: EER threshold ${model.eer.threshold} outside the DET range`);
      const a = model.det[i] as DetPoint;
      const b = model.det[i + 1] as DetPoint;
      assert.ok(
        a.fmr >= a.fnmr && b.fmr <= b.fnmr,
        `${label}: FMR and FNMR do not cross around the EER threshold`,
      );
      const rates = [a.fmr, a.fnmr, b.fmr, b.fnmr];
      assert.ok(
        model.eer.rate >= Math.min(...rates) && model.eer.rate <= Math.max(...rates),
        `${label}: EER ${model.eer.rate} outside the rates of its bracketing DET points`,
      );
    }
  });

  test(`${file}: recommended thresholds are DET points with the same rates; default is ${defaultThreshold}`, () => {
    const data = doc<VerificationFile>(file);
    assert.ok(
      close(data.default_threshold, defaultThreshold),
      `${file}: default_threshold ${data.default_threshold}`,
    );
    for (const model of data.models) {
      const label = `${file} ${model.model_version}`;
      for (const rec of model.recommended_thresholds) {
        const point = model.det.find((p) => close(p.threshold, rec.threshold));
        assert.ok(point, `${label}: "${rec.use_case}" threshold ${rec.threshold} is not a DET point`);
        assert.equal(rec.fmr, point.fmr, `${label}: "${rec.use_case}" FMR differs from the DET point`);
        assert.equal(rec.fnmr, point.fnmr, `${label}: "${rec.use_case}" FNMR differs from the DET point`);
      }
      const defaults = model.recommended_thresholds.filter((r) => r.default);
      assert.equal(defaults.length, 1, `${label}: exactly one default use case`);
      assert.ok(
        close((defaults[0] as VerificationUseCase).threshold, defaultThreshold),
        `${label}: default use case threshold`,
      );
      assert.ok(
        close(model.groups.threshold, defaultThreshold),
        `${label}: per-group results must be at the default threshold`,
      );
    }
    assert.equal(
      data.models.filter((m) => m.status === 'current').length,
      1,
      `${file}: exactly one current model`,
    );
  });
}

test('face-match.yaml: covers face-match-v4.2 and v4.1 and the required use cases', () => {
  const data = doc<VerificationFile>('face-match.yaml');
  assert.deepEqual(data.models.map((m) => m.model_version).sort(), ['face-match-v4.1', 'face-match-v4.2']);
  for (const model of data.models) {
    const names = model.recommended_thresholds.map((r) => r.use_case);
    for (const required of [
      'Low-friction onboarding',
      'Default (balanced)',
      'Payments and account recovery (high assurance)',
    ]) {
      assert.ok(names.includes(required), `${model.model_version}: missing use case "${required}"`);
    }
  }
});

// ---------------------------------------------------------------- 4. face search

test('face-search.yaml: operating points, FNIR at fixed FPIR and rank rates are consistent', () => {
  const data = doc<SearchFile>('face-search.yaml');
  const sizes = data.galleries.map((g) => g.gallery_size);
  assert.deepEqual(sizes, [10_000, 100_000, 1_000_000, 10_000_000], 'gallery sizes, in increasing order');
  for (const g of data.galleries) {
    const label = `face-search.yaml gallery ${g.gallery_size}`;
    assertIncreasingThresholds(
      g.operating_points.map((p) => p.threshold),
      label,
    );
    assertMonotone(
      g.operating_points.map((p) => p.fpir),
      'down',
      `${label} FPIR`,
    );
    assertMonotone(
      g.operating_points.map((p) => p.fnir),
      'up',
      `${label} FNIR`,
    );
    const at001 = only(g.fnir_at_fpir, (f) => close(f.fpir, 0.001), `${label} FPIR 0.001`);
    const at01 = only(g.fnir_at_fpir, (f) => close(f.fpir, 0.01), `${label} FPIR 0.01`);
    assert.ok(
      at001.fnir.value >= at01.fnir.value,
      `${label}: FNIR at FPIR 0.001 must be >= FNIR at FPIR 0.01`,
    );
    for (const fixed of g.fnir_at_fpir) {
      const above = g.operating_points.filter((p) => p.threshold <= fixed.threshold + 1e-9).at(-1);
      const below = g.operating_points.find((p) => p.threshold >= fixed.threshold - 1e-9);
      assert.ok(above && below, `${label}: threshold ${fixed.threshold} outside the operating points`);
      assert.ok(
        fixed.fpir <= above.fpir + 1e-12 && fixed.fpir >= below.fpir - 1e-12,
        `${label}: FPIR ${fixed.fpir} is not between the operating points around threshold ${fixed.threshold}`,
      );
      assert.ok(
        fixed.fnir.value >= above.fnir - 1e-12 && fixed.fnir.value <= below.fnir + 1e-12,
        `${label}: FNIR ${fixed.fnir.value} at FPIR ${fixed.fpir} is not between the operating points around it`,
      );
    }
    const rank1 = g.rank_identification_rate.rank_1.value;
    const rank5 = g.rank_identification_rate.rank_5.value;
    assert.ok(rank5 >= rank1, `${label}: rank-5 rate must be >= rank-1 rate`);
    assert.ok(
      rank1 >= 1 - at01.fnir.value - 1e-9,
      `${label}: rank-1 rate must be >= 1 - FNIR at any threshold`,
    );
  }
  for (const fpir of [0.001, 0.01]) {
    const fnirs = data.galleries.map(
      (g) => only(g.fnir_at_fpir, (f) => close(f.fpir, fpir), 'fnir').fnir.value,
    );
    assertMonotone(fnirs, 'up', `FNIR at FPIR ${fpir} across gallery sizes`);
  }
  assertMonotone(
    data.galleries.map((g) => g.rank_identification_rate.rank_1.value),
    'down',
    'rank-1 across gallery sizes',
  );
});

test('face-search.yaml: recommended thresholds are operating points; default is 0.85 on the 1M gallery', () => {
  const data = doc<SearchFile>('face-search.yaml');
  assert.ok(
    close(data.default_threshold, DEFAULTS.faceSearch),
    `default_threshold ${data.default_threshold}`,
  );
  for (const rec of data.recommended_thresholds) {
    const gallery = only(
      data.galleries,
      (g) => g.gallery_size === rec.gallery_size,
      `"${rec.use_case}" gallery`,
    );
    const point = gallery.operating_points.find((p) => close(p.threshold, rec.threshold));
    assert.ok(
      point,
      `"${rec.use_case}": threshold ${rec.threshold} is not an operating point of gallery ${rec.gallery_size}`,
    );
    assert.equal(rec.fpir, point.fpir, `"${rec.use_case}": FPIR differs from the operating point`);
    assert.equal(rec.fnir, point.fnir, `"${rec.use_case}": FNIR differs from the operating point`);
  }
  const dflt = only(data.recommended_thresholds, (r) => r.default, 'default use case');
  assert.ok(close(dflt.threshold, DEFAULTS.faceSearch), `default use case threshold ${dflt.threshold}`);
  assert.ok(
    close(data.groups.threshold, DEFAULTS.faceSearch) && data.groups.gallery_size === 1_000_000,
    'per-group results at 0.85 on 1M',
  );
  const groupGallery = only(
    data.galleries,
    (g) => g.gallery_size === data.groups.gallery_size,
    'group gallery',
  );
  const at001 = only(groupGallery.fnir_at_fpir, (f) => close(f.fpir, 0.001), 'FPIR 0.001');
  assert.ok(
    close(at001.threshold, data.groups.threshold, 0.0005),
    'per-group threshold must be the FPIR 0.001 threshold of that gallery',
  );
});

// ---------------------------------------------------------------- 5. liveness

const PA_SPECIES = ['printed-photo', 'screen-replay', 'paper-mask', 'resin-mask', 'silicone-mask'];
const INJECTION_SPECIES = [
  'virtual-camera-injection',
  'face-swap-deepfake',
  'fully-synthetic-face',
  'replayed-video-injection',
];

/** A rate shown with 3 significant figures must match its counts. */
function assertCountRate(rate: number, errors: number, total: number, label: string): void {
  const exact = errors / total;
  assert.ok(
    Math.abs(rate - exact) <= Math.max(exact * 0.005, 1e-7),
    `${label}: ${rate} does not match ${errors}/${total}`,
  );
}

test('liveness.yaml: per-mode results agree with counts, sweep and recommendations; default is 0.50', () => {
  const data = doc<LivenessFile>('liveness.yaml');
  assert.ok(close(data.default_threshold, DEFAULTS.liveness), `default_threshold ${data.default_threshold}`);
  assert.deepEqual(data.modes.map((m) => m.mode).sort(), [
    '3d',
    'deepfake',
    'interactive',
    'non-interactive',
  ]);
  for (const mode of data.modes) {
    const label = `liveness.yaml ${mode.mode}`;
    const {results} = mode;
    assert.equal(
      mode.model_version,
      mode.mode === 'deepfake' ? 'deepfake-v1.4' : 'liveness-v3.1',
      `${label}: model version`,
    );
    assert.deepEqual(
      results.attack_species.map((s) => s.id),
      mode.mode === 'deepfake' ? INJECTION_SPECIES : PA_SPECIES,
      `${label}: attack species`,
    );
    assert.ok(
      close(results.threshold, DEFAULTS.liveness),
      `${label}: results must be at the default threshold`,
    );

    for (const s of results.attack_species) {
      assertCountRate(s.apcer.value, s.accepted, s.presentations, `${label} ${s.id} APCER`);
    }
    assert.equal(
      mode.test_method.attack_presentations,
      results.attack_species.reduce((t, s) => t + s.presentations, 0),
      `${label}: attack_presentations must be the sum over species`,
    );
    assert.equal(
      results.apcer_max,
      Math.max(...results.attack_species.map((s) => s.apcer.value)),
      `${label}: apcer_max`,
    );
    assertCountRate(
      results.bpcer.value,
      results.bona_fide_rejected,
      mode.test_method.bona_fide_presentations,
      `${label} BPCER`,
    );
    for (const row of [...mode.groups, ...mode.conditions]) {
      assertCountRate(row.bpcer.value, row.rejected, row.presentations, `${label} ${row.dimension} BPCER`);
    }

    assertIncreasingThresholds(
      mode.threshold_sweep.map((p) => p.threshold),
      label,
    );
    assertMonotone(
      mode.threshold_sweep.map((p) => p.apcer_max),
      'down',
      `${label} APCER max`,
    );
    assertMonotone(
      mode.threshold_sweep.map((p) => p.bpcer),
      'up',
      `${label} BPCER`,
    );
    const atDefault = mode.threshold_sweep.find((p) => close(p.threshold, results.threshold));
    assert.ok(atDefault, `${label}: the sweep must include the default threshold`);
    assert.equal(
      atDefault.apcer_max,
      results.apcer_max,
      `${label}: sweep APCER max at the default threshold`,
    );
    assert.equal(atDefault.bpcer, results.bpcer.value, `${label}: sweep BPCER at the default threshold`);

    for (const rec of mode.recommended_thresholds) {
      const point = mode.threshold_sweep.find((p) => close(p.threshold, rec.threshold));
      assert.ok(point, `${label}: "${rec.use_case}" threshold ${rec.threshold} is not a sweep point`);
      assert.equal(rec.apcer_max, point.apcer_max, `${label}: "${rec.use_case}" APCER max`);
      assert.equal(rec.bpcer, point.bpcer, `${label}: "${rec.use_case}" BPCER`);
    }
    const dflt = only(mode.recommended_thresholds, (r) => r.default, `${label} default use case`);
    assert.ok(
      close(dflt.threshold, DEFAULTS.liveness),
      `${label}: default use case threshold ${dflt.threshold}`,
    );

    for (const dimension of ['lighting', 'device_tier']) {
      const rows = mode.conditions.filter((c) => c.dimension === dimension);
      assert.equal(
        rows.reduce((t, c) => t + c.presentations, 0),
        mode.test_method.bona_fide_presentations,
        `${label}: ${dimension} covers all bona fide presentations`,
      );
    }
  }
});

// ---------------------------------------------------------------- 6. age

test('age.yaml: recommended challenge ages match the challenge table; defaults are legal age + 7 (25 for 18+)', () => {
  const data = doc<AgeFile>('age.yaml');
  assert.equal(data.default_challenge_offset_years, DEFAULTS.ageChallengeOffset);
  for (const rec of data.recommended_challenge_ages) {
    const row = only(
      data.challenge_ages,
      (r) => r.legal_age === rec.legal_age && r.challenge_age === rec.challenge_age,
      `"${rec.use_case}" challenge row`,
    );
    assert.equal(
      rec.false_positive_rate,
      row.false_positive_rate.value,
      `"${rec.use_case}": false positive rate`,
    );
    assert.equal(
      rec.false_negative_rate,
      row.false_negative_rate.value,
      `"${rec.use_case}": false negative rate`,
    );
    if (rec.default) {
      assert.equal(
        rec.challenge_age,
        rec.legal_age + data.default_challenge_offset_years,
        `"${rec.use_case}": default challenge age`,
      );
    }
  }
  const legalAges = [...new Set(data.recommended_challenge_ages.map((r) => r.legal_age))];
  for (const legal of legalAges) {
    only(data.recommended_challenge_ages, (r) => r.legal_age === legal && r.default, `default for ${legal}+`);
  }
  const adult = only(
    data.recommended_challenge_ages,
    (r) => r.legal_age === 18 && r.default,
    'default for 18+',
  );
  assert.equal(adult.challenge_age, DEFAULTS.ageChallengeFor18);

  for (const legal of new Set(data.challenge_ages.map((r) => r.legal_age))) {
    const rows = data.challenge_ages
      .filter((r) => r.legal_age === legal)
      .sort((a, b) => a.challenge_age - b.challenge_age);
    assertMonotone(
      rows.map((r) => r.false_positive_rate.value),
      'down',
      `age ${legal}+ false positive rate`,
    );
    assertMonotone(
      rows.map((r) => r.false_negative_rate.value),
      'up',
      `age ${legal}+ false negative rate`,
    );
  }
});

// ---------------------------------------------------------------- 7. latency

test('latency.yaml: p50 <= p95 everywhere, and every biometric and session endpoint is measured', () => {
  const data = doc<LatencyFile>('latency.yaml');
  const timings: [string, Timing][] = [
    ...data.cloud.endpoints.map((e): [string, Timing] => [`cloud ${e.method} ${e.path}`, e]),
    ...data.cloud.session_processing.sessions.map((s): [string, Timing] => [`session ${s.session_type}`, s]),
    ...data.on_premise.services.flatMap((s): [string, Timing][] => [
      [`on-premise ${s.operation_id} cpu`, s.cpu],
      [`on-premise ${s.operation_id} gpu`, s.gpu],
    ]),
  ];
  for (const [label, t] of timings) {
    assert.ok(t.p50_ms <= t.p95_ms, `${label}: p50 ${t.p50_ms} ms > p95 ${t.p95_ms} ms`);
  }
  const cloudOps = data.cloud.endpoints.map((e) => e.operation_id);
  for (const op of [
    'matchFaces',
    'searchFaces',
    'enrollFace',
    'estimateAge',
    'extractDocument',
    'checkDuplicate',
    'createInteractiveLivenessSession',
    'createPassiveLivenessSession',
    'create3dLivenessSession',
    'createDeepfakeSession',
    'createDocumentVerification',
    'createKycSession',
  ]) {
    assert.ok(cloudOps.includes(op), `latency.yaml: cloud endpoint ${op} missing`);
  }
  assert.equal(new Set(cloudOps).size, cloudOps.length, 'latency.yaml: duplicate cloud endpoint');
  assert.ok(
    data.on_premise.services.some((s) => s.operation_id === 'checkLiveness'),
    'on-premise liveness check missing',
  );
});

// ---------------------------------------------------------------- 8. business outcomes

test('business.yaml: every sourced figure equals its source, and outcomes recompute from them', () => {
  const data = doc<BusinessFile>('business.yaml');
  assert.equal(
    data.retry_pass_rate.value,
    resolve(data.retry_pass_rate.from),
    'retry_pass_rate differs from its source',
  );
  const retry = data.retry_pass_rate.value;

  for (const uc of data.use_cases) {
    const label = `business.yaml ${uc.id}`;
    for (const check of uc.checks) {
      const rates = [check.genuine_reject_rate, check.attack_accept_rate].filter(
        (r): r is SourcedRate => r !== undefined,
      );
      for (const rate of rates) {
        assert.ok(
          close(rate.value, resolve(rate.from)),
          `${label} "${check.name}": ${rate.metric} ${rate.value} differs from ${rate.from.file} ${rate.from.path}`,
        );
        for (const key of ['threshold', 'legal_age', 'challenge_age'] as const) {
          const inPath = selectorValue(rate.from.path, key);
          if (inPath !== undefined) {
            const own = check[key];
            assert.ok(
              own !== undefined && close(own, inPath),
              `${label} "${check.name}": ${key} ${String(own)} but the source uses ${inPath}`,
            );
          }
        }
      }
      assert.ok(uc.services.includes(check.page), `${label}: services must list ${check.page}`);
    }
    for (const stepItem of uc.time_steps) {
      assert.ok(
        close(stepItem.seconds, resolve(stepItem.from), 0.0005),
        `${label} "${stepItem.step}": ${stepItem.seconds} s differs from its source`,
      );
    }

    const product = (checks: Check[]): number =>
      checks.reduce((p, c) => p * (1 - c.genuine_reject_rate.value), 1);
    const fixedPart = product(uc.checks.filter((c) => !c.retryable));
    const retryPart = product(uc.checks.filter((c) => c.retryable));
    const first = fixedPart * retryPart;
    const after = fixedPart * (retryPart + (1 - retryPart) * retry);
    const attackRates = uc.checks
      .filter((c) => c.role === 'attack_detection')
      .map((c) => c.attack_accept_rate?.value)
      .filter((v): v is number => v !== undefined);
    assert.ok(attackRates.length > 0, `${label}: needs a liveness or deepfake check`);
    const o = uc.outcomes;
    const tolerance = 0.00051;
    assert.ok(
      close(o.pass_rate_first_attempt, first, tolerance),
      `${label}: pass_rate_first_attempt ${o.pass_rate_first_attempt}, recomputed ${first.toFixed(4)}`,
    );
    assert.ok(
      close(o.pass_rate_after_resubmit, after, tolerance),
      `${label}: pass_rate_after_resubmit ${o.pass_rate_after_resubmit}, recomputed ${after.toFixed(4)}`,
    );
    assert.ok(close(o.fraud_caught, 1 - Math.max(...attackRates), tolerance), `${label}: fraud_caught`);
    const review = uc.final_failures_to_review ? 1 - after : 0;
    assert.ok(
      close(o.manual_review_rate, review, tolerance),
      `${label}: manual_review_rate ${o.manual_review_rate}, recomputed ${review.toFixed(4)}`,
    );
    const seconds = uc.time_steps.reduce((t, s) => t + s.seconds, 0);
    assert.ok(
      close(o.median_time_to_verify_seconds, seconds, 0.051),
      `${label}: median time ${o.median_time_to_verify_seconds}, steps sum ${seconds.toFixed(2)}`,
    );
    const ageCheck = uc.checks.find((c) => c.role === 'age');
    assert.equal(
      o.underage_pass_rate,
      ageCheck?.attack_accept_rate?.value,
      `${label}: underage_pass_rate must equal the age check's false positive rate`,
    );
    assert.ok(
      o.pass_rate_after_resubmit >= o.pass_rate_first_attempt,
      `${label}: resubmission cannot lower the pass rate`,
    );
  }
});
