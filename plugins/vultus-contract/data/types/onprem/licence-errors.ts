/* Generated from data/onprem/licence-errors.schema.json by `npm run data-types`: edit the schema, not this file. */

/**
 * A licence error; its message starts with its own code.
 */
export type Error = {
  /**
   * The error code: one of the contract's x-error-codes with type `license_error`.
   */
  code:
    | 'license_missing'
    | 'license_expired'
    | 'license_host_mismatch'
    | 'license_clock_skew'
    | 'license_feature_not_licensed'
    | 'license_signature_invalid';
  /**
   * What makes the server raise it, and when it checks (at start, every hour, per request).
   */
  when: string;
  /**
   * An example of the line the server logs and shows in the readiness probe's `license` check: the code, a semicolon, then the detail.
   */
  message: string;
  /**
   * What the operator does on the hosts to clear it.
   */
  fix: string;
};

/**
 * Schema for data/onprem/licence-errors.yaml: every `license_*` error an on-premise container raises, with when it happens, the line it writes to its log and to the readiness probe's `license` check, and how to fix it on your hosts. The on-premise pages render the list with ::data-table; the HTTP status, type and client-facing message and fix come from the contract's x-error-codes. That the codes are exactly the contract's `license_error` codes, and that no text repeats the contract, is checked by tests/unit/onprem-data.test.ts.
 */
export interface OnpremLicenceErrors {
  /**
   * One entry per licence error code of the contract, in the order the pages list them.
   */
  errors: Error[];
}
