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
import MiniSearch, {type AsPlainObject, type Options, type Query} from 'minisearch';
import leven from 'leven';
import {spellingVariants} from './spelling';
import {identifierParts, normalizeWord, stem, tokenize, wordTerms} from './terms';
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

/**
 * `row`: a row of a table that defines things (codes, keys, options, browsers), or a list item
 * that defines an identifier; `field`: a row of the API reference's parameter, field and status
 * tables; `shared-field`: such a row that several operations repeat word for word.
 */
export type EntryKind = 'page' | 'section' | 'row' | 'field' | 'shared-field';

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

const kinds: EntryKind[] = ['page', 'section', 'row', 'field', 'shared-field'];
/** How much an entry of each kind counts, and how much more when its title is the query. */
const kindWeight: Record<EntryKind, {base: number; exact: number}> = {
  page: {base: 1.2, exact: 4},
  section: {base: 1, exact: 4},
  row: {base: 1, exact: 4},
  field: {base: 0.12, exact: 1.5},
  'shared-field': {base: 0.06, exact: 1},
};

/**
 * MiniSearch's serialized index without what the entries' positions already say: the map of
 * document ids (each entry's id is its position) and the field lengths keyed by id (a list
 * here). About 24 KB gzip less to download. Each term's postings are stored as one string per
 * field (`storedPostings`): 80 KB gzip less than MiniSearch's objects.
 */
type StoredIndex = Omit<AsPlainObject, 'documentIds' | 'fieldLength' | 'index'> & {
  fieldLength: number[][];
  index: [string, string[]][];
};

/** MiniSearch's postings of one term: entry ids and counts by field id. */
type Postings = AsPlainObject['index'][number][1];

/**
 * A term's postings as one string per field id, '' for a field without the term: the entry ids
 * in ascending order as base-36 differences from the previous id, each followed by `*` and its
 * count when the term occurs more than once (`2s 4 a*3`: ids 100, 104, 114, the last three times).
 */
export function storedPostings(postings: Postings): string[] {
  const fieldIds = Object.keys(postings).map(Number);
  const stored = Array.from({length: Math.max(-1, ...fieldIds) + 1}, () => '');
  for (const fieldId of fieldIds) {
    let previous = 0;
    stored[fieldId] = Object.entries(postings[fieldId] ?? {})
      .map(([id, count]) => [Number(id), count] as const)
      .sort(([a], [b]) => a - b)
      .map(([id, count]) => {
        const delta = (id - previous).toString(36);
        previous = id;
        return count === 1 ? delta : `${delta}*${count.toString(36)}`;
      })
      .join(' ');
  }
  return stored;
}

/** MiniSearch's postings of a term from what `storedPostings` wrote. */
export function loadedPostings(stored: readonly string[]): Postings {
  const postings: Postings = {};
  stored.forEach((field, fieldId) => {
    if (field === '') return;
    const counts: Record<string, number> = {};
    let id = 0;
    for (const posting of field.split(' ')) {
      const star = posting.indexOf('*');
      id += parseInt(star < 0 ? posting : posting.slice(0, star), 36);
      counts[id] = star < 0 ? 1 : parseInt(posting.slice(star + 1), 36);
    }
    postings[fieldId] = counts;
  });
  return postings;
}

/** The file the build writes and the browser loads on first use of the search box. */
export interface SearchIndexFile {
  version: 4;
  /** [route, title] of each page. */
  pages: [string, string][];
  /**
   * [kind, page, hash, title, section, marked] of each entry; its position is its id. A row's
   * hash that continues the hash of the heading above it (`#options-locale` under `#options`) is
   * stored as the rest after a `~` (`~locale`). `marked`, the position of the entry's marked kind
   * in `contentKinds` (./facets.ts), only for an entry that has one.
   */
  entries: ([number, number, string, string, string] | [number, number, string, string, string, number])[];
  /** The ids of the deprecated entries, when there are any. */
  deprecated?: number[];
  /** Groups of words and phrases that are searched for each other. */
  synonyms: string[][];
  index: StoredIndex;
}

