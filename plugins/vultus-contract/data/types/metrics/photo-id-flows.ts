/* Generated from data/metrics/photo-id-flows.schema.json by `npm run data-types`: edit the schema, not this file. */

export type Text = string;

/**
 * Schema for data/metrics/photo-id-flows.yaml: the calls of each photo ID match flow and the selfie-to-document threshold it sets. The rates at each threshold live in face-to-document.yaml; the operations and thresholds are cross-checked by tests/unit/photo-id-flows.test.ts.
 */
export interface MetricsPhotoIdFlows {
  schema_version: 1;
  flows: {
    /**
     * The anchor of the flow's section on the page (its heading, slugified).
     */
    id: string;
    name: Text;
    /**
     * config.selfie_match_threshold for the flow: a recommended threshold of face-to-document.yaml.
     */
    threshold: number;
    steps: {
      /**
       * An operationId of contract/openapi.yaml.
       */
      operation: string;
      purpose: Text;
    }[];
  }[];
}
