/* Generated from data/search/synonyms.schema.json by `npm run data-types`: edit the schema, not this file. */

/**
 * Groups of words and phrases that the search box treats as the same (data/search/synonyms.yaml).
 */
export interface SearchSynonyms {
  groups: string[][];
}