/** Each entry's hash, with the continued row hashes (`~rest`) written out. */
function entryHashes(entries: SearchIndexFile['entries']): string[] {
  let heading = '';
  return entries.map(([kind, , hash]) => {
    if (kinds[kind] === 'page' || kinds[kind] === 'section') heading = hash;
    return hash.startsWith('~') ? `${heading}-${hash.slice(1)}` : hash;
  });
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
  /** The hash of the page or heading the current entry sits under. */
  let heading = '';
  for (const entry of entries) {
    let page = pageIndex.get(entry.url);
    if (page === undefined) {
      page = pages.length;
      pageIndex.set(entry.url, page);
      pages.push([entry.url, entry.kind === 'page' ? entry.title : (entry.path[0] ?? entry.title)]);
    }
    const id = rows.length;
    if (entry.kind === 'page' || entry.kind === 'section') heading = entry.hash;
    const hash =
      heading !== '' &&
      entry.kind !== 'page' &&
      entry.kind !== 'section' &&
      entry.hash.startsWith(`${heading}-`)
        ? `~${entry.hash.slice(heading.length + 1)}`
        : entry.hash;
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

export class SearchEngine {
  private readonly miniSearch: MiniSearch;
  private readonly synonyms: string[][][];
  /** The same phrases in one spelling (./oneSpelling), to find them in a query. */
  private readonly spelledSynonyms: string[][][];
  /** Each entry's weight for its kind (./kindWeight) and its title as query words, by id. */
  private readonly base: number[];
  private readonly titles: string[];
  private readonly hashes: string[];
  /** Every indexed term. */
  private readonly vocabulary: Set<string>;
  /** Each indexed term with its postings, as MiniSearch loads them. */
  private readonly postings: AsPlainObject['index'];
  /** The deprecated entries (./facets.ts, `statuses`). */
  private readonly deprecatedIds: ReadonlySet<number>;
  /** How many entries hold each indexed term, counted when a typo is first corrected. */
  private termCounts: Map<string, number> | undefined;
  /** Each word of the titles with the number of titles it is in, counted when a query first finds nothing. */
  private titleWords: Map<string, number> | undefined;

  constructor(private readonly file: SearchIndexFile) {
    this.deprecatedIds = new Set(file.deprecated);
    const {fieldLength, index: stored, ...index} = file.index;
    this.postings = stored.map(([term, fields]) => [term, loadedPostings(fields)]);
    this.miniSearch = MiniSearch.loadJS(
      {
        ...index,
        index: this.postings,
        documentIds: Object.fromEntries(file.entries.map((_, id) => [id, id])),
        fieldLength: Object.fromEntries(fieldLength.map((lengths, id) => [id, lengths])),
      },
      miniSearchOptions,
    );
    this.hashes = entryHashes(file.entries);
    this.vocabulary = new Set(stored.map(([term]) => term));
    // A field named on many operations defines none of them: its weight shrinks with the count.
    const fieldTitleCount = new Map<string, number>();
    // So does a heading that many pages repeat word for word ("Test each decline reason in the
    // sandbox" on every service page): the page the subject belongs to comes first.
    const sectionPages = new Map<string, Set<number>>();
    for (const [kind, page, , title] of file.entries) {
      if (kinds[kind] === 'field') fieldTitleCount.set(title, (fieldTitleCount.get(title) ?? 0) + 1);
      if (kinds[kind] === 'section')
        sectionPages.set(title, (sectionPages.get(title) ?? new Set()).add(page));
    }
    this.base = file.entries.map(([kind, , , title]) => {
      const {base} = kindWeight[kinds[kind] ?? 'page'];
      if (kinds[kind] === 'field') return base / Math.sqrt(fieldTitleCount.get(title) ?? 1);
      // Gently (the fourth root of the count): a shared heading still answers its own words.
      if (kinds[kind] === 'section') return base / Math.pow(sectionPages.get(title)?.size ?? 1, 0.25);
      return base;
    });
    this.titles = file.entries.map(([, , , title]) => tokenize(title).map(normalizeWord).join(' '));
    this.synonyms = file.synonyms.map((group) => group.map((phrase) => tokenize(phrase).map(normalizeWord)));
    this.spelledSynonyms = this.synonyms.map((group) => group.map((phrase) => phrase.map(oneSpelling)));
  }

  /**
   * The best `limit` places for a query, best first, of the kind, deployment and status `filter` names
   * (./facets.ts); [] for a query with no words.
   */
  search(query: string, limit = 8, filter: SearchFilter = {}): SearchHit[] {
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
    if (scores.size < limit && words.length > 1) {
      // Fewer than a full list: the entries that have some of the words, well below the rest; in
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
    return ranked.slice(0, limit).map(({id, score}) => this.hit(id, score, words));
  }

  /**
   * For a query that finds nothing: the query with one of its words replaced by the nearest word
   * of the titles (one letter in three changed at most, one in a short word), for each such query
   * that finds something; nearest first, and of two as near, the word that starts more like it,
   * then the one more titles use. [] when the query finds something or no title has a word near
   * one of its words.
   */
  nearestQueries(query: string, limit = 3): string[] {
    if (this.search(query, 1).length > 0) return [];
    const typed = queryWords(query);
    const titleWords = (this.titleWords ??= countWords([
      ...this.file.pages.map(([, title]) => title),
      ...this.file.entries.map((entry) => entry[3]),
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
    const found: string[] = [];
    // Each candidate is a search of its own: a bounded number of them.
    for (const candidate of near.slice(0, 40)) {
      if (found.length === limit) break;
      if (!found.includes(candidate.query) && this.search(candidate.query, 1).length > 0)
        found.push(candidate.query);
    }
    return found;
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
    const entry = this.file.entries[id];
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
      const partWeight = terms.length > 1 && this.vocabulary.has(word) ? 0.1 : 0.35;
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
    if (allowance === 0 || this.vocabulary.has(word)) return undefined;
    let best: string | undefined;
    let bestDistance = allowance + 1;
    let bestCount = 0;
    this.termCounts ??= new Map(
      this.postings.map(([term, fields]) => [
        term,
        Object.values(fields).reduce((sum, entries) => sum + Object.keys(entries).length, 0),
      ]),
    );
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
    if (word.length < 4 || this.vocabulary.has(word)) return [];
    const found: string[] = [];
    for (let at = 0; at + 1 < word.length; at++) {
      const swapped = `${word.slice(0, at)}${word[at + 1] ?? ''}${word[at] ?? ''}${word.slice(at + 2)}`;
      if (swapped !== word && this.vocabulary.has(swapped)) found.push(swapped);
    }
    return found;
  }

  private hit(id: number, score: number, words: string[]): SearchHit {
    const [, page, , title, section] = this.file.entries[id] ?? [0, 0, '', '', ''];
    const hash = this.hashes[id] ?? '';
    const [route, pageTitle] = this.file.pages[page] ?? ['/', ''];
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
    return kinds[this.file.entries[id]?.[0] ?? 0] ?? 'page';
  }

  /** The route of the entry's page. */
  private routeOf(id: number): string {
    return this.file.pages[this.file.entries[id]?.[1] ?? 0]?.[0] ?? '/';
  }

  /** What the entry is, for the facets (./facets.ts). */
  private contentKind(id: number): ContentKind {
    const marked = this.file.entries[id]?.[5];
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
