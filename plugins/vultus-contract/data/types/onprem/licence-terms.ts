/* Generated from data/onprem/licence-terms.schema.json by `npm run data-types`: edit the schema, not this file. */

/**
 * Schema for data/onprem/licence-terms.yaml: what one on-premise licence covers (hosts, workers) and its lifetime (grace period, renewal, issuing time, trial licences), each stated once. The on-premise pages render it with ::data-table; tests/unit/onprem-licence-terms.test.ts checks that every page does and that no page restates a term.
 */
export interface OnpremLicenceTerms {
  /**
   * The terms, in the order the pages show them: the hosts a licence covers, its workers, lifetime, renewal, issuing time and trial licences.
   *
   * @minItems 6
   * @maxItems 6
   */
  terms: [
    {
      id?: 'scope';
    },
    {
      id?: 'workers';
    },
    {
      id?: 'lifetime';
    },
    {
      id?: 'renewal';
    },
    {
      id?: 'issuing';
    },
    {
      id?: 'trial';
    },
  ];
}
