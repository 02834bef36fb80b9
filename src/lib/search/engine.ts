/**
 * The search of the docs: the index the build writes, and the query the browser runs on it.
 * Both sides use the same MiniSearch options and the same terms (./terms.ts), so a word is
 * found the way it was indexed.
 *
 * A query word finds its exact term (title, then the path of headings, then the text), its
 * parts and stem, its British or American spelling, a one- or two-letter typo or two swapped
 * letters, and, as the last word, what it begins (the reader is still typing). A word that no
 * entry has is also searched as the closest word the index has (`supprted` as `supported`), so
 * that a heading whose title is the phrase ranks first, as it does for the phrase spelled
 * right. Phrases of the synonym groups (data/search/synonyms.yaml) are searched for each other,
 * in either spelling. An entry whose title is the query (the row or heading that defines an
 * identifier) ranks first.
 */
import MiniSearch, {type Options, type Query} from 'minisearch';
import type SearchableMap from 'minisearch/SearchableMap';
import leven from 'leven';
import {spellingVariants} from './spelling';
import {identifierParts, normalizeWord, stem, tokenize, wordTerms} from './terms';
import {
  isHeadingKind,
  isPart,
  kinds,
  partLength,
  partProblem,
  postingsInto,
  partOf,
  storedHashes,
  storedPostings,
  writtenHashes,
  type EntryKind,
  type PartKind,
  type SearchIndexFile,
  type SearchIndexHead,
} from './indexFiles';
import {
  contentKindOf,
  contentKinds,
  deploymentsOf,
  type ContentKind,
  type Deployment,
  isMarkedKind,
  type MarkedKind,
  type SearchFilter,
} from './facets';

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
  /** The kind its page's renderer marked it with, for the search page's facets (./facets.ts). */
  marked?: MarkedKind;
  /** Its renderer marked it deprecated (`searchDeprecatedAttribute`). */
  deprecated?: boolean;
}

/** How much an entry of each kind counts, and how much more when its title is the query. */
const kindWeight: Record<EntryKind, {base: number; exact: number}> = {
  page: {base: 1.2, exact: 4},
  section: {base: 1, exact: 4},
  row: {base: 1, exact: 4},
  field: {base: 0.12, exact: 1.5},
  'shared-field': {base: 0.06, exact: 1},
};

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
  /** What the entry is and which deployments its page is about (the search page's facets). */
  contentKind: ContentKind;
  deployments: Deployment[];
  /** The entry is deprecated. */
  deprecated: boolean;
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
  const deprecated: number[] = [];
  const hashes = storedHashes(
    entries.map((entry) => isHeadingKind(kinds.indexOf(entry.kind))),
    entries.map((entry) => entry.hash),
  );
  for (const entry of entries) {
    let page = pageIndex.get(entry.url);
    if (page === undefined) {
      page = pages.length;
      pageIndex.set(entry.url, page);
      pages.push([entry.url, entry.kind === 'page' ? entry.title : (entry.path[0] ?? entry.title)]);
    }
    const id = rows.length;
    const hash = hashes[id] ?? entry.hash;
    const row: [number, number, string, string, string] = [
      kinds.indexOf(entry.kind),
      page,
      hash,
      entry.title,
      entry.path.slice(1).join(' › '),
    ];
    rows.push(entry.marked ? [...row, contentKinds.findIndex((kind) => kind.id === entry.marked)] : row);
    if (entry.deprecated) deprecated.push(id);
    documents.push({
      id,
      title: entry.title,
      // A row is found by the heading of its table (`Authorization` under "Request headers" for
      // "authorization header"); the headings above that would repeat on every row.
      path:
        entry.kind === 'page' || entry.kind === 'section' ? entry.path.join(' ') : (entry.path.at(-1) ?? ''),
      text: entry.text,
    });
  }
  const miniSearch = new MiniSearch(miniSearchOptions);
  miniSearch.addAll(documents);
  const {documentIds, fieldLength, ...index} = miniSearch.toJSON();
  // MiniSearch numbers the documents 0, 1, 2… in the order they were added, as `rows` does.
  Object.entries(documentIds).forEach(([shortId, id]) => {
    if (Number(shortId) !== id)
      throw new Error(`search index: document ${String(id)} is numbered ${shortId}`);
  });
  return {
    version: 4,
    pages,
    entries: rows,
    ...(deprecated.length > 0 ? {deprecated} : {}),
    synonyms,
    index: {
      ...index,
      index: index.index.map(([term, postings]) => [term, storedPostings(postings)]),
      fieldLength: rows.map((_, id) => fieldLength[id] ?? []),
    },
  };
}

