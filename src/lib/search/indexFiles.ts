/**
 * The search index as the build writes it and the browser loads it: a head and parts, so that a
 * query downloads what it reads and no more, however large the docs grow.
 *
 * - The head (`search-index-<hash>.json`) holds what every query needs: the pages, each entry's
 *   kind, page and title (ranking and facets), every indexed term with the number of entries that
 *   hold it (typo correction, prefixes), the field lengths and the synonyms.
 * - A postings part (`search-index-<hash>-p<n>.json`) holds the postings of a run of terms, in the
 *   index's own order, so a prefix (`liven`) reads one or two parts.
 * - A details part (`search-index-<hash>-d<n>.json`) holds where a run of entries lands (hash) and
 *   the headings above them, read only for the results shown.
 *
 * `<hash>` is a hash of the head and every part, so a page and the parts it reads always match.
 */
import type {AsPlainObject} from 'minisearch';

/**
 * `row`: a row of a table that defines things (codes, keys, options, browsers), or a list item
 * that defines an identifier; `field`: a row of the API reference's parameter, field and status
 * tables; `shared-field`: such a row that several operations repeat word for word.
 */
export type EntryKind = 'page' | 'section' | 'row' | 'field' | 'shared-field';

/** The kinds in the order the index numbers them. */
export const kinds: EntryKind[] = ['page', 'section', 'row', 'field', 'shared-field'];

/**
 * MiniSearch's serialized index without what the entries' positions already say: the map of
 * document ids (each entry's id is its position) and the field lengths keyed by id (a list
 * here). About 24 KB gzip less to download. Each term's postings are stored as one string per
 * field (`storedPostings`): 80 KB gzip less than MiniSearch's objects.
 */
export type StoredIndex = Omit<AsPlainObject, 'documentIds' | 'fieldLength' | 'index'> & {
  fieldLength: number[][];
  index: [string, string[]][];
};

/** MiniSearch's postings of one term: entry ids and counts by field id. */
export type Postings = AsPlainObject['index'][number][1];

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

/**
 * What `storedPostings` wrote, into a term's postings as MiniSearch holds them once loaded: a map
 * from field id to a map from entry id to count.
 */
export function postingsInto(data: Map<number, Map<number, number>>, stored: readonly string[]): void {
  stored.forEach((field, fieldId) => {
    if (field === '') return;
    const counts = new Map<number, number>();
    let id = 0;
    for (const posting of field.split(' ')) {
      const star = posting.indexOf('*');
      id += parseInt(star < 0 ? posting : posting.slice(0, star), 36);
      counts.set(id, star < 0 ? 1 : parseInt(posting.slice(star + 1), 36));
    }
    data.set(fieldId, counts);
  });
}

/** The whole index, as the build makes it (engine.ts, `buildSearchIndex`) before it is split. */
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

/** Whether entries of a kind (its position in `kinds`) start a run of rows that continue their hash. */
export function isHeadingKind(kind: number): boolean {
  return kinds[kind] === 'page' || kinds[kind] === 'section';
}

/** About how many characters of postings a part holds (about 2 KB gzip). */
const postingsPartChars = 6_000;
/** How many entries a details part holds (about 2 KB gzip). */
const detailsPartEntries = 250;

/** [kind, page, title] of an entry, and the position of its marked kind when it has one. */
export type HeadEntry = [number, number, string] | [number, number, string, number];

export interface SearchIndexHead {
  version: 5;
  /** [route, title] of each page. */
  pages: [string, string][];
  /** Each entry's kind, page and title (and marked kind); its position is its id. */
  entries: HeadEntry[];
  /** The ids of the deprecated entries, when there are any. */
  deprecated?: number[];
  /** Groups of words and phrases that are searched for each other. */
  synonyms: string[][];
  /** MiniSearch's index without its postings: every term, and how many entries hold each. */
  index: Omit<StoredIndex, 'index'> & {terms: string[]; counts: number[]};
  /** Where each part starts: its first term (postings) and its first entry (details). */
  parts: {postings: number[]; details: number[]};
}

/** The stored postings (`storedPostings`) of each term of a run, in the index's order. */
export type PostingsPart = string[][];
/**
 * [hash, section] of each entry of a run. A hash that continues the hash of the heading above it
 * in the same part is written as the rest after a `~`, as in the whole index.
 */
