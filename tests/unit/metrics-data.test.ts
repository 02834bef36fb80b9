/**
 * Validates the measured-performance data in data/metrics/*.yaml.
 *
 * 1. Every YAML file is validated at load against data/metrics/<name>.schema.json (see data-files.test.ts);
 *    the files are read here through that loader, `loadMetrics`.
 * 2. Cross-file invariants the pages rely on: DET monotonicity, recommended thresholds that are real
 *    operating points, point estimates inside their confidence intervals, the API default thresholds,
 *    demographic compositions that sum to 100, and business outcomes that recompute from their sources.
 * 3. The published figures hold together (section 9): every rate is k of n for a whole k, and below 20
 *    events it is published as k of n with its exact interval; groups that split a sample add up to it and
 *    average to its rate; pair counts follow from the subjects; each interval method suits its protocol and
 *    recomputes; no FNIR beats the rank-1 floor; the business flows model the recommended settings; every
 *    evaluated collection fits the product's collection limit.
 *
 * Run: node --import tsx --test tests/unit/metrics-data.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parse} from 'yaml';
import {ageView} from '../../plugins/vultus-contract/metrics/age';
import {clopperPearson, FEW_EVENTS, wilson} from '../../plugins/vultus-contract/metrics/counts';
import {isCounted, rateOf} from '../../plugins/vultus-contract/metrics/figures';
import {loadMetrics} from '../../plugins/vultus-contract/metrics/load';
import type {DataFiles} from '../../plugins/vultus-contract/data/types';
import type {
  Check,
  Composition,
  DetPoint,
  Estimate,
  Figure,
  GroupRow,
  MetricsName,
  SourcedRate,
  Source,
  Timing,
  VerificationUseCase,
} from '../../plugins/vultus-contract/metrics/types';
import {sources} from './helpers/pages';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DATA_DIR = path.join(ROOT, 'data', 'metrics');

/** The API defaults from the design brief; the data must recommend exactly these as "default". */
const DEFAULTS = {
  faceMatch: 0.8,
  faceSearch: 0.85,
  faceToDocument: 0.75,
  liveness: 0.5,
  ageChallengeFor18: 25,
  ageChallengeOffset: 7,
} as const;

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
/**
 * A metrics file as parsed, or as the pages show it where its figures are derived: age.yaml holds
 * counts, and its rates and intervals are what the renderer derives from them (metrics/age.ts).
 */
function load(file: string): unknown {
  const cached = documents.get(file);
  if (cached !== undefined) {
    return cached;
  }
  const parsed: unknown =
    file === 'age.yaml' ? ageView(sources) : parse(readFileSync(path.join(DATA_DIR, file), 'utf8'));
  documents.set(file, parsed);
  return parsed;
}

/** A data file as the renderer reads it: validated against its schema, typed by metrics/types.ts. */
function doc<Name extends MetricsName>(file: `${Name}.yaml`): DataFiles[`metrics/${Name}.yaml`] {
  return loadMetrics(sources, file.replace(/\.yaml$/, '') as Name);
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
  // A figure counted from few events stands for k / n.
  if (isCounted(current)) return (current.events / current.of) * (source.multiplier ?? 1);
  assert.equal(typeof current, 'number', `${source.file}: ${source.path} is not a number`);
  return (current as number) * (source.multiplier ?? 1);
}

function selectorValue(p: string, key: string): number | undefined {
  const match = new RegExp(`\\[${key}=([^\\]]+)\\]`).exec(p);
  return match ? Number(match[1]) : undefined;
}

// ---------------------------------------------------------------- 2. generic invariants

