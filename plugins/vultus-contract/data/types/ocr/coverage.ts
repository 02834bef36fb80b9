/* Generated from data/ocr/coverage.schema.json by `npm run data-types`: edit the schema, not this file. */

/**
 * Values of the contract's DocumentType, in its order.
 */
export type DocumentTypes = ('passport' | 'id_card' | 'driving_licence' | 'residence_permit')[];

/**
 * Schema for data/ocr/coverage.yaml: the fields document OCR returns and the document types it reads per issuing country. Field names, document types, country codes and the model version are checked against contract/openapi.yaml by tests/unit/ocr-data.test.ts.
 */
export interface OcrCoverage {
  schema_version: 1;
  /**
   * The document model this coverage describes: the contract's current DocumentModelVersion.
   */
  model_version: string;
  fields: {
    /**
     * A property of DocumentFields, and a key of OcrResult.field_confidence.
     */
    field: string;
    /**
     * Where OCR reads the field: the MRZ on documents that have one, and the printed text; or the printed text only.
     */
    read_from: 'MRZ and printed zone' | 'Printed zone';
    document_types: DocumentTypes;
  }[];
  /**
   * Issuing countries in alphabetical order of name.
   */
  countries: {
    /**
     * ISO 3166-1 alpha-3 code, as in document.issuing_country.
     */
    code: string;
    name: string;
    document_types: DocumentTypes;
  }[];
  /**
   * Specimen issuers that test keys (sk_test_) read as if supported and live keys answer with DOC.UNSUPPORTED_TYPE: the issuing country of the contract's document examples.
   */
  specimens?: {
    /**
     * The ICAO 9303 code printed on specimen documents, as in document.issuing_country.
     */
    code: string;
    name: string;
    document_types: DocumentTypes;
  }[];
}
