/* Generated from data/metrics/ocr.schema.json by `npm run data-types`: edit the schema, not this file. */

export type Text = string;
export type Date = string;
export type PositiveCount = number;
/**
 * A value of the contract's DocumentType.
 */
export type DocumentType = 'passport' | 'id_card' | 'driving_licence' | 'residence_permit';
export type Percent = number;
export type Texts = Text[];
export type Count = number;
/**
 * A fraction between 0 and 1 (0.9929 = 99.29%).
 */
export type Rate = number;
/**
 * 95% confidence interval [low, high] of a rate; low <= high is checked by the unit test.
 *
 * @minItems 2
 * @maxItems 2
 */
export type Ci95 = [number, number];
export type Confidence = number;

/**
 * Schema for data/metrics/ocr.yaml: field-level read rate and accuracy of document OCR, by field, by document type and by field_confidence band. Counts, rates and field names are cross-checked by tests/unit/ocr-data.test.ts.
 */
export interface MetricsOcr {
  schema_version: 1;
  evaluation: {
    id: string;
    title: Text;
    published: Date;
    model_version: string;
    protocol: Text;
    definitions: {
      read_rate: Text;
      accuracy: Text;
    };
    ci_method: Text;
  };
  evaluation_set: {
    name: Text;
    documents: PositiveCount;
    issuing_countries: PositiveCount;
    /**
     * Share of documents per type, in percent; sums to 100 (checked by metrics-data.test.ts).
     */
    document_types: {
      type: DocumentType;
      percent: Percent;
    }[];
    capture_conditions: Texts;
    collection_period: Period;
    consent_basis: Text;
  };
  fields: {
    /**
     * A property of the contract's DocumentFields.
     */
    field: string;
    documents: PositiveCount;
    returned: Count;
    correct: Count;
    read_rate: RateEstimate;
    accuracy: RateEstimate;
  }[];
  by_document_type: {
    type: DocumentType;
    documents: PositiveCount;
    fields_returned: Count;
    fields_correct: Count;
    accuracy: RateEstimate;
  }[];
  /**
   * field_confidence bands, highest first; a band holds min_confidence <= confidence < max_confidence (the top band includes 1).
   */
  by_confidence: {
    band: Text;
    min_confidence: Confidence;
    max_confidence: Confidence;
    fields_returned: Count;
    fields_correct: Count;
    accuracy: RateEstimate;
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
