/* Generated from data/metrics/business.schema.json by `npm run data-types`: edit the schema, not this file. */

export type Date = string;
export type Text = string;
/**
 * Score threshold; a result is approved when score >= threshold.
 */
export type Threshold = number;
export type Texts = Text[];

/**
 * Schema for data/metrics/business.yaml: per use case, the checks and thresholds and where each figure they take from the other metrics files is; the renderer reads the figures from those files and computes the outcomes.
 */
export interface MetricsBusiness {
  schema_version: 1;
  published: Date;
  /**
   * How each outcome is worked out, in the order of the outcomes table: the renderer (plugins/vultus-contract/metrics/business.ts) computes each outcome from the sourced figures by this formula, the business page shows this text, and tests/unit/metrics-business.test.ts recomputes the figures the page shows.
   */
  definitions: {
    outcome:
      | 'pass_rate_first_attempt'
      | 'pass_rate_after_resubmit'
      | 'fraud_caught'
      | 'underage_pass_rate'
      | 'median_time_to_verify_seconds'
      | 'manual_review_rate';
    /**
     * The outcome's column heading in the outcomes table.
     */
    name: string;
    how: Text;
  }[];
  retry_pass_rate: {
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
      from: Source;
    }[];
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
  from: Source;
}