const fuzziness = (word: string): number => (word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0);

type Alternative = {words: string[]; weight: number};

/** How much an entry that has only some of the query's words counts, against one that has all. */
const someWords = 0.2;
/**
 * The same for some of the words of an alternative (a synonym in place of the word typed), when no
 * alternative has them all: half as much, so that the words typed come first.
 */
const someWordsOfAnAlternative = 0.1;

/** A place a query found, before it is read out as a hit: its entry and its score. */
export interface Ranked {
  id: number;
  score: number;
}

/** A leaf of a query tree (`SearchEngine.query`): one term and how it may be matched. */
type Leaf = {queries: [string]; fuzzy: number; prefix: boolean};

/**
 * The search over an index's head and the parts added so far (./indexFiles.ts): all of them in
 * the build's tools, or those the queries have read in a reader's browser (./lazy.ts).
 * `missingParts` names the parts a query reads that are not there yet, and a query whose parts
 * are missing is refused rather than answered from part of the index, so answers are always the
 * whole index's.
 */
export class SearchEngine {
  private readonly synonyms: string[][][];
  /** The same phrases in one spelling (./oneSpelling), to find them in a query. */
  private readonly spelledSynonyms: string[][][];
  /** Each entry's weight for its kind (./kindWeight) and its title as query words, by id. */
  private readonly base: number[];
  private readonly titles: string[];
  /** Every indexed term, with its position in the index. */
  private readonly termAt: Map<string, number>;
  /** [hash written out, section] of each entry whose part is loaded, by id. */
  private readonly details: ([string, string] | undefined)[];
  private readonly loaded: Record<PartKind, Set<number>> = {postings: new Set(), details: new Set()};
  /**
   * MiniSearch over every term of the index, made without postings; `addPart` fills in each term's
   * postings as its part arrives. The same terms in the same order whatever is loaded, so a query
   * whose parts are loaded is scored exactly as over the whole index.
   */
  private readonly miniSearch: MiniSearch;
  /** The deprecated entries (./facets.ts, `statuses`). */
  private readonly deprecatedIds: ReadonlySet<number>;
  /** How many entries hold each indexed term. */
  private readonly termCounts: Map<string, number>;
  /** Each word of the titles with the number of titles it is in, counted when a query first finds nothing. */
  private titleWords: Map<string, number> | undefined;
  /**
   * The postings parts of the queries asked about lately, and the alternatives of their words:
   * `missingParts` then `rank` ask for the same query, and the nearest queries for a few in turn.
   */
  private readonly recentParts = new RecentValues<number[]>();
  private readonly recentAlternatives = new RecentValues<Alternative[]>();

