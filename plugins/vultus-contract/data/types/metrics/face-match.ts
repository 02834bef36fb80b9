/* Generated from data/metrics/face-match.schema.json by `npm run data-types`: edit the schema, not this file. */

export type Text = string;
export type Date = string;
export type PositiveCount = number;
/**
 * How the 95% intervals are computed, per set of figures: tests/unit/metrics-data.test.ts checks each method against samples_per_subject and recomputes the Wilson and exact intervals from the counts. The metrics pages render figures and description.
 */
export type CiMethod = {
  /**
   * The figures the entry covers, as the page names them.
   */
  figures: string;
  /**
   * The data keys that hold those figures (fnmr, apcer, mae, …).
   */
  applies_to: string[];
  /**
   * Which of those figures by their count: counts below 20 events take the exact interval.
   */
  events: 'fewer-than-20' | '20-or-more' | 'any';
  method: 'bootstrap' | 'wilson' | 'clopper-pearson' | 'normal';
  /**
   * What a bootstrap resamples (subject).
   */
  resample_unit?: string;
  resamples?: PositiveCount;
  /**
   * A variance inflation for repeat samples of one subject.
   */
  design_effect?: number;
  /**
   * The method in words, as the pages show it.
   */
  description: string;
}[];
/**
 * Whether the protocol takes one sample (selfie, search) per subject or several (pairs or presentations that share a subject); the interval method must suit it.
 */
export type SamplesPerSubject = 'one' | 'several';
/**
 * A fraction between 0 and 1 (0.0042 = 0.42%).
 */
export type Rate = number;
export type Texts = Text[];
export type Percent = number;
/**
 * Score threshold; a result is approved when score >= threshold.
 */
export type Threshold = number;
/**
 * 95% confidence interval [low, high] of a rate; low <= high is checked by the unit test.
 *
 * @minItems 2
 * @maxItems 2
 */
export type Ci95 = [number, number];

/**
 * Schema for data/metrics/face-match.yaml: evaluation set, DET points, recommended thresholds and per-group FMR/FNMR per model version.
 */
export interface MetricsFaceMatch {
  schema_version: 1;
  evaluation: {
    id: string;
    title: Text;
    published: Date;
    standard: Text;
    protocol: Text;
    ci_method: CiMethod;
    samples_per_subject: SamplesPerSubject;
    quality_exclusion_rate: Rate;
  };
  evaluation_set: {
    name: Text;
    size: {
      subjects: PositiveCount;
      images: PositiveCount;
      genuine_pairs: PositiveCount;
      impostor_pairs: PositiveCount;
    };
    capture_conditions: Texts;
    collection_period: Period;
    consent_basis: Text;
    sex_definition: Text;
    skin_tone_scale: Text;
    /**
     * Share of subjects per group, in percent; each dimension sums to 100 (checked by the unit test).
     */
    demographic_composition: {
      age_band: {
        group: '18-29' | '30-44' | '45-59' | '60+';
        percent: Percent;
      }[];
      sex: {
        group: 'female' | 'male';
        percent: Percent;
      }[];
      skin_tone: {
        group: 'MST 1-3' | 'MST 4-7' | 'MST 8-10';
        percent: Percent;
      }[];
    };
  };
  default_threshold: Threshold;
  models: {
    model_version: 'face-match-v4.2' | 'face-match-v4.1';
    status: 'current' | 'previous';
    /**
     * DET points ordered by increasing threshold.
     */
    det: {
      threshold: Threshold;
      fmr: Rate;
      fnmr: Rate;
    }[];
    eer: {
      rate: Rate;
      threshold: Threshold;
    };
    recommended_thresholds: {
      use_case: Text;
      description: Text;
      threshold: Threshold;
      fmr: Rate;
      fnmr: Rate;
      default: boolean;
    }[];
    groups: {
      threshold: Threshold;
      impostor_pairing: Text;
      results: {
        dimension: 'age_band' | 'sex' | 'skin_tone';
        group: '18-29' | '30-44' | '45-59' | '60+' | 'female' | 'male' | 'MST 1-3' | 'MST 4-7' | 'MST 8-10';
        /**
         * Subjects in the group. Same-group impostor pairs follow from it: tests/unit/metrics-data.test.ts recomputes them.
         */
        subjects?: number;
        genuine_pairs: PositiveCount;
        impostor_pairs: PositiveCount;
        fmr: RateEstimate;
        fnmr: RateEstimate;
      }[];
    };
  }[];
  limitations: Texts;
}
export interface Period {
  start: Date;
  end: Date;
}
/**
 * A rate with its 95% confidence interval.
 */
export interface RateEstimate {
  value: Rate;
  ci95: Ci95;
}
