/**
 * The search of the docs: the index the build writes, and the query the browser runs on it.
 * Both sides use the same MiniSearch options and the same terms (./terms.ts), so a word is
 * found the way it was indexed.
 *
 * A query word finds its exact term (title, then the path of headings, then the text), its
 * parts and stem, its British or American spelling, a one- or two-letter typo, and, as the
 * last word, what it begins (the reader is still typing). Phrases of the synonym groups
 * (data/search/synonyms.yaml) are searched for each other. An entry whose title is the query
 * (the row or heading that defines an identifier) ranks first.
 */
import MiniSearch, {type AsPlainObject, type Options, type Query} from 'minisearch';
import {spellingVariants} from './spelling';
import {normalizeWord, stem, tokenize, wordTerms} from './terms';

/**
 * `row`: a row of a table that defines things (codes, keys, options, browsers); `field`: a row of
 * the API reference's parameter, field and status tables, which repeat on every operation.
 */
export type EntryKind = 'page' | 'section' | 'row' | 'field';

/** One findable place: a page, a heading with the text under it, or a table row. */
export interface SearchEntry {
  kind: EntryKind;
  /** Route of the page, e.g. `/responses`. */
  url: string;
  /** Anchor the hit lands on (`#error-signature-invalid`), or '' for the top of the page. */
  hash: string;
  /** The page title, the heading, or the row's first cell. */
  title: string;
  /** Where it sits: the page title, then the headings above it (empty for a page). */
  path: string[];
  /** The words of the entry that are not in its title. */
  text: string;
}

const kinds: EntryKind[] = ['page', 'section', 'row', 'field'];
/** How much an entry of each kind counts, and how much more when its title is the query. */
const kindWeight: Record<EntryKind, {base: number; exact: number}> = {
  page: {base: 1.2, exact: 4},
  section: {base: 1, exact: 4},
  row: {base: 1, exact: 4},
  field: {base: 0.12, exact: 1.5},
};

/** The file the build writes and the browser loads on first use of the search box. */
export interface SearchIndexFile {
  version: 1;
  /** [route, title] of each page. */
  pages: [string, string][];
  /** [kind, page, hash, title, section] of each entry; its position is its id. */
  entries: [number, number, string, string, string][];
  /** Groups of words and phrases that are searched for each other. */
  synonyms: string[][];
  index: AsPlainObject;
}

export interface SearchHit {
  id: number;
  kind: EntryKind;
  /** Route and anchor. */
  url: string;
  route: string;
  hash: string;
  title: string;
  pageTitle: string;
  /** The headings between the page and the entry, joined with " › " ('' for none). */
  section: string;
  score: number;
  /** The words of the query as typed, lower case, for highlighting. */
  words: string[];
}

const fields = ['title', 'path', 'text'];
const boost = {title: 6, path: 1.5, text: 1};

const miniSearchOptions: Options = {
  fields,
  idField: 'id',
  tokenize,
  processTerm: (term) => wordTerms(term),
};

/** Builds the index file from the entries of every page, in page order. */
export function buildSearchIndex(entries: SearchEntry[], synonyms: string[][]): SearchIndexFile {
  const pages: [string, string][] = [];
  const pageIndex = new Map<string, number>();
  const rows: SearchIndexFile['entries'] = [];
  const documents: {id: number; title: string; path: string; text: string}[] = [];
  for (const entry of entries) {
    let page = pageIndex.get(entry.url);
    if (page === undefined) {
      page = pages.length;
      pageIndex.set(entry.url, page);
      pages.push([entry.url, entry.kind === 'page' ? entry.title : (entry.path[0] ?? entry.title)]);
    }
    const id = rows.length;
    rows.push([kinds.indexOf(entry.kind), page, entry.hash, entry.title, entry.path.slice(1).join(' › ')]);
    documents.push({
      id,
      title: entry.title,
      path: entry.kind === 'row' ? '' : entry.path.join(' '),
      text: entry.text,
    });
  }
  const miniSearch = new MiniSearch(miniSearchOptions);
  miniSearch.addAll(documents);
  return {version: 1, pages, entries: rows, synonyms, index: miniSearch.toJSON()};
}

const fuzziness = (word: string): number => (word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0);

type Alternative = {words: string[]; weight: number};

export class SearchEngine {
  private readonly miniSearch: MiniSearch;
  private readonly synonyms: string[][][];
  /** Each entry's weight for its kind (./kindWeight) and its title as query words, by id. */
  private readonly base: number[];
  private readonly titles: string[];

  constructor(private readonly file: SearchIndexFile) {
    this.miniSearch = MiniSearch.loadJS(file.index, miniSearchOptions);
    // A field named on many operations defines none of them: its weight shrinks with the count.
    const fieldTitleCount = new Map<string, number>();
    for (const [kind, , , title] of file.entries) {
      if (kinds[kind] === 'field') fieldTitleCount.set(title, (fieldTitleCount.get(title) ?? 0) + 1);
    }
    this.base = file.entries.map(([kind, , , title]) => {
      const {base} = kindWeight[kinds[kind] ?? 'page'];
      return kinds[kind] === 'field' ? base / Math.sqrt(fieldTitleCount.get(title) ?? 1) : base;
    });
    this.titles = file.entries.map(([, , , title]) => tokenize(title).map(normalizeWord).join(' '));
    this.synonyms = file.synonyms.map((group) => group.map((phrase) => tokenize(phrase).map(normalizeWord)));
  }