  constructor(private readonly head: SearchIndexHead) {
    this.deprecatedIds = new Set(head.deprecated);
    const {terms, counts} = head.index;
    this.termAt = new Map(terms.map((term, at) => [term, at]));
    this.termCounts = new Map(terms.map((term, at) => [term, counts[at] ?? 0]));
    this.details = new Array<[string, string] | undefined>(head.entries.length);
    // A field named on many operations defines none of them: its weight shrinks with the count.
    const fieldTitleCount = new Map<string, number>();
    // So does a heading that many pages repeat word for word ("Test each decline reason in the
    // sandbox" on every service page): the page the subject belongs to comes first.
    const sectionPages = new Map<string, Set<number>>();
    for (const [kind, page, title] of head.entries) {
      if (kinds[kind] === 'field') fieldTitleCount.set(title, (fieldTitleCount.get(title) ?? 0) + 1);
      if (kinds[kind] === 'section')
        sectionPages.set(title, (sectionPages.get(title) ?? new Set()).add(page));
    }
    this.base = head.entries.map(([kind, , title]) => {
      const {base} = kindWeight[kinds[kind] ?? 'page'];
      if (kinds[kind] === 'field') return base / Math.sqrt(fieldTitleCount.get(title) ?? 1);
      // Gently (the fourth root of the count): a shared heading still answers its own words.
      if (kinds[kind] === 'section') return base / Math.pow(sectionPages.get(title)?.size ?? 1, 0.25);
      return base;
    });
    this.titles = head.entries.map(([, , title]) => tokenize(title).map(normalizeWord).join(' '));
    this.synonyms = head.synonyms.map((group) => group.map((phrase) => tokenize(phrase).map(normalizeWord)));
    this.spelledSynonyms = this.synonyms.map((group) => group.map((phrase) => phrase.map(oneSpelling)));
    this.miniSearch = MiniSearch.loadJS(
      {
        ...head.index,
        index: terms.map((term) => [term, {}]),
        documentIds: Object.fromEntries(head.entries.map((_, id) => [id, id])),
        fieldLength: Object.fromEntries(head.index.fieldLength.map((lengths, id) => [id, lengths])),
      },
      miniSearchOptions,
    );
  }

  /**
   * Adds a part the head names (./indexFiles.ts), as fetched or read: a part whose shape is not
   * the one the head names (cut short, or from another index) is refused with an error that names
   * it, and the engine stays as it was.
   */
  addPart(kind: PartKind, part: number, content: unknown): void {
    if (this.loaded[kind].has(part)) return;
    const start = this.head.parts[kind][part];
    if (start === undefined) throw new Error(`search index: no ${kind} part ${String(part)}`);
    const length = partLength(this.head, kind, part);
    if (kind === 'postings' && isPart('postings', content, length)) {
      // Into MiniSearch's index, in place: its terms and their order stay as they are.
      const terms = termIndexOf(this.miniSearch);
      content.forEach((fields, offset) => {
        const data = terms.get(this.head.index.terms[start + offset] ?? '');
        if (data) postingsInto(data, fields);
      });
    } else if (kind === 'details' && isPart('details', content, length)) {
      const headings = content.map((_, offset) => isHeadingKind(this.head.entries[start + offset]?.[0] ?? 0));
      const hashes = writtenHashes(
        headings,
        content.map(([hash]) => hash),
      );
      content.forEach(([, section], offset) => {
        this.details[start + offset] = [hashes[offset] ?? '', section];
      });
    } else {
      throw new Error(
        `search index: ${kind} part ${String(part)} ${partProblem(kind, content, length) ?? 'is not one'}`,
      );
    }
    this.loaded[kind].add(part);
  }

  /**
   * The parts not loaded yet that a search for `query` reads (`postings`), or that the hits of
   * `ranked` are read from (`details`).
   */
  missingParts(kind: 'postings', query: string): number[];
  missingParts(kind: 'details', ranked: readonly Ranked[]): number[];
  missingParts(kind: PartKind, of: string | readonly Ranked[]): number[] {
    const starts = this.head.parts[kind];
    if (this.loaded[kind].size === starts.length) return [];
    const parts =
      typeof of === 'string' ? this.postingsParts(of) : [...new Set(of.map(({id}) => partOf(starts, id)))];
    return parts.filter((part) => !this.loaded[kind].has(part)).sort((a, b) => a - b);
  }

  /**
   * The best `limit` places for a query, best first, of the kind, deployment and status `filter` names
   * (./facets.ts); [] for a query with no words. Needs every part the query reads (`missingParts`).
   */
  search(query: string, limit = 8, filter: SearchFilter = {}): SearchHit[] {
    return this.hits(this.rank(query, limit, filter), query);
  }