test('every point estimate lies within its ci95, and every ci95 has low <= high', () => {
  const failures: string[] = [];
  for (const file of yamlFiles()) {
    walk(load(file), '', (node, at) => {
      if (!('ci95' in node)) {
        return;
      }
      // The schemas give every ci95 two numbers and a numeric value, or a count (k events of n),
      // which stands for k / n.
      const [low, high] = node.ci95 as [number, number];
      const value =
        node.value === undefined ? (node.events as number) / (node.of as number) : (node.value as number);
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
      const shareLists: [string, unknown[]][] = [];
      if (isRecord(node.demographic_composition)) {
        shareLists.push(
          ...Object.entries(node.demographic_composition).map(([k, v]): [string, unknown[]] => [
            `demographic_composition/${k}`,
            v as unknown[],
          ]),
        );
      }
      if (Array.isArray(node.document_types)) {
        shareLists.push(['document_types', node.document_types]);
      }
      for (const [name, entries] of shareLists) {
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
    const data = doc(file);
    for (const model of data.models) {
      cases.push([
        `${file} ${model.model_version}`,
        data.evaluation_set.demographic_composition,
        model.groups.results,
      ]);
    }
  }
  const search = doc('face-search.yaml');
  cases.push(['face-search.yaml', search.evaluation_set.demographic_composition, search.groups.results]);
  const liveness = doc('liveness.yaml');
  for (const mode of liveness.modes) {
    cases.push([`liveness.yaml ${mode.mode}`, liveness.bona_fide_set.demographic_composition, mode.groups]);
  }
  const age = ageView(sources);
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
    for (const model of doc(file).models) {
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
    const data = doc(file);
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
  const data = doc('face-match.yaml');
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
  const data = doc('face-search.yaml');
  const sizes = data.galleries.map((g) => g.gallery_size);
  assert.deepEqual(sizes, [10_000, 100_000, 1_000_000, 10_000_000], 'gallery sizes, in increasing order');
  for (const g of data.galleries) {
    const label = `face-search.yaml gallery ${g.gallery_size}`;
    assertIncreasingThresholds(
      g.operating_points.map((p) => p.threshold),
      label,
    );
    assertMonotone(
      g.operating_points.map((p) => rateOf(p.fpir)),
      'down',
      `${label} FPIR`,
    );
    assertMonotone(
      g.operating_points.map((p) => rateOf(p.fnir)),
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
        fixed.fpir <= rateOf(above.fpir) + 1e-12 && fixed.fpir >= rateOf(below.fpir) - 1e-12,
        `${label}: FPIR ${fixed.fpir} is not between the operating points around threshold ${fixed.threshold}`,
      );
      assert.ok(
        fixed.fnir.value >= rateOf(above.fnir) - 1e-12 && fixed.fnir.value <= rateOf(below.fnir) + 1e-12,
        `${label}: FNIR ${fixed.fnir.value} at FPIR ${fixed.fpir} is not between the operating points around it`,
      );
    }
    const rank1 = rateOf(g.rank_identification_rate.rank_1);
    const rank5 = rateOf(g.rank_identification_rate.rank_5);
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
    data.galleries.map((g) => rateOf(g.rank_identification_rate.rank_1)),
    'down',
    'rank-1 across gallery sizes',
  );
});

test('face-search.yaml: recommended thresholds are operating points; default is 0.85 on the 1M gallery', () => {
  const data = doc('face-search.yaml');
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
    assert.deepEqual(rec.fpir, point.fpir, `"${rec.use_case}": FPIR differs from the operating point`);
    assert.deepEqual(rec.fnir, point.fnir, `"${rec.use_case}": FNIR differs from the operating point`);
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
  const data = doc('liveness.yaml');
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
  const data = ageView(sources);
  assert.equal(data.default_challenge_offset_years, DEFAULTS.ageChallengeOffset);
  for (const rec of data.recommended_challenge_ages) {
    const row = only(
      data.challenge_ages,
      (r) => r.legal_age === rec.legal_age && r.challenge_age === rec.challenge_age,
      `"${rec.use_case}" challenge row`,
    );
    assert.deepEqual(
      rec.false_positive_rate,
      row.false_positive_rate,
      `"${rec.use_case}": false positive rate`,
    );
    assert.deepEqual(
      rec.false_negative_rate,
      row.false_negative_rate,
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
      rows.map((r) => rateOf(r.false_positive_rate)),
      'down',
      `age ${legal}+ false positive rate`,
    );
    assertMonotone(
      rows.map((r) => rateOf(r.false_negative_rate)),
      'up',
      `age ${legal}+ false negative rate`,
    );
  }
});

// ---------------------------------------------------------------- 7. latency

test('latency.yaml: p50 <= p95 everywhere, and every biometric and session endpoint is measured', () => {
  const data = doc('latency.yaml');
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

test('business.yaml: every source resolves, at the setting its check states', () => {
  // The figures themselves are read from these sources and the outcomes computed by the renderer;
  // tests/unit/metrics-business.test.ts recomputes what the business page shows.
  const data = doc('business.yaml');
  assert.ok(resolve(data.retry_pass_rate.from) > 0, 'retry_pass_rate');
  for (const uc of data.use_cases) {
    const label = `business.yaml ${uc.id}`;
    for (const check of uc.checks) {
      const rates = [check.genuine_reject_rate, check.attack_accept_rate].filter(
        (r): r is SourcedRate => r !== undefined,
      );
      for (const rate of rates) {
        const value = resolve(rate.from);
        assert.ok(
          value >= 0 && value <= 1,
          `${label} "${check.name}": ${rate.metric} ${value} is not a rate`,
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
      assert.ok(resolve(stepItem.from) > 0, `${label} "${stepItem.step}": no time at its source`);
    }
  }
});

// ---------------------------------------------------------------- 9. the published figures hold together
//
// Each rule below holds for every evaluation, not for one number: a rate is k of n for a whole number k;
// a figure resting on few events is published as its count with an exact interval; groups that partition
// a sample add up to it and average to its rate; the interval method suits the protocol; no threshold
// beats the rank-1 floor; the flows model the recommended thresholds; the evaluated collections exist.

/**
 * Half a unit in the last digit of a number as the data writes it, at least two significant figures
 * (YAML drops a trailing zero: 5.0e-5 parses as 5e-5): 0.0042 → 0.00005, 0.2 → 0.005, 0.000313 → 5e-7.
 */
function halfUnit(value: number): number {
  if (value === 0) return 0;
  const [mantissa = '', exponent = '0'] = value.toExponential().split('e');
  const decimals = Math.max(1, mantissa.split('.')[1]?.length ?? 0);
  return 0.5 * 10 ** (Number(exponent) - decimals);
}

/** |a - b| within a rounding tolerance, with room for binary floating point. */
function within(a: number, b: number, tolerance: number): boolean {
  return Math.abs(a - b) <= tolerance * (1 + 1e-9) + 1e-15;
}

/** A rate as the data publishes it: a number, an estimate, or k of n (the renderer's `Counted`). */

/** The rounding a figure was published with: none for a count. */
function precisionOf(figure: Figure): number {
  if (typeof figure === 'number') return halfUnit(figure);
  if (isCounted(figure)) return 0;
  return halfUnit(figure.value);
}

/** The Wilson interval on n / designEffect effective samples, at the observed rate k / n. */
const wilsonWithDesignEffect = (k: number, n: number, designEffect: number): [number, number] =>
  wilson(k / designEffect, n / designEffect);

/** Whether a published interval is the computed one, each bound rounded as published. */
function sameInterval(published: [number, number], computed: [number, number]): boolean {
  return (
    within(published[0], computed[0], halfUnit(published[0])) &&
    within(published[1], computed[1], halfUnit(published[1]))
  );
}

const fmtInterval = ([low, high]: [number, number]): string =>
  `[${low.toPrecision(3)}, ${high.toPrecision(3)}]`;

/** A rate whose denominator the data states: where it is, what it counts, and what is published. */
interface CountedFigure {
  file: string;
  label: string;
  /** The data key that holds it (`fnmr`, `apcer`, `false_positive_rate`): what ci_method.applies_to names. */
  key: string;
  n: number;
  /** Events, where the data states them (a counted figure, or accepted / rejected on its row). */
  k?: number;
  value?: number;
  ci95?: [number, number];
  /** Published as `{events, of, ci95}`. */
  counted: boolean;
}

function countedFigure(
  file: string,
  label: string,
  key: string,
  figure: unknown,
  context: {n?: number; k?: number},
): CountedFigure {
  if (isCounted(figure)) {
    return {
      file,
      label,
      key,
      n: figure.of,
      k: figure.events,
      ...(figure.value === undefined ? {} : {value: figure.value}),
      ci95: figure.ci95,
      counted: true,
    };
  }
  assert.ok(context.n !== undefined, `${file} ${label}: no denominator for ${key}`);
  if (typeof figure === 'number') {
    return {
      file,
      label,
      key,
      n: context.n,
      ...(context.k === undefined ? {} : {k: context.k}),
      value: figure,
      counted: false,
    };
  }
  const estimate = figure as Estimate;
  return {
    file,
    label,
    key,
    n: context.n,
    ...(context.k === undefined ? {} : {k: context.k}),
    value: estimate.value,
    ci95: estimate.ci95,
    counted: false,
  };
}

type Json = Record<string, unknown>;
const json = (value: unknown): Json => (isRecord(value) ? value : {});
const jsonList = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

/** Every published rate whose denominator the data states, in every metrics file. */
function countedFigures(): CountedFigure[] {
  const figures: CountedFigure[] = [];
  for (const file of ['face-match.yaml', 'face-to-document.yaml'] as const) {
    const data = json(load(file));
    const size = json(json(data.evaluation_set).size);
    const genuine = size.genuine_pairs as number;
    const impostor = size.impostor_pairs as number;
    for (const model of jsonList(data.models)) {
      const version = String(model.model_version);
      for (const point of jsonList(model.det)) {
        const at = `${version} DET ${String(point.threshold)}`;
        figures.push(countedFigure(file, at, 'fmr', point.fmr, {n: impostor}));
        figures.push(countedFigure(file, at, 'fnmr', point.fnmr, {n: genuine}));
      }
      for (const row of jsonList(json(model.groups).results)) {
        const at = `${version} ${String(row.dimension)} ${String(row.group)}`;
        figures.push(countedFigure(file, at, 'fnmr', row.fnmr, {n: row.genuine_pairs as number}));
        figures.push(countedFigure(file, at, 'fmr', row.fmr, {n: row.impostor_pairs as number}));
      }
      for (const point of jsonList(json(model.document_photo_age_fnmr).points)) {
        for (const row of jsonList(point.results)) {
          figures.push(
            countedFigure(
              file,
              `${version} photo age ${String(row.group)} at ${String(point.threshold)}`,
              'fnmr',
              row.fnmr,
              {
                n: row.genuine_pairs as number,
                k: row.rejected as number,
              },
            ),
          );
        }
      }
    }
  }
  {
    const file = 'face-search.yaml';
    const data = json(load(file));
    const galleries = jsonList(data.galleries);
    for (const gallery of galleries) {
      const mated = gallery.mated_searches as number;
      const nonMated = gallery.non_mated_searches as number;
      const at = `gallery ${String(gallery.gallery_size)}`;
      for (const point of jsonList(gallery.operating_points)) {
        figures.push(
          countedFigure(file, `${at} threshold ${String(point.threshold)}`, 'fpir', point.fpir, {
            n: nonMated,
          }),
        );
        figures.push(
          countedFigure(file, `${at} threshold ${String(point.threshold)}`, 'fnir', point.fnir, {n: mated}),
        );
      }
      for (const fixed of jsonList(gallery.fnir_at_fpir)) {
        figures.push(
          countedFigure(file, `${at} FNIR at FPIR ${String(fixed.fpir)}`, 'fnir', fixed.fnir, {n: mated}),
        );
      }
      const ranks = json(gallery.rank_identification_rate);
      for (const rank of ['rank_1', 'rank_5']) {
        figures.push(countedFigure(file, `${at} ${rank}`, rank, ranks[rank], {n: mated}));
      }
    }
    for (const row of jsonList(json(data.groups).results)) {
      const at = `group ${String(row.dimension)} ${String(row.group)}`;
      figures.push(countedFigure(file, at, 'fnir', row.fnir, {n: row.mated_searches as number}));
      figures.push(countedFigure(file, at, 'fpir', row.fpir, {n: row.non_mated_searches as number}));
    }
  }
  {
    const file = 'liveness.yaml';
    const data = json(load(file));
    for (const mode of jsonList(data.modes)) {
      const method = json(mode.test_method);
      const results = json(mode.results);
      const at = String(mode.mode);
      for (const species of jsonList(results.attack_species)) {
        figures.push(
          countedFigure(file, `${at} ${String(species.id)}`, 'apcer', species.apcer, {
            n: species.presentations as number,
            k: species.accepted as number,
          }),
        );
      }
      figures.push(
        countedFigure(file, `${at} BPCER`, 'bpcer', results.bpcer, {
          n: method.bona_fide_presentations as number,
          k: results.bona_fide_rejected as number,
        }),
      );
      for (const row of [...jsonList(mode.groups), ...jsonList(mode.conditions)]) {
        figures.push(
          countedFigure(
            file,
            `${at} ${String(row.dimension)} ${String(row.group ?? row.condition)}`,
            'bpcer',
            row.bpcer,
            {
              n: row.presentations as number,
              k: row.rejected as number,
            },
          ),
        );
      }
      for (const point of jsonList(mode.threshold_sweep)) {
        figures.push(
          countedFigure(file, `${at} sweep ${String(point.threshold)}`, 'bpcer', point.bpcer, {
            n: method.bona_fide_presentations as number,
          }),
        );
      }
    }
    const second = json(json(data.bona_fide_set).second_attempt);
    figures.push(
      countedFigure(file, 'second attempt', 'pass_rate', second.pass_rate, {
        n: second.rejected_first_attempt as number,
        k: second.passed_second_attempt as number,
      }),
    );
  }
  {
    const file = 'age.yaml';
    const data = json(load(file));
    for (const row of jsonList(data.challenge_ages)) {
      const at = `${String(row.legal_age)}+ at challenge age ${String(row.challenge_age)}`;
      figures.push(
        countedFigure(file, `${at}, minors passed`, 'false_positive_rate', row.false_positive_rate, {
          n: row.minors_subjects as number,
        }),
      );
      figures.push(
        countedFigure(file, `${at}, adults to the fallback`, 'false_negative_rate', row.false_negative_rate, {
          n: row.adults_subjects as number,
        }),
      );
    }
    for (const row of jsonList(data.groups)) {
      const passed = json(row.minors_passed_at_25);
      figures.push(
        countedFigure(
          file,
          `${String(row.dimension)} ${String(row.group)}, minors passed at 25`,
          'minors_passed_at_25',
          isCounted(passed) ? passed : passed.rate,
          {n: passed.minors_subjects as number},
        ),
      );
    }
  }
  return figures;
}

/** The events behind a figure: stated, or the whole number its rate is k / n of (undefined if none is). */
function eventsOf(figure: CountedFigure): number | undefined {
  if (figure.k !== undefined) return figure.k;
  if (figure.value === undefined) return undefined;
  const exact = figure.value * figure.n;
  const candidates = [Math.floor(exact), Math.ceil(exact)].filter((k) =>
    within(k / figure.n, figure.value as number, halfUnit(figure.value as number)),
  );
  return candidates.sort((a, b) => Math.abs(a - exact) - Math.abs(b - exact))[0];
}

test('every rate is k of n for a whole number k; below 20 events it is published as k of n with its exact interval', () => {
  const failures: string[] = [];
  for (const figure of countedFigures()) {
    const label = `${figure.file} ${figure.label} ${figure.key}`;
    const k = eventsOf(figure);
    if (figure.value !== undefined) {
      if (k === undefined) {
        failures.push(
          `${label}: ${figure.value} of ${figure.n} is ${(figure.value * figure.n).toFixed(2)} events, not a whole number`,
        );
        continue;
      }
      if (!within(k / figure.n, figure.value, halfUnit(figure.value))) {
        failures.push(`${label}: ${figure.value} is not ${k} of ${figure.n}`);
      }
    }
    if (k === undefined) continue;
    if (Math.min(k, figure.n - k) >= FEW_EVENTS) continue;
    const rowCounts = !figure.counted && figure.k !== undefined;
    if (!figure.counted && !rowCounts) {
      failures.push(`${label}: rests on ${k} events of ${figure.n}: publish {events, of, ci95}, not a rate`);
      continue;
    }
    if (figure.counted && figure.value !== undefined) {
      failures.push(`${label}: ${k} of ${figure.n} is too few events for a rate: give the count alone`);
    }
    if (!figure.ci95) {
      failures.push(`${label}: ${k} of ${figure.n} needs its exact (Clopper-Pearson) interval`);
      continue;
    }
    const exact = clopperPearson(k, figure.n);
    if (!sameInterval(figure.ci95, exact)) {
      failures.push(
        `${label}: ${k} of ${figure.n} has ci95 ${JSON.stringify(figure.ci95)}, the exact interval is ${fmtInterval(exact)}`,
      );
    }
  }
  assert.deepEqual(failures, [], failures.join('\n'));
});

test('face-search.yaml: on every gallery, no threshold reaches an FNIR below one minus the rank-1 rate', () => {
  const failures: string[] = [];
  for (const gallery of doc('face-search.yaml').galleries) {
    const rank1 = gallery.rank_identification_rate.rank_1 as Figure;
    const floor = 1 - rateOf(rank1);
    const points: [string, Figure][] = [
      ...gallery.operating_points.map((p): [string, Figure] => [
        `threshold ${p.threshold}`,
        p.fnir as Figure,
      ]),
      ...gallery.fnir_at_fpir.map((f): [string, Figure] => [`FPIR ${f.fpir}`, f.fnir as Figure]),
    ];
    for (const [where, fnir] of points) {
      const tolerance = precisionOf(fnir) + precisionOf(rank1);
      if (rateOf(fnir) < floor - tolerance * (1 + 1e-9)) {
        failures.push(
          `gallery ${gallery.gallery_size}, ${where}: FNIR ${rateOf(fnir)} is below 1 - rank-1 rate = ${floor.toPrecision(2)}`,
        );
      }
    }
  }
  assert.deepEqual(failures, [], failures.join('\n'));
});

/** One split of a sample into groups: each group's size and rate, and the sample's own size and rate. */
interface Split {
  label: string;
  overall: Figure;
  total: number;
  groups: {group: string; size: number; rate: Figure}[];
}

/** Every split of every evaluation into groups, at the operating point its groups were measured at. */
function splits(): Split[] {
  const result: Split[] = [];
  const byDimension = <T extends {dimension: string}>(rows: T[]): Map<string, T[]> => {
    const map = new Map<string, T[]>();
    for (const row of rows) map.set(row.dimension, [...(map.get(row.dimension) ?? []), row]);
    return map;
  };
  /** A split whose rows name their group in `group`, their size in `size` and their rate in `rate`. */
  const split = (label: string, overall: Figure, total: number, rows: Json[], size: string, rate: string) => {
    result.push({
      label,
      overall,
      total,
      groups: rows.map((r) => ({group: String(r.group), size: r[size] as number, rate: r[rate] as Figure})),
    });
  };
  for (const file of ['face-match.yaml', 'face-to-document.yaml'] as const) {
    const data = json(load(file));
    const size = json(json(data.evaluation_set).size);
    for (const model of jsonList(data.models)) {
      const groups = json(model.groups);
      const at = jsonList(model.det).find((p) => close(p.threshold as number, groups.threshold as number));
      assert.ok(at, `${file}: no DET point at the group threshold`);
      const rows = jsonList(groups.results) as (Json & {dimension: string})[];
      for (const [dimension, list] of byDimension(rows)) {
        const label = `${file} ${String(model.model_version)} ${dimension} at ${String(groups.threshold)}`;
        split(
          `${label} FNMR`,
          at.fnmr as number,
          size.genuine_pairs as number,
          list,
          'genuine_pairs',
          'fnmr',
        );
        split(`${label} FMR`, at.fmr as number, size.impostor_pairs as number, list, 'impostor_pairs', 'fmr');
      }
      for (const point of jsonList(json(model.document_photo_age_fnmr).points)) {
        const det = jsonList(model.det).find((p) => close(p.threshold as number, point.threshold as number));
        assert.ok(det, `${file}: no DET point at ${String(point.threshold)}`);
        split(
          `${file} ${String(model.model_version)} document_photo_age at ${String(point.threshold)} FNMR`,
          det.fnmr as number,
          size.genuine_pairs as number,
          jsonList(point.results),
          'genuine_pairs',
          'fnmr',
        );
      }
    }
  }
  {
    const data = doc('face-search.yaml');
    const gallery = only(data.galleries, (g) => g.gallery_size === data.groups.gallery_size, 'group gallery');
    const at = only(
      gallery.operating_points,
      (p) => close(p.threshold, data.groups.threshold),
      'group threshold',
    );
    const rows = data.groups.results as unknown as (Json & {dimension: string})[];
    for (const [dimension, list] of byDimension(rows)) {
      const label = `face-search.yaml ${dimension} at ${data.groups.threshold}`;
      split(`${label} FNIR`, at.fnir as Figure, gallery.mated_searches, list, 'mated_searches', 'fnir');
      split(
        `${label} FPIR`,
        at.fpir as Figure,
        gallery.non_mated_searches,
        list,
        'non_mated_searches',
        'fpir',
      );
    }
  }
  for (const mode of doc('liveness.yaml').modes) {
    // The accessibility rows are extra participants outside the main bona fide set: not a split of it.
    const rows = [...mode.groups, ...mode.conditions].filter((r) => r.dimension !== 'accessibility');
    for (const [dimension, list] of byDimension(rows)) {
      result.push({
        label: `liveness.yaml ${mode.mode} ${dimension} BPCER`,
        overall: mode.results.bpcer,
        total: mode.test_method.bona_fide_presentations,
        groups: list.map((r) => ({
          group: 'group' in r ? String(r.group) : String(r.condition),
          size: r.presentations,
          rate: r.bpcer,
        })),
      });
    }
  }
  {
    const data = json(load('age.yaml'));
    const bands = jsonList(data.mae_by_age_band);
    const total = bands.reduce((t, b) => t + (b.subjects as number), 0);
    const overall = data.mae_overall as Estimate;
    split(
      'age.yaml MAE by true age band',
      overall,
      total,
      bands.map((b) => ({...b, group: b.age_band})),
      'subjects',
      'mae',
    );
    const rows = jsonList(data.groups) as (Json & {dimension: string})[];
    const at25 = jsonList(data.challenge_ages).find((r) => r.legal_age === 18 && r.challenge_age === 25);
    assert.ok(at25, 'age.yaml: no 18+ row at challenge age 25');
    const minors = at25.false_positive_rate as Figure;
    for (const [dimension, list] of byDimension(rows)) {
      split(`age.yaml ${dimension} MAE`, overall, total, list, 'subjects', 'mae');
      result.push({
        label: `age.yaml ${dimension} minors passed at 25`,
        overall: minors,
        total: isCounted(minors) ? minors.of : (at25.minors_subjects as number),
        groups: list.map((r) => {
          const passed = json(r.minors_passed_at_25);
          return isCounted(passed)
            ? {group: String(r.group), size: passed.of, rate: passed}
            : {group: String(r.group), size: passed.minors_subjects as number, rate: passed.rate as Estimate};
        }),
      });
    }
  }
  return result;
}

test('for every split of every evaluation into groups that partition its sample, the size-weighted mean of the group rates is the overall rate', () => {
  const failures: string[] = [];
  let partitions = 0;
  for (const split of splits()) {
    const size = split.groups.reduce((t, g) => t + g.size, 0);
    // Same-group impostor pairs cover part of the impostor pairs only: no partition, nothing to average.
    if (size !== split.total) continue;
    partitions += 1;
    const mean = split.groups.reduce((t, g) => t + g.size * rateOf(g.rate), 0) / size;
    const rounding =
      precisionOf(split.overall) + split.groups.reduce((t, g) => t + g.size * precisionOf(g.rate), 0) / size;
    if (!within(mean, rateOf(split.overall), rounding)) {
      failures.push(
        `${split.label}: the groups (${split.groups
          .map((g) => `${g.group} ${rateOf(g.rate).toPrecision(3)}`)
          .join(', ')}) average ${mean.toPrecision(3)}, the overall rate is ${rateOf(split.overall)}`,
      );
    }
  }
  assert.ok(partitions > 20, `only ${partitions} partitions found`);
  assert.deepEqual(failures, [], failures.join('\n'));
});

test('group totals add up to the overall totals, dimension by dimension', () => {
  const failures: string[] = [];
  const sum = (label: string, parts: number[], total: number): void => {
    const got = parts.reduce((t, p) => t + p, 0);
    if (got !== total) failures.push(`${label}: the groups add up to ${got}, the total is ${total}`);
  };
  for (const split of splits()) {
    // Impostor pairs of same-group rows are not additive: only the splits of a whole sample are.
    if (/ FMR$/.test(split.label)) continue;
    sum(
      `${split.label}: sizes`,
      split.groups.map((g) => g.size),
      split.total,
    );
  }
  for (const file of ['face-match.yaml', 'face-to-document.yaml'] as const) {
    const data = json(load(file));
    const subjects = json(json(data.evaluation_set).size).subjects as number;
    for (const model of jsonList(data.models)) {
      const rows = jsonList(json(model.groups).results).filter((r) => r.subjects !== undefined);
      for (const dimension of new Set(rows.map((r) => String(r.dimension)))) {
        sum(
          `${file} ${String(model.model_version)} ${dimension}: subjects`,
          rows.filter((r) => r.dimension === dimension).map((r) => r.subjects as number),
          subjects,
        );
      }
      for (const point of jsonList(json(model.document_photo_age_fnmr).points)) {
        const det = jsonList(model.det).find((p) => close(p.threshold as number, point.threshold as number));
        const genuine = json(json(data.evaluation_set).size).genuine_pairs as number;
        const rejected = jsonList(point.results).reduce((t, r) => t + (r.rejected as number), 0);
        if (det && !within(rejected / genuine, det.fnmr as number, halfUnit(det.fnmr as number))) {
          failures.push(
            `${file} document photo age at ${String(point.threshold)}: ${rejected} of ${genuine} rejected, the DET FNMR is ${String(det.fnmr)}`,
          );
        }
      }
    }
  }
  const live = doc('liveness.yaml');
  for (const mode of live.modes) {
    for (const dimension of new Set([...mode.groups, ...mode.conditions].map((r) => r.dimension))) {
      const rows = [...mode.groups, ...mode.conditions].filter((r) => r.dimension === dimension);
      // The accessibility rows are extra participants, outside the main bona fide set.
      if (dimension === 'accessibility') continue;
      sum(
        `liveness.yaml ${mode.mode} ${dimension}: rejected`,
        rows.map((r) => r.rejected),
        mode.results.bona_fide_rejected,
      );
    }
  }
  // Subjects per group match the composition the evaluation set publishes (percent, one decimal).
  for (const file of ['face-match.yaml', 'face-to-document.yaml', 'age.yaml'] as const) {
    const data = json(load(file));
    const composition = json(json(data.evaluation_set).demographic_composition);
    const rows = [
      ...jsonList(data.groups),
      ...jsonList(data.models).flatMap((model) => jsonList(json(model.groups).results)),
    ].filter((row) => typeof row.subjects === 'number');
    // One row per group (the models of a file share their groups' subjects).
    const groups = new Map<string, {dimension: string; group: string; subjects: number}>();
    for (const row of rows) {
      const dimension = String(row.dimension);
      const group = String(row.group);
      groups.set(`${dimension} ${group}`, {dimension, group, subjects: row.subjects as number});
    }
    for (const [key, row] of groups) {
      const total = [...groups.values()]
        .filter((other) => other.dimension === row.dimension)
        .reduce((t, other) => t + other.subjects, 0);
      const entry = jsonList(composition[row.dimension]).find((e) => e.group === row.group);
      const share = (100 * row.subjects) / total;
      if (!entry || !within(share, entry.percent as number, 0.05)) {
        failures.push(
          `${file} ${key}: ${row.subjects} of ${total} subjects is ${share.toFixed(2)}%, the composition says ${String(entry?.percent)}%`,
        );
      }
    }
  }
  const second = json(json(load('liveness.yaml')).bona_fide_set).second_attempt as Json;
  sum(
    'liveness.yaml second attempt: rejected on the first attempt, pooled over the modes',
    live.modes.map((m) => m.results.bona_fide_rejected),
    second.rejected_first_attempt as number,
  );
  const age = json(load('age.yaml'));
  const distribution = jsonList(json(age.evaluation_set).true_age_distribution);
  sum(
    'age.yaml true age distribution: subjects',
    distribution.map((d) => d.subjects as number),
    json(age.evaluation_set).subjects as number,
  );
  for (const band of jsonList(age.mae_by_age_band)) {
    const row = distribution.find((d) => d.age_band === band.age_band);
    if (row?.subjects !== band.subjects) {
      failures.push(
        `age.yaml MAE band ${String(band.age_band)}: ${String(band.subjects)} subjects, the distribution says ${String(row?.subjects)}`,
      );
    }
  }
  const at25 = jsonList(age.challenge_ages).find((r) => r.legal_age === 18 && r.challenge_age === 25);
  const minors = at25?.false_positive_rate;
  if (isCounted(minors)) {
    for (const dimension of new Set(jsonList(age.groups).map((r) => String(r.dimension)))) {
      const passed = jsonList(age.groups)
        .filter((r) => r.dimension === dimension)
        .map((r) => json(r.minors_passed_at_25));
      sum(
        `age.yaml ${dimension}: minors passed at 25`,
        passed.map((p) => p.events as number),
        minors.events,
      );
    }
  }
  assert.deepEqual(failures, [], failures.join('\n'));
});

test('pair counts follow from the subjects and the pairing the protocol states', () => {
  const failures: string[] = [];
  const expect = (label: string, got: unknown, want: number): void => {
    if (got !== want) failures.push(`${label}: ${String(got)} impostor pairs, the protocol gives ${want}`);
  };
  // 1:1: every subject's enrolment selfie against one probe selfie of every other subject.
  const match = json(load('face-match.yaml'));
  const matchSize = json(json(match.evaluation_set).size);
  const s = matchSize.subjects as number;
  expect('face-match.yaml overall', matchSize.impostor_pairs, s * (s - 1));
  for (const model of jsonList(match.models)) {
    for (const row of jsonList(json(model.groups).results)) {
      const label = `face-match.yaml ${String(model.model_version)} ${String(row.dimension)} ${String(row.group)}`;
      if (typeof row.subjects !== 'number') {
        failures.push(`${label}: same-group impostor pairs need the group's subjects`);
        continue;
      }
      expect(label, row.impostor_pairs, row.subjects * (row.subjects - 1));
    }
  }
  // Selfie to document: every selfie against the documents of every other subject.
  const documents = json(load('face-to-document.yaml'));
  const size = json(json(documents.evaluation_set).size);
  const subjects = size.subjects as number;
  const docs = size.genuine_pairs as number;
  expect('face-to-document.yaml overall', size.impostor_pairs, docs * (subjects - 1));
  for (const model of jsonList(documents.models)) {
    for (const row of jsonList(json(model.groups).results)) {
      const label = `face-to-document.yaml ${String(model.model_version)} ${String(row.dimension)} ${String(row.group)}`;
      const groupDocs = row.genuine_pairs as number;
      if (row.dimension === 'document_photo_age') {
        // A photo age is a property of a document: its impostor pairs are its documents against every other subject.
        expect(label, row.impostor_pairs, groupDocs * (subjects - 1));
      } else if (typeof row.subjects !== 'number') {
        failures.push(`${label}: same-group impostor pairs need the group's subjects`);
      } else {
        expect(label, row.impostor_pairs, groupDocs * (row.subjects - 1));
      }
    }
  }
  assert.deepEqual(failures, [], failures.join('\n'));
});

/** How an evaluation computes the 95% interval of a set of figures: `evaluation.ci_method[]`. */
interface IntervalMethod {
  figures: string;
  /** The data keys of the figures it covers (`fnmr`, `apcer`, `mae`, …). */
  applies_to: string[];
  /** Which figures by their count: fewer than 20 events, 20 or more, or any. */
  events: 'fewer-than-20' | '20-or-more' | 'any';
  method: 'bootstrap' | 'wilson' | 'clopper-pearson' | 'normal';
  resample_unit?: string;
  resamples?: number;
  design_effect?: number;
  description: string;
}

const EVALUATION_FILES = [
  'face-match.yaml',
  'face-to-document.yaml',
  'face-search.yaml',
  'liveness.yaml',
  'age.yaml',
] as const;

/** Figures whose samples are the bona fide subjects' own: pairs, searches, presentations. */
const SUBJECT_FIGURES = new Set(['fmr', 'fnmr', 'fnir', 'fpir', 'bpcer', 'rank_1', 'rank_5', 'pass_rate']);

test('the interval method of every evaluation matches its protocol and recomputes its intervals', () => {
  const failures: string[] = [];
  const all = countedFigures();
  for (const file of EVALUATION_FILES) {
    const evaluation = json(json(load(file)).evaluation);
    const entries = evaluation.ci_method as IntervalMethod[];
    const perSubject = evaluation.samples_per_subject as 'one' | 'several';
    for (const entry of entries) {
      if (perSubject === 'one' && entry.design_effect !== undefined && entry.design_effect !== 1) {
        failures.push(
          `${file}: "${entry.figures}" applies a design effect of ${entry.design_effect}, but the protocol takes one sample per subject: there are no repeat samples to correct for`,
        );
      }
      if (
        perSubject === 'several' &&
        entry.events !== 'fewer-than-20' &&
        entry.applies_to.some((key) => SUBJECT_FIGURES.has(key)) &&
        !(entry.method === 'bootstrap' && entry.resample_unit === 'subject') &&
        !(entry.design_effect !== undefined && entry.design_effect > 1)
      ) {
        failures.push(
          `${file}: "${entry.figures}" treats samples as independent, but subjects give several samples: resample subjects or apply a design effect`,
        );
      }
      if (
        entry.method === 'bootstrap' &&
        (entry.resample_unit === undefined || entry.resamples === undefined)
      ) {
        failures.push(
          `${file}: "${entry.figures}": a bootstrap names its resample unit and its number of resamples`,
        );
      }
    }
    const few = entries.find((e) => e.events === 'fewer-than-20');
    if (few && few.method !== 'clopper-pearson') {
      failures.push(
        `${file}: counts below 20 events take the exact (Clopper-Pearson) interval, not ${few.method}`,
      );
    }
    // Every interval in the file is covered by a method, and the methods that can be recomputed are.
    const keys = new Set<string>();
    walk(load(file), '', (node, at) => {
      if ('ci95' in node) keys.add(at.split('/').at(-1) ?? '');
    });
    for (const key of keys) {
      if (!entries.some((e) => e.applies_to.includes(key))) {
        failures.push(`${file}: no ci_method entry applies to the intervals of ${key}`);
      }
    }
    for (const figure of all.filter((f) => f.file === file && f.ci95 !== undefined)) {
      const k = eventsOf(figure);
      if (k === undefined) continue;
      const small = Math.min(k, figure.n - k) < FEW_EVENTS;
      const entry = entries.find(
        (e) =>
          e.applies_to.includes(figure.key) &&
          (e.events === 'any' || (e.events === 'fewer-than-20') === small),
      );
      const label = `${file} ${figure.label} ${figure.key} (${k} of ${figure.n})`;
      if (!entry) {
        failures.push(`${label}: no ci_method entry covers it`);
        continue;
      }
      const ci = figure.ci95 as [number, number];
      if (entry.method === 'wilson') {
        const computed = wilsonWithDesignEffect(k, figure.n, entry.design_effect ?? 1);
        if (!sameInterval(ci, computed)) {
          failures.push(
            `${label}: ci95 ${JSON.stringify(ci)} is not the Wilson interval ${fmtInterval(computed)}`,
          );
        }
      } else if (entry.method === 'clopper-pearson') {
        const computed = clopperPearson(k, figure.n);
        if (!sameInterval(ci, computed)) {
          failures.push(
            `${label}: ci95 ${JSON.stringify(ci)} is not the exact interval ${fmtInterval(computed)}`,
          );
        }
      }
    }
  }
  assert.deepEqual(failures, [], failures.join('\n'));
});

/** The recommended settings of the evaluation a business check reads its rates from. */
function recommendationsFor(source: Source): Json[] {
  const data = json(load(source.file));
  const selector = (key: string): string | undefined =>
    new RegExp(`${key}=([^\\]]+)\\]`).exec(source.path)?.[1];
  switch (source.file) {
    case 'face-match.yaml':
    case 'face-to-document.yaml': {
      const version = selector('model_version');
      const model = jsonList(data.models).find((m) => m.model_version === version);
      return jsonList(model?.recommended_thresholds);
    }
    case 'liveness.yaml': {
      const mode = jsonList(data.modes).find((m) => m.mode === selector('mode'));
      return jsonList(mode?.recommended_thresholds);
    }
    case 'face-search.yaml':
      return jsonList(data.recommended_thresholds);
    case 'age.yaml':
      return jsonList(data.recommended_challenge_ages);
    default:
      return [];
  }
}

test('business.yaml: every check runs at the setting recommended for its use case, or says where and why it differs', () => {
  const failures: string[] = [];
  const page = readFileSync(path.join(ROOT, 'docs', 'metrics', 'how-vultus-helps-your-business.md'), 'utf8');
  for (const uc of doc('business.yaml').use_cases) {
    for (const check of uc.checks as (Check & {recommended_use_case?: string; threshold_note?: string})[]) {
      if (check.threshold === undefined && check.challenge_age === undefined) continue;
      const label = `${uc.id} "${check.name}"`;
      const source = check.genuine_reject_rate.from;
      const recommendations = recommendationsFor(source);
      // A check with a threshold or a challenge age names its use case (the schema requires it).
      const named = check.recommended_use_case as string;
      const rec = recommendations.find((r) => r.use_case === named);
      if (!rec) {
        failures.push(`${label}: ${source.file} recommends nothing for "${named}"`);
        continue;
      }
      const differs =
        check.threshold !== undefined
          ? !close(check.threshold, rec.threshold as number)
          : check.legal_age !== rec.legal_age || check.challenge_age !== rec.challenge_age;
      if (differs && !check.threshold_note) {
        failures.push(
          `${label}: models ${check.threshold !== undefined ? `threshold ${check.threshold}` : `challenge age ${check.challenge_age}`}, but "${named}" recommends ${
            check.threshold !== undefined
              ? `threshold ${String(rec.threshold)}`
              : `challenge age ${String(rec.challenge_age)}`
          }: use it, or state the difference in threshold_note`,
        );
      }
    }
    // The page shows each flow's settings, the use case they are recommended for, and any difference.
    const directive = new RegExp(
      `::data-table\\{[^}]*path="use_cases\\[id=${uc.id}\\]\\.checks"[^}]*\\}`,
    ).exec(page)?.[0];
    const notes = (uc.checks as {threshold_note?: string}[]).some(
      (check) => check.threshold_note !== undefined,
    );
    if (
      !directive ||
      !/\bthreshold\b/.test(directive) ||
      !/recommended_use_case/.test(directive) ||
      (notes && !/threshold_note/.test(directive))
    ) {
      failures.push(
        `${uc.id}: how-vultus-helps-your-business.md must render the checks with their threshold and recommended_use_case${
          notes ? ', and threshold_note' : ''
        }`,
      );
    }
  }
  assert.deepEqual(failures, [], failures.join('\n'));
});

test('every evaluated and recommended collection size fits the product collection limit, which the schema states too', () => {
  const contract = parse(readFileSync(path.join(ROOT, 'contract', 'openapi.yaml'), 'utf8')) as Json;
  const limit = json(contract['x-limits']).collection_max_faces;
  assert.equal(typeof limit, 'number', 'x-limits.collection_max_faces');
  const max = limit as number;
  const failures: string[] = [];
  const search = doc('face-search.yaml');
  const sizes: [string, number][] = [
    ...search.galleries.map((g): [string, number] => [`gallery ${g.gallery_size}`, g.gallery_size]),
    ...search.recommended_thresholds.map((r): [string, number] => [
      `recommended "${r.use_case}"`,
      r.gallery_size,
    ]),
    ['per-group results', search.groups.gallery_size],
  ];
  for (const [label, size] of sizes) {
    if (size > max) {
      failures.push(
        `face-search.yaml ${label}: ${size.toLocaleString('en-US')} faces, but a collection holds at most ${max.toLocaleString('en-US')} (x-limits.collection_max_faces)`,
      );
    }
  }
  // The schema states the limit as face_count's maximum; the contract's prose writes it as a
  // placeholder of x-limits (tests/unit/contract-facts.test.ts finds a typed copy).
  walk(contract, '', (node, at) => {
    if (isRecord(node.properties) && isRecord(node.properties.face_count)) {
      const maximum = node.properties.face_count.maximum;
      if (maximum !== undefined && maximum !== max)
        failures.push(`contract ${at}/properties/face_count: maximum ${String(maximum)}`);
    }
  });
  assert.deepEqual(failures, [], failures.join('\n'));
});

test('the intervals the published figures are checked against give the textbook values', () => {
  const rounded = ([low, high]: [number, number]): [number, number] => [
    Number(low.toFixed(4)),
    Number(high.toFixed(4)),
  ];
  // Wilson score interval, 10 of 100 (Newcombe 1998, method 3).
  assert.deepEqual(rounded(wilson(10, 100)), [0.0552, 0.1744]);
  // Clopper-Pearson exact interval: 0 of 10 and 1 of 10, and the mirror of 1 of 10.
  assert.deepEqual(rounded(clopperPearson(0, 10)), [0, 0.3085]);
  assert.deepEqual(rounded(clopperPearson(1, 10)), [0.0025, 0.445]);
  assert.deepEqual(rounded(clopperPearson(9, 10)), [0.555, 0.9975]);
  // A design effect of 2 halves the effective samples: the interval of 5 of 50 at the same rate.
  assert.deepEqual(wilsonWithDesignEffect(10, 100, 2), wilson(5, 50));
});
