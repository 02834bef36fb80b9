/**
 * The business outcomes as the pages show them (data/metrics/business.yaml). The file types no
 * figure: each check and time step names the metrics file and path of its figure, read here from
 * that file (the age rates as ./age.ts derives them from the counts), and each outcome is computed
 * here by the formula the file's `definitions` state and the business page shows:
 *
 *   pass first attempt     F x P, where F is the product of (1 - stopped) over the checks a user may
 *                          not retry and P the same product over the checks a user may retry
 *   pass after resubmit    F x (P + (1 - P) x r), r the retry pass share: one retry of the flow
 *   fraud caught           1 - the highest attack acceptance rate of the attack-detection checks
 *   under-age users passed the age check's under-age users passed, as the age evaluation counts them
 *   manual review          1 - pass after resubmit when the flow sends final failures to review, else 0
 *   median time to verify  the sum of the time steps
 */
import {DataError} from '../data/load';
import {ageView} from './age';
import {isCounted} from './figures';
import {loadMetrics} from './load';
import type {MetricsFiles, Source} from './types';
import type {Sources} from '../sources';

type BusinessFile = MetricsFiles['business'];
type UseCase = BusinessFile['use_cases'][number];
type FileCheck = UseCase['checks'][number];

/** The metrics page that publishes the figures of each metrics file. */
const publishedOn: Record<Source['file'], {route: string; title: string}> = {
  'face-match.yaml': {route: '/metrics/performance-metrics-bias-diversity', title: 'Face match'},
  'face-to-document.yaml': {
    route: '/metrics/face-to-document-similarity-service',
    title: 'Face-to-document similarity',
  },
  'face-search.yaml': {route: '/metrics/face-recognition-1n-service', title: 'Face recognition 1:N'},
  'liveness.yaml': {route: '/metrics/liveness-verification-system', title: 'Liveness verification'},
  'age.yaml': {route: '/metrics/age-verification-service', title: 'Age verification'},
  'latency.yaml': {route: '/metrics/performance-metrics-bias-diversity#latency', title: 'Latency'},
};

/** A figure read from its source: its rate (or seconds), the figure as the source publishes it, and where. */
export interface Sourced {
  metric?: string;
  from: Source & {
    /** A link to the metrics page that publishes the figure. */
    page: string;
  };
  value: number;
  /** The figure as its file holds it (a count stays a count). */
  figure: unknown;
}

export type BusinessCheck = Omit<FileCheck, 'genuine_reject_rate' | 'attack_accept_rate'> & {
  genuine_reject_rate: Sourced;
  attack_accept_rate?: Sourced;
};

export interface Outcomes {
  pass_rate_first_attempt: number;
  pass_rate_after_resubmit: number;
  fraud_caught: number;
  /** The age check's under-age users passed, as counted; age flows only. */
  underage_pass_rate?: unknown;
  manual_review_rate: number;
  median_time_to_verify_seconds: number;
}

export type BusinessUseCase = Omit<UseCase, 'checks' | 'time_steps'> & {
  checks: BusinessCheck[];
  time_steps: Array<UseCase['time_steps'][number] & {seconds: number; source: Sourced}>;
  outcomes: Outcomes;
};

export type BusinessView = Omit<BusinessFile, 'retry_pass_rate' | 'use_cases'> & {
  retry_pass_rate: Sourced;
  use_cases: BusinessUseCase[];
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const TOKEN = /\.?([A-Za-z_][A-Za-z0-9_]*)((?:\[[A-Za-z_]+=[^\]]+\])*)/y;
const SELECTOR = /\[([A-Za-z_]+)=([^\]]+)\]/g;

/** Whether a list item's field holds the value a selector names (0.4 selects a threshold of 0.40). */
function selects(candidate: unknown, expected: string): boolean {
  if (typeof candidate === 'number') return Math.abs(candidate - Number(expected)) < 1e-9;
  return String(candidate) === expected;
}

/** Follows a source path such as `modes[mode=3d].threshold_sweep[threshold=0.5].bpcer`. */
export function follow(data: unknown, path: string, where: string): unknown {
  let current = data;
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < path.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(path);
    if (!match || TOKEN.lastIndex === start) throw new DataError(`${where}: cannot read the path ${path}`);
    const key = match[1] as string;
    if (!isRecord(current) || !(key in current)) throw new DataError(`${where}: ${path}: no ${key}`);
    current = current[key];
    const selectors = [...(match[2] ?? '').matchAll(SELECTOR)];
    if (selectors.length === 0) continue;
    if (!Array.isArray(current)) throw new DataError(`${where}: ${path}: ${key} is not a list`);
    const hits = (current as unknown[]).filter(
      (item) =>
        isRecord(item) &&
        selectors.every((selector) => selects(item[selector[1] as string], selector[2] as string)),
    );
    if (hits.length !== 1)
      throw new DataError(`${where}: ${path}: ${match[0]} selects ${hits.length} items, not one`);
    current = hits[0];
  }
  return current;
}