  /** The hits of ranked places, read out (needs their details parts). */
  hits(ranked: readonly Ranked[], query: string): SearchHit[] {
    const missing = this.missingParts('details', ranked);
    if (missing.length > 0)
      throw new Error(`search index: details parts ${missing.join(', ')} are not loaded`);
    const words = queryWords(query);
    return ranked.map(({id, score}) => this.hit(id, score, words));
  }

  /** The best `limit` places for a query, best first, with their scores (see `search`). */
  rank(query: string, limit = 8, filter: SearchFilter = {}): Ranked[] {
    const missing = this.missingParts('postings', query);
    if (missing.length > 0)
      throw new Error(`search index: postings parts ${missing.join(', ')} are not loaded for "${query}"`);
    const words = queryWords(query);
    if (words.length === 0) return [];
    const scores = new Map<number, number>();
    // Any facet the filter sets (./facets.ts), without naming each.
    const filtered = Object.values(filter).some((value) => value !== undefined);
    const add = (id: number, score: number): void => {
      if (filtered && !this.kept(id, filter)) return;
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
    if (words.length > 1 && (scores.size < limit || words.length >= 3)) {
      // Fewer than a full list, or a question (three words or more), whose answer often lacks one
      // of its words ("keep" of "signed requests keep failing with signature_invalid"): whether it
      // ranked must not depend on how many other places happen to hold every word. Two-word queries
      // with a full list skip this pass (it would double their time on a large index).
      // The entries that have some of the words, well below the rest; in
      // the words of each alternative too, so that "PAD test results" finds what says
      // "presentation attack detection".
      // When no alternative finds every word, the alternatives' words count too, for less.
      const anded = scores.size > 0;
      (anded ? alternatives.slice(0, 1) : alternatives).forEach(({words: altWords, weight}, position) => {
        const tree = this.query(altWords, 'OR');
        if (!tree) return;
        const factor = position === 0 ? someWords : someWordsOfAnAlternative;
        for (const result of this.miniSearch.search(tree)) {
          add(result.id as number, result.score * factor * weight * (this.base[result.id as number] ?? 1));
        }
      });
    }
    const ranked = [...scores.entries()]
      .map(([id, score]) => ({id, score}))
      .sort((a, b) => b.score - a.score || a.id - b.id);
    return ranked.slice(0, limit);
  }

  /**
   * For a query that finds nothing: the query with one of its words replaced by the nearest word
   * of the titles (one letter in three changed at most, one in a short word), for each such query
   * that finds something; nearest first, and of two as near, the word that starts more like it,
   * then the one more titles use. [] when the query finds something or no title has a word near
   * one of its words.
   */
  nearestQueries(query: string, limit = 3): string[] {
    if (this.rank(query, 1).length > 0) return [];
    const found: string[] = [];
    for (const candidate of this.nearestCandidates(query)) {
      if (found.length === limit) break;
      if (this.rank(candidate, 1).length > 0) found.push(candidate);
    }
    return found;
  }

  /**
   * The queries `nearestQueries` tries, nearest first, without knowing yet whether they find
   * something: each is a search of its own, so a bounded number of them.
   */
  nearestCandidates(query: string): string[] {
    const typed = queryWords(query);
    const titleWords = (this.titleWords ??= countWords([
      ...this.head.pages.map(([, title]) => title),
      ...this.head.entries.map(([, , title]) => title),
    ]));
    const near: {query: string; distance: number; prefix: number; count: number}[] = [];
    typed.forEach((word, position) => {
      if (!lettersOnly.test(word)) return;
      const allowance = Math.max(1, Math.floor(word.length / 3));
      for (const [title, count] of titleWords) {
        if (Math.abs(title.length - word.length) > allowance) continue;
        const distance = leven(word, title, {maxDistance: allowance + 1});
        if (distance === 0 || distance > allowance) continue;
        const replaced = typed.map((other, at) => (at === position ? title : other)).join(' ');
        near.push({
          query: replaced,
          distance: distance / word.length,
          prefix: commonPrefix(word, title),
          count,
        });
      }
    });
    near.sort(
      (a, b) =>
        a.distance - b.distance || b.prefix - a.prefix || b.count - a.count || a.query.localeCompare(b.query),
    );
    return [...new Set(near.slice(0, 40).map((candidate) => candidate.query))];
  }

  /**
   * The postings parts a search for `query` reads: those of every term its query trees can match,
   * as MiniSearch matches them (the term itself, the terms it begins when it is a prefix, and the
   * terms within its edit distance when it is fuzzy).
   */
  private postingsParts(query: string): number[] {
    const known = this.recentParts.get(query);
    if (known) return known;
    const words = queryWords(query);
    const leaves = new Map<string, Leaf>();
    if (words.length > 0) {
      for (const {words: altWords} of this.alternatives(words)) {
        const tree = this.query(altWords, 'AND');
        for (const leaf of tree ? queryLeaves(tree) : []) {
          leaves.set(`${leaf.queries[0]} ${String(leaf.fuzzy)} ${String(leaf.prefix)}`, leaf);
        }
      }
    }
    // The terms MiniSearch matches for each leaf, found as it finds them (executeQuerySpec).
    const index = termIndexOf(this.miniSearch);
    const matched = new Set<string>();
    for (const {queries, fuzzy, prefix} of leaves.values()) {
      const [term] = queries;
      matched.add(term);
      if (prefix) for (const [other] of index.atPrefix(term)) matched.add(other);
      const distance = fuzzy < 1 ? Math.min(maxFuzzy, Math.round(term.length * fuzzy)) : fuzzy;
      if (distance > 0) for (const other of index.fuzzyGet(term, distance).keys()) matched.add(other);
    }
    const terms = [...matched].flatMap((term) => {
      const at = this.termAt.get(term);
      return at === undefined ? [] : [at];
    });
    const parts = [...new Set(terms.map((at) => partOf(this.head.parts.postings, at)))];
    this.recentParts.set(query, parts);
    return parts;
  }

  /**
   * An entry whose title is the query ranks first when the query names something: an identifier
   * (`FACE.NO_FACE`, `Idempotency-Key`, `top_k`) or a phrase of several words. A heading that is
   * one plain word ("Liveness", "Sandbox") names a topic many pages share, so it does not. A page
   * whose title holds the query ranks above the pages that only mention it. Words rank an entry
   * titled with one identifier or hyphenated word that holds only some of them
   * (`gateway.upstreams.deepfake_detection`, "Re-verification" for "1:1 face verification") below
   * the places about them; typed as words, every part of an identifier still finds it.
   */
  private exactness(id: number, phrase: string, names: boolean): number {
    const entry = this.head.entries[id];
    const base = this.base[id];
    const title = this.titles[id];
    if (!entry || base === undefined || title === undefined) return 1;
    const kind = kinds[entry[0]] ?? 'page';
    if (title === phrase && names) return base * kindWeight[kind].exact;
    if (kind === 'page' && ` ${title} `.includes(` ${phrase} `)) return base * 2.5;
    if (title.startsWith(`${phrase} `) || title.includes(` ${phrase}`)) return base * 1.5;
    if (phrase.includes(' ') && !title.includes(' ')) {
      const words = phrase.split(' ');
      const parts = identifierParts(title);
      if (parts.length > 1 && !parts.every((part) => words.includes(part))) return base * 0.5;
    }
    return base;
  }

  /**
   * The query as typed; then, when it has a word no entry has, with the closest indexed word in
   * its place; then with each synonym phrase it contains replaced by the others.
   */
  private alternatives(words: string[]): Alternative[] {
    const key = words.join(' ');
    const known = this.recentAlternatives.get(key);
    if (known) return known;
    const alternatives = this.alternativesOf(words);
    this.recentAlternatives.set(key, alternatives);
    return alternatives;
  }

  private alternativesOf(words: string[]): Alternative[] {
    const alternatives: Alternative[] = [{words, weight: 1}];
    const corrected = words.map(
      (word, position) => this.corrected(word, position === words.length - 1) ?? word,
    );
    if (corrected.some((word, position) => word !== words[position]))
      alternatives.push({words: corrected, weight: 0.9});
    const spelled = words.map(oneSpelling);
    for (const [groupAt, group] of this.synonyms.entries()) {
      for (const [phraseAt, phrase] of group.entries()) {
        const at = indexOf(spelled, this.spelledSynonyms[groupAt]?.[phraseAt] ?? phrase);
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
   * count for less than the whole. Each part has a word's typo allowance: `match_treshold` finds
   * `config.match_threshold`, whose whole is too far from it.
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
      // The parts of an identifier (`allowed`, `origins` of `allowed_origins`) count for little
      // when the identifier itself is indexed: the places that name it come first.
      const partWeight = terms.length > 1 && this.termAt.has(word) ? 0.1 : 0.35;
      const alternatives: Query[] = terms.map((term) =>
        term === word
          ? leaf(term, 1, fuzziness(word), last && word.length >= 3)
          : leaf(term, partWeight, fuzziness(term), false),
      );
      for (const variant of spellingVariants(word)) alternatives.push(leaf(variant, 0.9, 0, false));
      // Two letters swapped (`docuemnt`) are two edits to the fuzzy match: the word they spell.
      for (const swapped of this.transpositions(word)) alternatives.push(leaf(swapped, 0.9, 0, false));
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

  /**
   * The indexed term closest to a word no entry has, within the word's typo allowance; of two as
   * close, the one more entries hold. None for the last word when it begins an indexed term (the
   * reader is still typing it).
   */
  private corrected(word: string, last: boolean): string | undefined {
    const allowance = fuzziness(word);
    if (allowance === 0 || this.termAt.has(word)) return undefined;
    let best: string | undefined;
    let bestDistance = allowance + 1;
    let bestCount = 0;
    for (const [term, count] of this.termCounts) {
      if (last && term.startsWith(word)) return undefined;
      if (Math.abs(term.length - word.length) > allowance) continue;
      const distance = leven(word, term, {maxDistance: allowance + 1});
      if (distance > allowance) continue;
      if (distance < bestDistance || (distance === bestDistance && count > bestCount)) {
        best = term;
        bestDistance = distance;
        bestCount = count;
      }
    }
    return best;
  }

  /** The indexed words that `word` spells with two neighbouring letters swapped back. */
  private transpositions(word: string): string[] {
    if (word.length < 4 || this.termAt.has(word)) return [];
    const found: string[] = [];
    for (let at = 0; at + 1 < word.length; at++) {
      const swapped = `${word.slice(0, at)}${word[at + 1] ?? ''}${word[at] ?? ''}${word.slice(at + 2)}`;
      if (swapped !== word && this.termAt.has(swapped)) found.push(swapped);
    }
    return found;
  }

  private hit(id: number, score: number, words: string[]): SearchHit {
    const [, page, title] = this.head.entries[id] ?? [0, 0, ''];
    const [hash, section] = this.details[id] ?? ['', ''];
    const [route, pageTitle] = this.head.pages[page] ?? ['/', ''];
    return {
      id,
      kind: this.kindOf(id),
      url: `${route}${hash}`,
      route,
      hash,
      title,
      pageTitle,
      section,
      contentKind: this.contentKind(id),
      deployments: deploymentsOf(route),
      deprecated: this.deprecatedIds.has(id),
      score,
      words,
    };
  }

  private kindOf(id: number): EntryKind {
    return kinds[this.head.entries[id]?.[0] ?? 0] ?? 'page';
  }

  /** The route of the entry's page. */
  private routeOf(id: number): string {
    return this.head.pages[this.head.entries[id]?.[1] ?? 0]?.[0] ?? '/';
  }

  /** What the entry is, for the facets (./facets.ts). */
  private contentKind(id: number): ContentKind {
    const marked = this.head.entries[id]?.[3];
    const kind = marked === undefined ? undefined : contentKinds[marked]?.id;
    return contentKindOf({
      kind: this.kindOf(id),
      route: this.routeOf(id),
      marked: isMarkedKind(kind) ? kind : undefined,
    });
  }

  /** Whether the entry is one the filter keeps. */
  private kept(id: number, filter: SearchFilter): boolean {
    if (filter.kind && this.contentKind(id) !== filter.kind) return false;
    if (filter.status === 'deprecated' && !this.deprecatedIds.has(id)) return false;
    return !filter.deployment || deploymentsOf(this.routeOf(id)).includes(filter.deployment);
  }
}

/**
 * Values kept by key for the last few keys: what a query computes that the next calls about it
 * (and about a few others in turn) read again. A few dozen at most, forgotten all at once.
 */
class RecentValues<T> {
  private readonly values = new Map<string, T>();

  get(key: string): T | undefined {
    return this.values.get(key);
  }

  set(key: string, value: T): void {
    if (this.values.size >= 32) this.values.clear();
    this.values.set(key, value);
  }
}

/** MiniSearch's own bound on a fuzzy distance given as a fraction of a term (its `maxFuzzy`). */
const maxFuzzy = 6;

/**
 * MiniSearch's term index: every term with its postings by field. MiniSearch keeps it to itself
 * (`_index`, protected); the engine reaches it to fill in a part's postings as the part arrives and
 * to list the terms a query matches exactly as MiniSearch matches them. minisearch is pinned in the
 * lockfile, and the tests compare every answer of the query sets with the whole index's.
 */
function termIndexOf(miniSearch: MiniSearch): SearchableMap<Map<number, Map<number, number>>> {
  return (miniSearch as unknown as {_index: SearchableMap<Map<number, Map<number, number>>>})._index;
}

/** The leaves of a query tree made by `SearchEngine.query`. */
function queryLeaves(tree: Query): Leaf[] {
  if (typeof tree !== 'object') return [];
  // An inner node combines its queries; a leaf (`query`'s `leaf`) has one term and no combineWith.
  if (tree.combineWith !== undefined) return tree.queries.flatMap((query) => queryLeaves(query));
  return [tree as Leaf];
}

/** How many letters two words start with alike. */
function commonPrefix(a: string, b: string): number {
  let length = 0;
  while (length < a.length && a[length] === b[length]) length++;
  return length;
}

/** A word of three letters or more and nothing else: what `nearestQueries` offers in place of another. */
const lettersOnly = /^\p{L}{3,}$/u;

/**
 * The words that only say a query compares two things ("A vs B", "the difference between A and
 * B"): no entry needs them; the things compared are the query.
 */
const comparing = new Set(['vs', 'versus', 'difference', 'differences', 'between', 'compared']);

/**
 * The words of a query as the engine searches them: lower case, the first 12 of its first 200
 * characters, without the words that only say it compares (unless it has no others).
 */
function queryWords(query: string): string[] {
  const words = tokenize(query.slice(0, 200)).map(normalizeWord).filter(Boolean);
  const compared = words.filter((word) => !comparing.has(word));
  return (compared.length > 0 ? compared : words).slice(0, 12);
}

/** The words of three letters or more of some titles, lower case, with the number of titles each is in. */
function countWords(titles: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const title of titles) {
    for (const word of new Set(tokenize(title.toLowerCase()))) {
      if (lettersOnly.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return counts;
}

/** One spelling of a word for comparing phrases: `licence` and `license` are the same word. */
function oneSpelling(word: string): string {
  return [word, ...spellingVariants(word)].sort()[0] ?? word;
}

function indexOf(words: string[], phrase: string[]): number {
  if (phrase.length === 0) return -1;
  for (let at = 0; at + phrase.length <= words.length; at++) {
    if (phrase.every((word, offset) => words[at + offset] === word)) return at;
  }
  return -1;
}