export type DetailsPart = [string, string][];

export interface SplitIndex {
  head: SearchIndexHead;
  postings: PostingsPart[];
  details: DetailsPart[];
}

export type PartKind = 'postings' | 'details';

/** The file of a part, beside its head: `search-index-1a2b.json` → `search-index-1a2b-p3.json`. */
export function partUrl(headUrl: string, kind: PartKind, part: number): string {
  return headUrl.replace(/\.json$/, `-${kind === 'postings' ? 'p' : 'd'}${String(part)}.json`);
}

/** The part of `kind` that holds item `at` (a term's position, or an entry's id). */
export function partOf(starts: readonly number[], at: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((starts[middle] ?? 0) <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

const isNumbers = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'number');

/** Whether `starts` are the starts of parts that cover `count` items: 0 first, then rising, each within. */
const coversAll = (starts: number[], count: number): boolean =>
  (count === 0 ? starts.length === 0 : starts[0] === 0) &&
  starts.every((start, at) => start < count && (at === 0 || start > (starts[at - 1] ?? 0)));

const isEntry = (entry: unknown): boolean =>
  Array.isArray(entry) &&
  (entry.length === 3 || entry.length === 4) &&
  typeof entry[0] === 'number' &&
  typeof entry[1] === 'number' &&
  typeof entry[2] === 'string' &&
  (entry.length === 3 || typeof entry[3] === 'number');

/**
 * What is wrong with a head as fetched; undefined when it has the shape of a `SearchIndexHead`, its
 * parts cover every term and every entry, and its lists hold what the engine reads of them (a part
 * is checked against the head as it arrives, `partProblem`). An index of another version, left in
 * a cache by an earlier deploy, is named as such.
 */
export function headProblem(content: unknown): string | undefined {
  if (typeof content !== 'object' || content === null) return 'is not an object';
  const head = content as Partial<Record<keyof SearchIndexHead, unknown>>;
  if (head.version !== 5) return `is version ${String(head.version)}; this page reads version 5`;
  if (!Array.isArray(head.pages) || !head.pages.every((page) => isStrings(page) && page.length === 2))
    return 'has no list of [route, title] pages';
  if (!Array.isArray(head.entries) || !head.entries.every(isEntry)) return 'has no list of entries';
  if (!Array.isArray(head.synonyms) || !head.synonyms.every(isStrings))
    return 'has no list of synonym groups';
  if (head.deprecated !== undefined && !isNumbers(head.deprecated))
    return 'has a list of deprecated entries that is not one';
  const index = head.index as Partial<Record<string, unknown>> | undefined;
  if (!isStrings(index?.terms) || !isNumbers(index.counts) || !Array.isArray(index.fieldLength))
    return 'has no terms, counts and field lengths';
  const parts = head.parts as Partial<Record<PartKind, unknown>> | undefined;
  if (!isNumbers(parts?.postings) || !isNumbers(parts.details)) return 'names no parts';
  if (!coversAll(parts.postings, index.terms.length)) return 'has postings parts that do not cover its terms';
  if (!coversAll(parts.details, head.entries.length))
    return 'has details parts that do not cover its entries';
  return undefined;
}

/** The head fetched from `url`, or an error that names the file and what is wrong with it (`headProblem`). */
export function checkedHead(url: string, content: unknown): SearchIndexHead {
  const problem = headProblem(content);
  if (problem !== undefined) throw new Error(`search index ${url} ${problem}`);
  return content as SearchIndexHead;
}

/** How many terms (postings) or entries (details) part `part` of the head holds. */
export function partLength(head: SearchIndexHead, kind: PartKind, part: number): number {
  const starts = head.parts[kind];
  const start = starts[part];
  if (start === undefined) return 0;
  const end = starts[part + 1] ?? (kind === 'postings' ? head.index.terms.length : head.entries.length);
  return end - start;
}

/** One field of a term's stored postings (`storedPostings`): base-36 deltas, each with an optional `*count`. */
const storedField = /^(?:[0-9a-z]+(?:\*[0-9a-z]+)?(?: [0-9a-z]+(?:\*[0-9a-z]+)?)*)?$/;

/**
 * What is wrong with a part as fetched, for a part of `length` items (`partLength`); undefined
 * when it has the shape of a `PostingsPart` or a `DetailsPart` of that length. A part cut short or
 * from another index is refused rather than read into the wrong terms or entries.
 */
export function partProblem(kind: PartKind, content: unknown, length: number): string | undefined {
  const count = (items: number): string =>
    kind === 'postings'
      ? `${String(items)} term${items === 1 ? '' : 's'}`
      : `${String(items)} entr${items === 1 ? 'y' : 'ies'}`;
  if (!Array.isArray(content)) return 'is not a list';
  if (content.length !== length) return `holds ${count(content.length)}, the head names ${String(length)}`;
  const bad = content.findIndex((item) =>
    kind === 'postings'
      ? !isStrings(item) || !item.every((field) => storedField.test(field))
      : !isStrings(item) || item.length !== 2,
  );
  if (bad >= 0)
    return `item ${String(bad)} is not ${kind === 'postings' ? "a term's postings" : 'an [anchor, section] pair'}`;
  return undefined;
}

/** Whether `content` is a part of `kind` of `length` items (`partProblem`). */
export function isPart(kind: 'postings', content: unknown, length: number): content is PostingsPart;
export function isPart(kind: 'details', content: unknown, length: number): content is DetailsPart;
export function isPart(kind: PartKind, content: unknown, length: number): boolean {
  return partProblem(kind, content, length) === undefined;
}

/** How many entries a term's stored postings name, over its fields. */
function postingsCount(stored: readonly string[]): number {
  return stored.reduce((sum, field) => sum + (field === '' ? 0 : field.split(' ').length), 0);
}

/** The hashes of some entries with `~` for a row under its heading, as they are stored. */
export function storedHashes(kinds: readonly boolean[], hashes: readonly string[]): string[] {
  let heading = '';
  return hashes.map((hash, at) => {
    if (kinds[at]) {
      heading = hash;
      return hash;
    }
    return heading !== '' && hash.startsWith(`${heading}-`) ? `~${hash.slice(heading.length + 1)}` : hash;
  });
}

/** The hashes written out: a `~rest` continues the heading above it. */
export function writtenHashes(kinds: readonly boolean[], stored: readonly string[]): string[] {
  let heading = '';
  return stored.map((hash, at) => {
    if (kinds[at]) heading = hash;
    return hash.startsWith('~') ? `${heading}-${hash.slice(1)}` : hash;
  });
}

/** The index split into its head and parts (of the sizes given, or the site's). */
export function splitSearchIndex(
  file: SearchIndexFile,
  sizes: {postingsChars: number; detailsEntries: number} = {
    postingsChars: postingsPartChars,
    detailsEntries: detailsPartEntries,
  },
): SplitIndex {
  const {index: stored, ...meta} = file.index;
  const postingsStarts: number[] = [];
  const postings: PostingsPart[] = [];
  let chars = Infinity;
  stored.forEach(([, fields], at) => {
    if (chars >= sizes.postingsChars) {
      postingsStarts.push(at);
      postings.push([]);
      chars = 0;
    }
    postings.at(-1)?.push(fields);
    chars += JSON.stringify(fields).length;
  });
  const headings = file.entries.map(([kind]) => isHeadingKind(kind));
  const hashes = writtenHashes(
    headings,
    file.entries.map(([, , hash]) => hash),
  );
  const detailsStarts: number[] = [];
  const details: DetailsPart[] = [];
  for (let start = 0; start < file.entries.length; start += sizes.detailsEntries) {
    const end = Math.min(file.entries.length, start + sizes.detailsEntries);
    const partHashes = storedHashes(headings.slice(start, end), hashes.slice(start, end));
    detailsStarts.push(start);
    details.push(
      file.entries.slice(start, end).map(([, , , , section], at) => [partHashes[at] ?? '', section]),
    );
  }
  const entries = file.entries.map(([kind, page, , title, , marked]): HeadEntry =>
    marked === undefined ? [kind, page, title] : [kind, page, title, marked],
  );
  return {
    head: {
      version: 5,
      pages: file.pages,
      entries,
      ...(file.deprecated ? {deprecated: file.deprecated} : {}),
      synonyms: file.synonyms,
      index: {
        ...meta,
        terms: stored.map(([term]) => term),
        counts: stored.map(([, fields]) => postingsCount(fields)),
      },
      parts: {postings: postingsStarts, details: detailsStarts},
    },
    postings,
    details,
  };
}
