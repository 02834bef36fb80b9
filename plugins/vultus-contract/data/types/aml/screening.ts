/* Generated from data/aml/screening.schema.json by `npm run data-types`: edit the schema, not this file. */

export type Text = string;
export type Count = number;
export type Fields = 'name_only' | 'name_dob_country';
export type Threshold = number;
export type Rate = number;

/**
 * Schema for data/aml/screening.yaml: the lists a screening covers with their refresh cadence, and the detection and false-hit rates of name matching per match threshold.
 */
export interface AmlScreening {
  lists: {
    name: Text;
    publisher: Text;
    kind: 'sanctions' | 'pep' | 'adverse_media';
    covers: Text;
    refresh: string;
  }[];
  evaluation: {
    model_version: string;
    measured: string;
    sets: {
      set: 'Listed subjects' | 'Clear customers';
      queries: Count;
      built_from: Text;
    }[];
    match_rates: {
      fields: Fields;
      description: Text;
      thresholds: {
        threshold: Threshold;
        label: string;
        found: Count;
        detection_rate: Rate;
        false_hits: Count;
        false_hit_rate: Rate;
      }[];
    }[];
    by_variation: {
      fields: Fields;
      threshold: Threshold;
      groups: {
        variation: Text;
        queries: Count;
        found: Count;
        detection_rate: Rate;
      }[];
    };
  };
}
