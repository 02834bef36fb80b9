/**
 * The shape of each file under data/metrics/, as its JSON Schema (data/metrics/<name>.schema.json) defines
 * it. The renderers and the tests read the files through `loadMetrics` (./load.ts), which
 * validates a file against its schema before it hands it over with one of these types, so neither
 * casts what it reads. A field the schema adds is added here too.
 */

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

export interface CompositionEntry {
  group: string;
  percent: number;
}
export type Composition = Record<string, CompositionEntry[]>;

export interface CiMethod {
  figures: string;
  applies_to: string[];
  events?: string;
  method: string;
  resample_unit?: string;
  resamples?: number;
  description: string;
}

export interface Evaluation {
  id: string;
  title: string;
  published: string;
  standard: string;
  protocol?: string;
  ci_method: CiMethod[];
  samples_per_subject: string;
  quality_exclusion_rate?: number;
}

/** One demographic group's result; the metric fields depend on the evaluation. */
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

// ---------------------------------------------------------------- face-match.yaml, face-to-document.yaml

export interface DetPoint {
  threshold: number;
  fmr: number;
  fnmr: number;
}
export interface VerificationUseCase extends DetPoint, UseCaseRow {}

export interface PhotoAgePoint {
  threshold: number;
  results: Array<{group: string; genuine_pairs: number; rejected: number; fnmr: Estimate}>;
}

export interface VerificationModel {
  model_version: string;
  status: string;
  det: DetPoint[];
  eer: {rate: number; threshold: number};
  recommended_thresholds: VerificationUseCase[];
  groups: {threshold: number; impostor_pairing?: string; results: GroupRow[]};
  /** face-to-document only. */
  document_photo_age_fnmr?: {description: string; points: PhotoAgePoint[]};
}

export interface VerificationFile {
  schema_version: number;
  evaluation: Evaluation;
  default_threshold: number;
  evaluation_set: {
    size: {subjects: number; images: number; genuine_pairs: number; impostor_pairs: number};
    demographic_composition: Composition;
  };
  models: VerificationModel[];
  limitations: string[];
}

// ---------------------------------------------------------------- face-search.yaml

export interface SearchPoint {
  threshold: number;
  fpir: number | Counted;
  fnir: number | Counted;
}
export interface Gallery {
  gallery_size: number;
  mated_searches: number;
  non_mated_searches: number;
  fnir_at_fpir: Array<{fpir: number; threshold: number; fnir: Estimate}>;
  rank_identification_rate: {rank_1: Estimate | Counted; rank_5: Estimate | Counted};
  operating_points: SearchPoint[];
}
export interface SearchFile {
  schema_version: number;
  evaluation: Evaluation;
  model_version: string;
  default_threshold: number;
  evaluation_set: {demographic_composition: Composition};
  galleries: Gallery[];
  recommended_thresholds: Array<SearchPoint & UseCaseRow & {gallery_size: number}>;
  groups: {gallery_size: number; threshold: number; fpir_target?: number; results: GroupRow[]};
  limitations: string[];
}

// ---------------------------------------------------------------- liveness.yaml

export interface Species {
  id: string;
  name: string;
  category: string;
  instrument?: string;
  presentations: number;
  accepted: number;
  apcer: Estimate;
}
export interface SweepPoint {
  threshold: number;
  apcer_max: number;
  bpcer: number;
}
export interface CountedBpcer {
  presentations: number;
  rejected: number;
  bpcer: Estimate;
}
export interface LivenessMode {
  mode: string;
  page: string;
  model_version: string;
  test_method: {
    bona_fide_subjects: number;
    bona_fide_presentations: number;
    attack_presentations: number;
    median_capture_seconds: number;
  };
  results: {
    threshold: number;
    attack_species: Species[];
    apcer_max: number;
    bona_fide_rejected: number;
    bpcer: Estimate;
  };
  threshold_sweep: SweepPoint[];
  recommended_thresholds: Array<SweepPoint & UseCaseRow>;
  groups: Array<CountedBpcer & GroupRow>;
  conditions: Array<CountedBpcer & {dimension: string; condition: string; name: string; description: string}>;
}
export interface LivenessFile {
  schema_version: number;
  evaluation: Evaluation;
  default_threshold: number;
  bona_fide_set: {demographic_composition: Composition};
  modes: LivenessMode[];
  limitations: string[];
}

// ---------------------------------------------------------------- age.yaml

export interface ChallengeRow {
  legal_age: number;
  challenge_age: number;
  false_positive_rate: Counted;
  false_negative_rate: Counted;
}
export interface AgeFile {
  schema_version: number;
  evaluation: Evaluation;
  model_version: string;
  default_challenge_offset_years: number;
  evaluation_set: {subjects: number; demographic_composition: Composition};
  mae_overall: Estimate;
  mae_by_age_band: Array<{age_band: string; subjects: number; mean_error: number; mae: Estimate}>;
  challenge_ages: ChallengeRow[];
  recommended_challenge_ages: Array<ChallengeRow & UseCaseRow>;
  groups: GroupRow[];
  limitations: string[];
}

// ---------------------------------------------------------------- latency.yaml

export interface Timing {
  p50_ms: number;
  p95_ms: number;
}
export interface LatencyFile {
  schema_version: number;
  published: string;
  cloud: {
    endpoints: Array<
      Timing & {operation_id: string; method: string; path: string; doc_page: string; payload: string}
    >;
    session_processing: {sessions: Array<Timing & {session_type: string}>};
  };
  on_premise: {
    services: Array<{
      service: string;
      operation_id: string;
      path: string;
      doc_page: string;
      cpu: Timing & {throughput_rps: number};
      gpu: Timing & {throughput_rps: number};
    }>;
  };
}

// ---------------------------------------------------------------- business.yaml

export interface Source {
  file: string;
  path: string;
  multiplier?: number;
}
export interface SourcedRate {
  metric: string;
  value: number;
  from: Source;
}
export interface Check {
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
export interface BusinessUseCase {
  id: string;
  services: string[];
  checks: Check[];
  final_failures_to_review: boolean;
  time_steps: Array<{step: string; seconds: number; from: Source}>;
  outcomes: {
    pass_rate_first_attempt: number;
    pass_rate_after_resubmit: number;
    fraud_caught: number;
    underage_pass_rate?: number;
    median_time_to_verify_seconds: number;
    manual_review_rate: number;
  };
}
export interface BusinessFile {
  schema_version: number;
  retry_pass_rate: {value: number; from: Source};
  use_cases: BusinessUseCase[];
}

// ---------------------------------------------------------------- photo-id-flows.yaml

export interface PhotoIdFlowsFile {
  schema_version: number;
  flows: Array<{
    id: string;
    name: string;
    threshold: number;
    steps: Array<{operation: string; purpose: string}>;
    [field: string]: unknown;
  }>;
}

/** Each metrics file by its name under data/metrics/ (without .yaml). */
export interface MetricsFiles {
  'face-match': VerificationFile;
  'face-to-document': VerificationFile;
  'face-search': SearchFile;
  liveness: LivenessFile;
  age: AgeFile;
  latency: LatencyFile;
  business: BusinessFile;
  'photo-id-flows': PhotoIdFlowsFile;
  ocr: Record<string, unknown>;
}

export type MetricsName = keyof MetricsFiles;
