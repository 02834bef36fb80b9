/**
 * data/search/synonyms.yaml: groups of words and phrases searched for each other. It is read like
 * every data file (plugins/vultus-contract/data/load.ts), validated by the schema beside it, so a
 * malformed file fails the build naming the file, the line and the field.
 */
import {loadData} from '../vultus-contract/data/load';

export function loadSynonyms(siteDir: string): string[][] {
  return loadData(siteDir, 'search/synonyms.yaml').groups;
}
