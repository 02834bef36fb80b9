/* Generated from data/metrics/liveness.schema.json by `npm run data-types`: edit the schema, not this file. */

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
 * Score threshold; a result is approved when score >= threshold.
 */
export type Threshold = number;
export type Texts = Text[];
export type Percent = number;
export type Count = number;
/**
 * A fraction between 0 and 1 (0.0042 = 0.42%).
 */
export type Rate = number;
/**
 * 95% confidence interval [low, high] of a rate; low <= high is checked by the unit test.
 *
 * @minItems 2
 * @maxItems 2
 */
export type Ci95 = [number, number];

/**
 * Schema for data/metrics/liveness.yaml: ISO/IEC 30107-3 style results per mode (APCER per attack species, BPCER), threshold sweep, per-group and per-condition BPCER.
 */
export interface MetricsLiveness {
  schema_version: 1;
  evaluation: {
    id: string;
    title: Text;
    published: Date;
    standard: Text;
    ci_method: CiMethod;
    samples_per_subject: SamplesPerSubject;
    apcer_max_definition: Text;
  };
  default_threshold: Threshold;
  bona_fide_set: {
    name: Text;
    subjects: PositiveCount;
    collection_period: Period;
    consent_basis: Text;
    capture_conditions: Texts;
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
    second_attempt: {
      description: Text;
      rejected_first_attempt: PositiveCount;
      passed_second_attempt: Count;
      pass_rate: RateEstimate;
    };
  };
  modes: {
    mode: 'interactive' | 'non-interactive' | '3d' | 'deepfake';
    page: string;
    model_version: 'liveness-v3.1' | 'liveness-v3.0' | 'deepfake-v1.4';
    test_method: {
      lab: Text;
      protocol: Text;
      attack_instruments: Text;
      bona_fide_subjects: PositiveCount;
      bona_fide_presentations: PositiveCount;
      attack_presentations: PositiveCount;
      devices: Text;
      median_capture_seconds: number;
    };
    results: {
      threshold: Threshold;
      attack_species: {
        id:
          | 'printed-photo'
          | 'screen-replay'
          | 'paper-mask'
          | 'resin-mask'
          | 'silicone-mask'
          | 'virtual-camera-injection'
          | 'face-swap-deepfake'
          | 'fully-synthetic-face'
          | 'replayed-video-injection';
        name: Text;
        category: '2d_artefact' | '3d_mask' | 'injection';
        instrument: Text;
        presentations: PositiveCount;
        accepted: Count;
        apcer: RateEstimate;
      }[];
      apcer_max: Rate;
      bona_fide_rejected: Count;
      bpcer: RateEstimate;
    };
    /**
     * Ordered by increasing threshold; apcer_max is the worst species' APCER.
     */
    threshold_sweep: {
      threshold: Threshold;
      apcer_max: Rate;
      bpcer: Rate;
    }[];
    recommended_thresholds: {
      use_case: Text;
      description: Text;
      threshold: Threshold;
      apcer_max: Rate;
      bpcer: Rate;
      default: boolean;
    }[];
    groups: {
      dimension: 'age_band' | 'sex' | 'skin_tone';
      group: '18-29' | '30-44' | '45-59' | '60+' | 'female' | 'male' | 'MST 1-3' | 'MST 4-7' | 'MST 8-10';
      presentations: PositiveCount;
      rejected: Count;
      bpcer: RateEstimate;
    }[];
    conditions: {
      dimension: 'lighting' | 'device_tier' | 'accessibility';
      condition:
        | 'bright-light'
        | 'backlight'
        | 'low-light'
        | 'low-end-phone'
        | 'mid-range-phone'
        | 'high-end-phone'
        | 'motion-limited-accessible-path';
      name: Text;
      description: Text;
      presentations: PositiveCount;
      rejected: Count;
      bpcer: RateEstimate;
      /**
       * The session config the condition was measured with, where it differs from the defaults (the accessible path); valid for the mode's config schema in the contract (tests/unit/liveness-accessible-path.test.ts).
       */
      config?: {
        [k: string]: boolean | number | string | undefined;
      };
    }[];
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
