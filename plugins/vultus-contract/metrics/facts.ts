/**
 * The published figures of data/metrics/ as named facts (../facts/facts.ts), so a page states an error
 * rate or an evaluation size with `:fact{key="metrics.liveness.interactive.conditions.bright-light.bpcer"}`
 * instead of typing "0.0119", and typed-facts.test finds the copies that are typed.
 *
 * A key is the file, then the path to the figure, where a list item is named by its identifying
 * field (`mode`, `condition`, `id`, `status` of a model, `group`, `age_band`, `gallery_size`, …):
 *
 *   metrics.face-match.current.eer.rate                          the current model's equal error rate
 *   metrics.liveness.interactive.results.bpcer                   a rate with its interval: its value
 *   metrics.liveness.deepfake.test_method.bona_fide_presentations an evaluation size
 *   metrics.face-to-document.evaluation_set.size.impostor_pairs
 *   metrics.face-match.lowest_fmr.false_matches                  derived: the false matches behind the lowest FMR
 *
 * Figures are the rates (bpcer, apcer, fmr, fnmr, fnir, fpir, eer, pass rates) with the bounds of
 * their 95% intervals (`….bpcer.low`, `….bpcer.high`), mean absolute
 * errors, median capture times and the sizes of samples. Lists without an identifying field
 * (DET points, sweeps, recommended thresholds, which the pages render as tables) give none.
 */
import type {Fact} from '../facts/fact';
import {ageView} from './age';
import {currentModel, loadMetrics} from './load';
import type {MetricsName} from './types';
import type {Sources} from '../sources';
import {grouped, percent, thresholdText} from '../numbers';

/** The field that names an item of a list, in order of preference. */
const identifiers = [
  'mode',
  'condition',
  'id',
  'operation_id',
  'session_type',
  'status',
  'age_band',
  'group',
  'gallery_size',
  'legal_age',
];

/** Rate keys and the words that name them on a page. */
const rateNames: Record<string, string[]> = {
  bpcer: ['bpcer', 'rejected', 'genuine'],
  apcer: ['apcer', 'accepted', 'attack'],
  apcer_max: ['apcer', 'attack'],
  fmr: ['fmr', 'false match'],
  fnmr: ['fnmr', 'false non-match'],
  fnir: ['fnir', 'false negative'],
  fpir: ['fpir', 'false positive'],
  rate: ['eer', 'equal error'],
  pass_rate: ['pass'],
  mae: ['mae', 'absolute error'],
  mae_overall: ['mae', 'absolute error'],
  median_capture_seconds: ['median', 'capture'],
  median_document_capture_seconds: ['median', 'capture', 'document'],
  quality_exclusion_rate: ['exclusion', 'excluded', 'quality'],
};

/** Sample-size keys and the words that name them. */
const sizeNames: Record<string, string[]> = {
  subjects: ['subject', 'people', 'participant', 'person'],
  bona_fide_subjects: ['subject', 'participant', 'people'],
  probe_subjects: ['subject'],
  bona_fide_presentations: ['presentation'],
  attack_presentations: ['presentation'],
  presentations: ['presentation'],
  genuine_pairs: ['pair'],
  impostor_pairs: ['pair'],
  mated_searches: ['search'],
  non_mated_searches: ['search'],
  images: ['image'],
  documents: ['document'],
};

const metricsFiles: MetricsName[] = ['face-match', 'face-to-document', 'face-search', 'liveness', 'age'];

const slug = (value: unknown): string =>
  String(value)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function rateForms(value: number): string[] {
  return [...new Set([String(value), ...(value < 1 ? [percent(value)] : [])])];
}

