/**
 * The search index a build wrote (src/lib/search/indexFiles.ts): the engine over all of it, and
 * what a reader's first query downloads of it. Used by `npm run bench`, the build tests and the
 * browser tests that compare the dropdown with the engine.
 */
import {cpSync, mkdtempSync, readFileSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {buildSearchIndex, SearchEngine} from '../../src/lib/search/engine';
import {nameIndexInPages, siteEntries, writeIndexFiles} from '../../plugins/search/index';
import {withoutRepeats} from '../../plugins/search/extract';
import {loadSynonyms} from '../../plugins/search/synonyms';
import {
  partOf,
  partUrl,
  type DetailsPart,
  type PartKind,
  type PostingsPart,
  type SearchIndexHead,
} from '../../src/lib/search/indexFiles';

/** The head of the search index in `buildDir`: the file every page names. */
export function indexHeadFile(buildDir: string): string {
  const file = readdirSync(buildDir).find((name) => /^search-index-[0-9a-f]+\.json$/.test(name));
  if (!file) throw new Error(`no search index in ${buildDir}`);
  return file;
}

/** Reads the files of one built index, each once. */
class BuiltIndex {
  readonly head: SearchIndexHead;
  private readonly headFile: string;
  private readonly files = new Map<string, Buffer>();

  constructor(private readonly buildDir: string) {
    this.headFile = indexHeadFile(buildDir);
    this.head = JSON.parse(this.bytes(this.headFile).toString('utf8')) as SearchIndexHead;
  }

  bytes(file: string): Buffer {
    let bytes = this.files.get(file);
    if (!bytes) {
      bytes = readFileSync(path.join(this.buildDir, file));
      this.files.set(file, bytes);
    }
    return bytes;
  }

  partFile(kind: PartKind, part: number): string {
    return partUrl(this.headFile, kind, part);
  }

  get headFileName(): string {
    return this.headFile;
  }

  /** Adds parts of the index to an engine; returns their files. */
  addParts(engine: SearchEngine, kind: PartKind, parts: number[]): string[] {
    return parts.map((part) => {
      const file = this.partFile(kind, part);
      const content = JSON.parse(this.bytes(file).toString('utf8')) as PostingsPart | DetailsPart;
      if (kind === 'postings') engine.addPart('postings', part, content as PostingsPart);
      else engine.addPart('details', part, content as DetailsPart);
      return file;
    });
  }
}

/** The engine over the index in `buildDir`, with every part of it loaded. */
export function builtEngine(buildDir: string): SearchEngine {
  const index = new BuiltIndex(buildDir);
  const engine = new SearchEngine(index.head);
  index.addParts(engine, 'postings', [...index.head.parts.postings.keys()]);
  index.addParts(engine, 'details', [...index.head.parts.details.keys()]);
  return engine;
}

const gzipBytes = (bytes: Buffer): number => gzipSync(bytes, {level: 6}).length;

/** Raw and gzip bytes of every file of the index in `buildDir`, and of its head alone. */
export function indexBytes(buildDir: string): {raw: number; gzip: number; headGzip: number; files: number} {
  const index = new BuiltIndex(buildDir);
  const files = readdirSync(buildDir).filter((name) =>
    /^search-index-[0-9a-f]+(-[pd]\d+)?\.json$/.test(name),
  );
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    raw += index.bytes(file).length;
    gzip += gzipBytes(index.bytes(file));
  }
  return {raw, gzip, headGzip: gzipBytes(index.bytes(index.headFileName)), files: files.length};
}

/**
 * What a reader's first query downloads of the index in `buildDir` (gzip): the head, the postings
 * parts the query reads and the details parts of its first `limit` results, as
 * ../../src/lib/search/lazy.ts fetches them.
 */
export function firstQueryBytes(
  buildDir: string,
  queries: string[],
  limit = 8,
): {query: string; gzip: number; files: number}[] {
  const index = new BuiltIndex(buildDir);
  const headGzip = gzipBytes(index.bytes(index.headFileName));
  const partGzip = new Map<string, number>();
  const gzipOf = (file: string): number => {
    let bytes = partGzip.get(file);
    if (bytes === undefined) {
      bytes = gzipBytes(index.bytes(file));
      partGzip.set(file, bytes);
    }
    return bytes;
  };
  // A head alone says which postings parts a query reads; the whole index, which results it shows.
  const bare = new SearchEngine(index.head);
  const whole = builtEngine(buildDir);
  return queries.map((query) => {
    const files = [
      ...bare.missingParts('postings', query).map((part) => index.partFile('postings', part)),
      ...new Set(
        whole
          .rank(query, limit)
          .map(({id}) => index.partFile('details', partOf(index.head.parts.details, id))),
      ),
    ];
    return {
      query,
      gzip: files.reduce((sum, file) => sum + gzipOf(file), headGzip),
      files: files.length + 1,
    };
  });
}

/**
 * What each query answers on a page that has loaded nothing yet: a new engine over the head of the
 * index in `buildDir`, given the parts the query reads, as a reader's browser is. The urls of its
 * first `limit` results, to compare with the whole index's.
 */
export function firstQueryAnswers(buildDir: string, queries: string[], limit = 8): Map<string, string[]> {
  const index = new BuiltIndex(buildDir);
  return new Map(
    queries.map((query) => {
      const engine = new SearchEngine(index.head);
      index.addParts(engine, 'postings', engine.missingParts('postings', query));
      const ranked = engine.rank(query, limit);
      index.addParts(engine, 'details', engine.missingParts('details', ranked));
      return [query, engine.hits(ranked, query).map((hit) => hit.url)];
    }),
  );
}

/** Every route the built site in `buildDir` has a page for. */
function builtRoutes(buildDir: string): string[] {
  return readdirSync(buildDir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => {
      const file = path.relative(buildDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      return file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`;
    });
}

/**
 * A copy of the built site in `buildDir` whose search index holds its docs `times` times, as if the
 * docs tree were copied under /copy-2/, /copy-3/…: each copy's places are indexed as distinct pages
 * (an identical copy of a page would be kept once, as a repeat, and would measure nothing). The
 * copies use the site's words, so the head's list of terms does not grow with them as it would
 * with new pages. Every page names the new index. For `npm run bench` and the build tests: how
 * what a first query downloads, and how long it takes, grow with the docs. Returns its directory.
 */
export async function buildWithDocsTimes(siteDir: string, buildDir: string, times: number): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), `vultus-docs-x${String(times)}-`));
  cpSync(buildDir, dir, {recursive: true});
  const oldHead = indexHeadFile(dir);
  for (const file of readdirSync(dir).filter((name) => name.startsWith('search-index-')))
    rmSync(path.join(dir, file));
  const entries = await siteEntries(dir, builtRoutes(dir));
  const copies = Array.from({length: times}, (_, copy) =>
    withoutRepeats(
      entries.map((entry) => ({
        ...entry,
        url: copy === 0 ? entry.url : `/copy-${String(copy + 1)}${entry.url === '/' ? '' : entry.url}`,
      })),
    ),
  );
  const head = await writeIndexFiles(dir, buildSearchIndex(copies.flat(), loadSynonyms(siteDir)));
  await nameIndexInPages(dir, `/${oldHead}`, `/${head}`);
  return dir;
}
