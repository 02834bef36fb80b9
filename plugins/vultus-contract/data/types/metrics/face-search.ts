/* Generated from data/metrics/face-search.schema.json by `npm run data-types`: edit the schema, not this file. */

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
export type Texts = Text[];
export type Percent = number;
/**
 * Score threshold; a result is approved when score >= threshold.
 */
export type Threshold = number;
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
export type Count = number;
/**
 * A rate, or k of n where it rests on fewer than 20 events.
 */
export type RateOrCount = Rate | Counted;

/**
 * Schema for data/metrics/face-search.yaml: FNIR at fixed FPIR, rank-k rates and operating points per gallery size, recommended thresholds and per-group FNIR/FPIR.
 */
export interface MetricsFaceSearch {
  schema_version: 1;
  evaluation: {
    id: string;
    title: Text;
    published: Date;
    standard: Text;
    protocol: Text;
    ci_method: CiMethod;
    samples_per_subject: SamplesPerSubject;
  };
  evaluation_set: {
    name: Text;
    size: {
      probe_subjects: PositiveCount;
      gallery_sizes: (10000 | 100000 | 1000000 | 10000000)[];
      mated_searches: PositiveCount;
      non_mated_searches: PositiveCount;
    };
    gallery_construction: Text;
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
  model_version: 'face-match-v4.2' | 'face-match-v4.1';
  score_definition: Text;
  default_threshold: Threshold;
  galleries: {
    gallery_size: 10000 | 100000 | 1000000 | 10000000;
    mated_searches: PositiveCount;
    non_mated_searches: PositiveCount;
    fnir_at_fpir: {
      fpir: 0.001 | 0.01;
      threshold: Threshold;
      fnir: RateEstimate;
    }[];
    rank_identification_rate: {
      rank_1: RateEstimate | Counted;
      rank_5: RateEstimate | Counted;
    };
    /**
     * Operating points ordered by increasing threshold.
     */
    operating_points: {
      threshold: Threshold;
      fpir: RateOrCount;
      fnir: RateOrCount;
    }[];
  }[];
  recommended_thresholds: {
    use_case: Text;
    description: Text;
    gallery_size: 10000 | 100000 | 1000000 | 10000000;
    threshold: Threshold;
    fpir: RateOrCount;
    fnir: RateOrCount;
    default: boolean;
  }[];
  groups: {
    gallery_size: 10000 | 100000 | 1000000 | 10000000;
    threshold: Threshold;
    fpir_target: Rate;
    results: {
      dimension: 'age_band' | 'sex' | 'skin_tone';
      group: '18-29' | '30-44' | '45-59' | '60+' | 'female' | 'male' | 'MST 1-3' | 'MST 4-7' | 'MST 8-10';
      mated_searches: PositiveCount;
      non_mated_searches: PositiveCount;
      fnir: RateEstimate;
      fpir: RateEstimate;
    }[];
  };
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
/**
 * A figure counted from events out of a sample: k events of n, with the exact (Clopper-Pearson) ci95 below 20 events (on either side) and a rounded value only from 20 events up. The pages show it as "k of n"; tests/unit/metrics-data.test.ts checks the value and the interval against the counts.
 */
export interface Counted {
  events: Count;
  of: PositiveCount;
  value?: Rate;
  ci95: Ci95;
}