  /** The best `limit` places for a query, best first; [] for a query with no words. */
  search(query: string, limit = 8): SearchHit[] {
    const words = tokenize(query.slice(0, 200)).map(normalizeWord).filter(Boolean).slice(0, 12);
    if (words.length === 0) return [];
    const scores = new Map<number, number>();
    const add = (id: number, score: number): void => {
      if (score > (scores.get(id) ?? 0)) scores.set(id, score);
    };
    const alternatives = this.alternatives(words);
    alternatives.forEach(({words: altWords, weight}, position) => {
      const tree = this.query(altWords, 'AND');
      if (!tree) return;
      const phrase = altWords.join(' ');
      // The query names something: several words, an identifier, or (as typed) camelCase or capitals.
      const names =
        altWords.length > 1 ||
        /[._\-/:\d]/.test(phrase) ||
        (position === 0 && /[a-z][A-Z]|^[A-Z]{2,}$/.test(query.trim()));
      for (const result of this.miniSearch.search(tree)) {
        add(result.id as number, result.score * weight * this.exactness(result.id as number, phrase, names));
      }
    });
    if (scores.size < limit && words.length > 1) {
      // Fewer than a full list: the entries that have some of the words, well below the rest.
      const tree = this.query(words, 'OR');
      if (tree) {
        for (const result of this.miniSearch.search(tree)) {
          add(result.id as number, result.score * 0.2 * (this.base[result.id as number] ?? 1));
        }
      }
    }
    const ranked = [...scores.entries()]
      .map(([id, score]) => ({id, score}))
      .sort((a, b) => b.score - a.score || a.id - b.id);
    return ranked.slice(0, limit).map(({id, score}) => this.hit(id, score, words));
  }

  /**
   * An entry whose title is the query ranks first when the query names something: an identifier
   * (`FACE.NO_FACE`, `Idempotency-Key`, `top_k`) or a phrase of several words. A heading that is
   * one plain word ("Liveness", "Sandbox") names a topic many pages share, so it does not. A page
   * whose title holds the query ranks above the pages that only mention it.
   */
  private exactness(id: number, phrase: string, names: boolean): number {
    const entry = this.file.entries[id];
    const base = this.base[id];
    const title = this.titles[id];
    if (!entry || base === undefined || title === undefined) return 1;
    const kind = kinds[entry[0]] ?? 'page';
    if (title === phrase && names) return base * kindWeight[kind].exact;
    if (kind === 'page' && ` ${title} `.includes(` ${phrase} `)) return base * 2.5;
    if (title.startsWith(`${phrase} `) || title.includes(` ${phrase}`)) return base * 1.5;
    return base;
  }

  /** The query as typed, then with each synonym phrase it contains replaced by the others. */
  private alternatives(words: string[]): Alternative[] {
    const alternatives: Alternative[] = [{words, weight: 1}];
    for (const group of this.synonyms) {
      for (const phrase of group) {
        const at = indexOf(words, phrase);
        if (at < 0) continue;
        for (const other of group) {
          if (other === phrase) continue;
          alternatives.push({
            words: [...words.slice(0, at), ...other, ...words.slice(at + phrase.length)],
            weight: 0.9,
          });
        }
      }
    }
    return alternatives.slice(0, 16);
  }

  /**
   * One query word: the word itself (with a typo allowance, and as the start of a longer word
   * when it is the last word), its other spellings, and, for an identifier, its parts, which
   * count for less than the whole.
   */
  private query(words: string[], combineWith: 'AND' | 'OR'): Query | undefined {
    const leaf = (term: string, weight: number, fuzzy: number, prefix: boolean): Query => ({
      queries: [term],
      boost: {title: boost.title * weight, path: boost.path * weight, text: boost.text * weight},
      processTerm: (value) => value,
      tokenize: (text) => [text],
      fuzzy,
      prefix,
    });
    const queries: Query[] = [];
    words.forEach((word, position) => {
      const terms = wordTerms(word);
      if (terms.length === 0) return;
      const last = position === words.length - 1;
      const alternatives: Query[] = terms.map((term) =>
        term === word ? leaf(term, 1, fuzziness(word), last && word.length >= 3) : leaf(term, 0.35, 0, false),
      );
      for (const variant of spellingVariants(word)) alternatives.push(leaf(variant, 0.9, 0, false));
      const stemmed = stem(word);
      if (stemmed && stemmed.length >= 4) {
        // Other forms of the word: `retries` finds `retry`, `rotation` finds `rotate`.
        alternatives.push(leaf(stemmed, 0.5, 0, true));
        if (stemmed.endsWith('i')) alternatives.push(leaf(`${stemmed.slice(0, -1)}y`, 0.5, 0, true));
      }
      queries.push({combineWith: 'OR', queries: alternatives});
    });
    if (queries.length === 0) return undefined;
    return {combineWith, queries};
  }

  private hit(id: number, score: number, words: string[]): SearchHit {
    const [kind, page, hash, title, section] = this.file.entries[id] ?? [0, 0, '', '', ''];
    const [route, pageTitle] = this.file.pages[page] ?? ['/', ''];
    return {
      id,
      kind: kinds[kind] ?? 'page',
      url: `${route}${hash}`,
      route,
      hash,
      title,
      pageTitle,
      section,
      score,
      words,
    };
  }
}

function indexOf(words: string[], phrase: string[]): number {
  if (phrase.length === 0) return -1;
  for (let at = 0; at + phrase.length <= words.length; at++) {
    if (phrase.every((word, offset) => words[at + offset] === word)) return at;
  }
  return -1;
}
