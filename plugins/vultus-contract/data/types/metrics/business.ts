/* Generated from data/metrics/business.schema.json by `npm run data-types`: edit the schema, not this file. */

export type Date = string;
export type Text = string;
/**
 * A fraction between 0 and 1 (0.0042 = 0.42%).
 */
export type Rate = number;
/**
 * Score threshold; a result is approved when score >= threshold.
 */
export type Threshold = number;
export type Texts = Text[];

/**
 * Schema for data/metrics/business.yaml: per use case, the checks and thresholds, the figures they take from the other metrics files, and the derived outcomes.
 */
export interface MetricsBusiness {
  schema_version: 1;
  published: Date;
  definitions: {
    pass_rate_first_attempt: Text;
    pass_rate_after_resubmit: Text;
    fraud_caught: Text;
    underage_pass_rate: Text;
    median_time_to_verify_seconds: Text;
    manual_review_rate: Text;
  };
  retry_pass_rate: {
    value: Rate;
    from: Source;
  };
  use_cases: {
    id: string;
    name: Text;
    description: Text;
    services: string[];
    checks: {
      name: Text;
      page: string;
      role: 'capture_quality' | 'attack_detection' | 'identity' | 'duplicate_detection' | 'age';
      retryable: boolean;
      threshold?: Threshold;
      legal_age?: number;
      challenge_age?: number;
      /**
       * The use case of the source evaluation whose recommended threshold (or challenge age) the check models; tests/unit/metrics-data.test.ts checks the setting against it.
       */
      recommended_use_case?: string;
      /**
       * Why the check runs at another setting than the one recommended for recommended_use_case; required when it does, and shown beside the setting on the business page.
       */
      threshold_note?: string;
      genuine_reject_rate: SourcedRate;
      attack_accept_rate?: SourcedRate;
    }[];
    final_failures_to_review: boolean;
    time_steps: {
      step: Text;
      seconds: number;
      from: Source;
    }[];
    outcomes: {
      pass_rate_first_attempt: Rate;
      pass_rate_after_resubmit: Rate;
      fraud_caught: Rate;
      underage_pass_rate?: Rate;
      median_time_to_verify_seconds: number;
      manual_review_rate: Rate;
    };
    basis: Text;
  }[];
  limitations: Texts;
}
/**
 * Where a figure comes from: a file in data/metrics and a path into it (segments joined by '.', list items picked with [key=value]).
 */
export interface Source {
  file:
    | 'face-match.yaml'
    | 'face-search.yaml'
    | 'face-to-document.yaml'
    | 'liveness.yaml'
    | 'age.yaml'
    | 'latency.yaml';
  path: Text;
  multiplier?: number;
}
export interface SourcedRate {
  metric: Text;
  value: Rate;
  from: Source;
}