/** A metrics file as the pages show it: the age file with its rates derived from the counts. */
function sourceFile(sources: Sources, file: Source['file']): unknown {
  if (file === 'age.yaml') return ageView(sources);
  return loadMetrics(sources, file.replace(/\.yaml$/, '') as Exclude<keyof MetricsFiles, 'age'>);
}

/** A figure read from the file and path its source names: a number, an estimate's value, or k / n. */
export function readSource(sources: Sources, from: Source, metric?: string): Sourced {
  const where = `data/metrics/business.yaml: ${from.file} ${from.path}`;
  const figure = follow(sourceFile(sources, from.file), from.path, where);
  const rate = isCounted(figure)
    ? figure.events / figure.of
    : isRecord(figure) && typeof figure.value === 'number'
      ? figure.value
      : figure;
  if (typeof rate !== 'number') throw new DataError(`${where}: not a number`);
  const page = publishedOn[from.file];
  return {
    ...(metric === undefined ? {} : {metric}),
    from: {...from, page: `[${page.title}](${page.route})`},
    value: rate * (from.multiplier ?? 1),
    figure,
  };
}

/** The outcomes of one use case, by the formulas of `definitions`. */
export function outcomesOf(useCase: Omit<BusinessUseCase, 'outcomes'>, retryPassRate: number): Outcomes {
  const passing = (checks: BusinessCheck[]): number =>
    checks.reduce((product, check) => product * (1 - check.genuine_reject_rate.value), 1);
  const fixed = passing(useCase.checks.filter((check) => !check.retryable));
  const retryable = passing(useCase.checks.filter((check) => check.retryable));
  const afterResubmit = fixed * (retryable + (1 - retryable) * retryPassRate);
  const attacks = useCase.checks
    .filter((check) => check.role === 'attack_detection')
    .map((check) => check.attack_accept_rate?.value);
  if (attacks.length === 0 || attacks.some((rate) => rate === undefined)) {
    throw new DataError(
      `data/metrics/business.yaml: ${useCase.id}: every flow needs a liveness or deepfake check with its attack_accept_rate`,
    );
  }
  const age = useCase.checks.find((check) => check.role === 'age');
  return {
    pass_rate_first_attempt: fixed * retryable,
    pass_rate_after_resubmit: afterResubmit,
    fraud_caught: 1 - Math.max(...(attacks as number[])),
    ...(age?.attack_accept_rate ? {underage_pass_rate: age.attack_accept_rate.figure} : {}),
    manual_review_rate: useCase.final_failures_to_review ? 1 - afterResubmit : 0,
    // Summed to the thousandth of a second: the steps' own precision, without binary noise.
    median_time_to_verify_seconds:
      Math.round(useCase.time_steps.reduce((total, step) => total + step.seconds, 0) * 1000) / 1000,
  };
}

/** data/metrics/business.yaml with every figure read from its source and every outcome computed. */
export function businessView(sources: Sources): BusinessView {
  const data = loadMetrics(sources, 'business');
  const retry = readSource(sources, data.retry_pass_rate.from);
  return {
    ...data,
    retry_pass_rate: retry,
    use_cases: data.use_cases.map((useCase) => {
      const read = {
        ...useCase,
        checks: useCase.checks.map(
          ({genuine_reject_rate: genuine, attack_accept_rate: attack, ...check}): BusinessCheck => ({
            ...check,
            genuine_reject_rate: readSource(sources, genuine.from, genuine.metric),
            ...(attack ? {attack_accept_rate: readSource(sources, attack.from, attack.metric)} : {}),
          }),
        ),
        time_steps: useCase.time_steps.map((step) => {
          const source = readSource(sources, step.from);
          // Milliseconds times 0.001 leave binary noise: a step is kept to the thousandth of a second.
          return {...step, seconds: Math.round(source.value * 1000) / 1000, source};
        }),
      };
      return {...read, outcomes: outcomesOf(read, retry.value)};
    }),
  };
}
