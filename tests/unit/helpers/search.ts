/** An engine over the index of some entries, as the build writes its files and a reader loads them. */
import {buildSearchIndex, SearchEngine, type SearchEntry} from '../../../src/lib/search/engine';
import {splitSearchIndex} from '../../../src/lib/search/indexFiles';

const throughJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The engine over the index of `entries`: its head and every part written as JSON and read back. */
export function engineOf(entries: SearchEntry[], synonyms: string[][] = []): SearchEngine {
  const {head, postings, details} = splitSearchIndex(buildSearchIndex(entries, synonyms));
  const engine = new SearchEngine(throughJson(head));
  for (const [kind, parts] of [
    ['postings', postings],
    ['details', details],
  ] as const)
    parts.forEach((part, at) => engine.addPart(kind, at, throughJson(part)));
  return engine;
}
