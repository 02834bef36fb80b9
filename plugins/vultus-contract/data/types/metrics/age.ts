/* Generated from data/metrics/age.schema.json by `npm run data-types`: edit the schema, not this file. */

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
export type Age = number;
export type Count = number;

/**
 * Schema for data/metrics/age.yaml: MAE by true-age band, challenge-age false positive and false negative rates, recommended challenge ages and per-group results.
 */
export interface MetricsAge {
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
    definitions: {
      mae: Text;
      mean_error: Text;
      false_positive_rate: Text;
      false_negative_rate: Text;
    };
  };
  model_version: 'age-v2.3' | 'age-v2.2';
  evaluation_set: {
    name: Text;
    subjects: PositiveCount;
    true_age_distribution: {
      age_band: '8-12' | '13-17' | '18-24' | '25-34' | '35-49' | '50-64' | '65+';
      subjects: PositiveCount;
    }[];
    capture_conditions: Texts;
    collection_period: Period;
    consent_basis: Text;
    sex_definition: Text;
    skin_tone_scale: Text;
    /**
     * Share of subjects per group, in percent; each dimension sums to 100 (checked by the unit test).
     */
    demographic_composition: {
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
  default_challenge_offset_years: number;
  mae_overall: YearsEstimate;
  mae_by_age_band: {
    age_band: '13-17' | '18-24' | '25-34' | '35-49' | '50-64' | '65+';
    subjects: PositiveCount;
    mean_error: number;
    mae: YearsEstimate;
  }[];
  /**
   * The measured counts: for each true-age group, the subjects and how many of them were estimated under each challenge age. The groups partition the evaluation set; every challenge-age rate, its interval and its population are derived from these counts by the renderer (plugins/vultus-contract/metrics/age.ts), and tests/unit/metrics-counts.test.ts checks that the counts are nested (a lower challenge age never counts more subjects than a higher one).
   */
  estimated_under: {
    true_age: Text;
    min_age: Age;
    /**
     * The oldest true age of the group; absent for the open-ended oldest group.
     */
    max_age?: number;
    subjects: PositiveCount;
    /**
     * Subjects of the group estimated under each challenge age, keyed by the challenge age.
     */
    under: {
      [k: string]: Count | undefined;
    };
  }[];
  /**
   * The legal ages and challenge ages reported. Who is tested and the rates come from estimated_under: under the legal age, the true-age group just below it; at or over it, every group from the legal age up.
   */
  challenge_ages: {
    legal_age: Age;
    challenge_age: Age;
  }[];
  recommended_challenge_ages: {
    use_case: Text;
    description: Text;
    legal_age: Age;
    challenge_age: Age;
    default: boolean;
  }[];
  groups: {
    dimension: 'sex' | 'skin_tone';
    group: 'female' | 'male' | 'MST 1-3' | 'MST 4-7' | 'MST 8-10';
    subjects: PositiveCount;
    mae: YearsEstimate;
    minors_passed_at_25: CountOf;
  }[];
  limitations: Texts;
}
export interface Period {
  start: Date;
  end: Date;
}
/**
 * A value in years with its 95% confidence interval [low, high].
 */
export interface YearsEstimate {
  value: number;
  /**
   * @minItems 2
   * @maxItems 2
   */
  ci95: [number, number];
}
/**
 * Under-age subjects (true age 13 to 17) of the group estimated at or over challenge age 25 (legal age 18), of the group's 13 to 17-year-olds; the renderer derives the interval.
 */
export interface CountOf {
  events: Count;
  of: PositiveCount;
}
