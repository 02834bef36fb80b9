/**
 * The files under data/metrics/ and their parts, as the renderers name them. Each file's type is
 * generated from its JSON Schema (../data/types, `npm run data-types`); the names below are parts
 * of those types, not shapes written again. The few interfaces here (an estimate, a count, a
 * group's row, a use case's row) say what a renderer accepts from any file; the compiler checks
 * every file's figures against them where a renderer is handed them.
 */
import type {DataFiles} from '../data/types';

export type MetricsName =
  | 'face-match'
  | 'face-to-document'
  | 'face-search'
  | 'liveness'
  | 'age'
  | 'latency'
  | 'business'
  | 'photo-id-flows'
  | 'ocr';

/** Each metrics file by its name under data/metrics/ (without .yaml). */
export type MetricsFiles = {[Name in MetricsName]: DataFiles[`metrics/${Name}.yaml`]};

/** A rate with its 95% confidence interval. */
export interface Estimate {
  value: number;
  ci95: [number, number];
}

/**
 * A figure counted from few events: k `events` out of `of`, with `value` only where both k and
 * n - k reach 20. Below that the data publishes the count, and the pages show "k of n".
 */
export interface Counted {
  events: number;
  of: number;
  value?: number;
  ci95: [number, number];
}

/** A published figure: a bare rate, a rate with its interval, or a count. */
export type Figure = number | Estimate | Counted;

export type Composition = Record<string, Array<{group: string; percent: number}>>;

/** One demographic group's result, as the charts read it; the metric fields depend on the evaluation. */
export interface GroupRow {
  dimension: string;
  group: string;
  subjects?: number;
  genuine_pairs?: number;
  impostor_pairs?: number;
  mated_searches?: number;
  non_mated_searches?: number;
  presentations?: number;
  rejected?: number;
  fmr?: Estimate;
  fnmr?: Estimate;
  fnir?: Estimate;
  fpir?: Estimate;
  bpcer?: Estimate;
  mae?: Estimate;
  minors_passed_at_25?: Counted;
}

/** A recommended threshold of a use case; `default` marks the API default. */
export interface UseCaseRow {
  use_case: string;
  description: string;
  default: boolean;
}

/** A point of a DET curve. */
export interface DetPoint {
  threshold: number;
  fmr: number;
  fnmr: number;
}

/** A p50 and p95 latency. */
export interface Timing {
  p50_ms: number;
  p95_ms: number;
}

// ---------------------------------------------------------------- parts of the generated types

/** face-match.yaml or face-to-document.yaml: a 1:1 verification evaluation. */
export type VerificationFile = MetricsFiles['face-match'] | MetricsFiles['face-to-document'];
export type VerificationModel = VerificationFile['models'][number];
export type VerificationUseCase = VerificationModel['recommended_thresholds'][number];

/** An attack species of a liveness mode. */
export type Species = MetricsFiles['liveness']['modes'][number]['results']['attack_species'][number];

export type Check = MetricsFiles['business']['use_cases'][number]['checks'][number];
export type SourcedRate = Check['genuine_reject_rate'];
export type Source = SourcedRate['from'];

export type PhotoIdFlowsFile = MetricsFiles['photo-id-flows'];
