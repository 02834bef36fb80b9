/**
 * Search hits in the shape the search plugin's result templates and search page render
 * (@easyops-cn/docusaurus-search-local 0.55.3, `SearchResult`): a page hit is a title, every
 * other hit a heading of its page, with the matched words' positions in its title.
 */
import type {SearchHit} from './engine';
import type {ContentKind} from './facets';

/** SearchDocumentType of the plugin: 0 title, 1 heading. */
const TITLE = 0;
const HEADING = 1;

export interface Suggestion {
  document: {i: number; t: string; u: string; h?: string; s?: string; p?: number; b?: string[]};
  type: number;
  page: {i: number; t: string; u: string; b: string[]} | undefined;
  metadata: Record<string, {t: {position: [number, number][]}}>;
  tokens: string[];
  /** What the entry is (./facets.ts), which the search page shows beside each result. */
  contentKind: ContentKind;
  /** The entry is deprecated: the search page says so beside its kind. */
  deprecated: boolean;
}

/** Where the words of the query stand in a title, for highlighting. */
export function wordPositions(title: string, words: string[]): [number, number][] {
  const lower = title.toLowerCase();
  const positions: [number, number][] = [];
  for (const word of words) {
    for (
      let at = lower.indexOf(word);
      at >= 0 && word.length > 0;
      at = lower.indexOf(word, at + word.length)
    ) {
      positions.push([at, word.length]);
    }
  }
  positions.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  // The templates need one position to start from; a hit found by a synonym or a typo has none.
  return positions.length > 0 ? positions : [[0, 0]];
}

export function toSuggestion(hit: SearchHit): Suggestion {
  const metadata = {words: {t: {position: wordPositions(hit.title, hit.words)}}};
  if (hit.kind === 'page') {
    return {
      document: {i: hit.id, t: hit.title, u: hit.route, b: []},
      type: TITLE,
      page: undefined,
      metadata,
      tokens: hit.words,
      contentKind: hit.contentKind,
      deprecated: hit.deprecated,
    };
  }
  return {
    document: {i: hit.id, t: hit.title, u: hit.route, h: hit.hash, s: hit.section || undefined, p: -1},
    type: HEADING,
    page: {i: -1, t: hit.pageTitle, u: hit.route, b: []},
    metadata,
    tokens: hit.words,
    contentKind: hit.contentKind,
    deprecated: hit.deprecated,
  };
}