export function metricFacts(sources: Sources): Fact[] {
  const facts: Fact[] = [];
  const add = (
    file: string,
    path: string[],
    pointer: string,
    value: number,
    kind: 'rate' | 'interval' | 'size',
    key: string,
  ) => {
    facts.push({
      key: ['metrics', file, ...path].join('.'),
      value: kind === 'size' ? grouped(value) : String(value),
      number: value,
      source: `data/metrics/${file}.yaml: ${pointer}`,
      forms: kind === 'size' ? [...new Set([grouped(value), String(value)])] : rateForms(value),
      names:
        kind === 'interval'
          ? ['interval', '95%']
          : ((kind === 'size' ? sizeNames[key] : rateNames[key]) ?? [key]),
    });
  };
  for (const file of metricsFiles) {
    const walk = (node: unknown, path: string[], pointer: string, key: string): void => {
      if (Array.isArray(node)) {
        const field = identifiers.find(
          (name) => node.length > 0 && node.every((item) => isObject(item) && item[name] !== undefined),
        );
        if (!field) return;
        const names = node.map((item) => slug((item as Record<string, unknown>)[field]));
        if (new Set(names).size !== names.length) return;
        node.forEach((item, index) =>
          walk(item, [...path, names[index] as string], `${pointer}[${index}]`, key),
        );
        return;
      }
      if (isObject(node)) {
        if (typeof node.value === 'number' && Array.isArray(node.ci95) && key in rateNames) {
          add(file, path, `${pointer}.value`, node.value, 'rate', key);
          // Its 95% interval: `….bpcer.low` and `….bpcer.high`, typed as "(95% interval 0.014 to 0.057)".
          const [low, high] = node.ci95 as unknown[];
          if (typeof low === 'number')
            add(file, [...path, 'low'], `${pointer}.ci95[0]`, low, 'interval', key);
          if (typeof high === 'number')
            add(file, [...path, 'high'], `${pointer}.ci95[1]`, high, 'interval', key);
          return;
        }
        for (const [child, value] of Object.entries(node))
          walk(value, [...path, child], `${pointer}.${child}`, child);
        return;
      }
      if (typeof node !== 'number') return;
      if (key in rateNames) add(file, path, pointer, node, 'rate', key);
      else if (key in sizeNames && Number.isInteger(node) && node >= 20)
        add(file, path, pointer, node, 'size', key);
    };
    // The age rates are derived from its counts: name them as the pages show them.
    walk(file === 'age' ? ageView(sources) : loadMetrics(sources, file), [], '', '');
  }
  return [...facts, ...lowestRateFacts(sources)];
}

/**
 * The lowest false match rate a verification evaluation publishes for its current model, with its
 * threshold and the false matches behind it (the rate times the impostor pairs, to the two
 * significant figures of the rate): `metrics.face-match.lowest_fmr.false_matches` → "1,200". A
 * page that says how much evidence its strictest thresholds rest on states these, not a guess.
 */
function lowestRateFacts(sources: Sources): Fact[] {
  return (['face-match', 'face-to-document'] as const).flatMap((file) => {
    const data = loadMetrics(sources, file);
    const where = `data/metrics/${file}.yaml`;
    const model = currentModel(data, where);
    const index = model.det.reduce(
      (best, point, at) => (point.fmr < (model.det[best]?.fmr ?? 1) ? at : best),
      0,
    );
    const point = model.det[index];
    if (!point) return [];
    const pairs = data.evaluation_set.size.impostor_pairs;
    const falseMatches = Number((point.fmr * pairs).toPrecision(2));
    const source = `${where}: models[status=current].det[${index}]`;
    return [
      {
        key: `metrics.${file}.lowest_fmr.rate`,
        value: String(point.fmr),
        number: point.fmr,
        source: `${source}.fmr`,
        forms: rateForms(point.fmr),
        names: rateNames.fmr ?? [],
      },
      {
        key: `metrics.${file}.lowest_fmr.threshold`,
        value: thresholdText(point.threshold),
        number: point.threshold,
        source: `${source}.threshold`,
        forms: [thresholdText(point.threshold)],
        names: ['threshold'],
      },
      {
        key: `metrics.${file}.lowest_fmr.false_matches`,
        value: grouped(falseMatches),
        number: falseMatches,
        source: `${source}.fmr x evaluation_set.size.impostor_pairs`,
        forms: [grouped(falseMatches)],
        names: ['false match'],
      },
    ];
  });
}
