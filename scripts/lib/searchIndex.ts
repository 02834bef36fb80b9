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
import {checkedHead, partUrl, type SearchIndexHead} from '../../src/lib/search/indexFiles';
import {LazySearch} from '../../src/lib/search/lazy';

/** The head of the search index in `buildDir`: the file every page names. */
export function indexHeadFile(buildDir: string): string {
  const file = readdirSync(buildDir).find((name) => /^search-index-[0-9a-f]+\.json$/.test(name));
  if (!file) throw new Error(`no search index in ${buildDir}`);
  return file;
}

/** Reads the files of one built index, each once, and gzips each once. */
class BuiltIndex {
  readonly headFile: string;
  private readonly files = new Map<string, Buffer>();
  private readonly parsed = new Map<string, unknown>();
  private readonly gzipped = new Map<string, number>();

  constructor(private readonly buildDir: string) {
    this.headFile = indexHeadFile(buildDir);
  }

  /** The head, checked as a reader's page checks it. */
  get head(): SearchIndexHead {
    return checkedHead(this.headFile, this.json(this.headFile));
  }

  bytes(file: string): Buffer {
    let bytes = this.files.get(file);
    if (!bytes) {
      bytes = readFileSync(path.join(this.buildDir, file));
      this.files.set(file, bytes);
    }
    return bytes;
  }

  /** A file's size gzipped (level 6, as the bench and the budgets count it). */
  gzip(file: string): number {
    let bytes = this.gzipped.get(file);
    if (bytes === undefined) {
      bytes = gzipSync(this.bytes(file), {level: 6}).length;
      this.gzipped.set(file, bytes);
    }
    return bytes;
  }

  /** A file parsed, once (the engine reads what it is given and changes none of it). */
  json(file: string): unknown {
    if (!this.parsed.has(file)) this.parsed.set(file, JSON.parse(this.bytes(file).toString('utf8')));
    return this.parsed.get(file);
  }

  /**
   * A reader's page that has loaded nothing yet (../../src/lib/search/lazy.ts), fetching from this
   * build; `fetched` lists the files it fetches, the head first.
   */
  freshPage(fetched: string[] = []): LazySearch {
    return new LazySearch(this.headFile, async (file) => {
      fetched.push(file);
      return this.json(file);
    });
  }
}

/** The engine over the index in `buildDir`, with every part of it loaded. */
export function builtEngine(buildDir: string): SearchEngine {
  const index = new BuiltIndex(buildDir);
  const {head} = index;
  const engine = new SearchEngine(head);
  for (const kind of ['postings', 'details'] as const)
    head.parts[kind].forEach((_, part) =>
      engine.addPart(kind, part, index.json(partUrl(index.headFile, kind, part))),
    );
  return engine;
}

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
    gzip += index.gzip(file);
  }
  return {raw, gzip, headGzip: index.gzip(index.headFile), files: files.length};
}

/**
 * What each query answers, and what it downloads (gzip, and in how many files), on a reader's page
 * of the site in `buildDir` that has loaded nothing yet: the search the browser's worker runs
 * (../../src/lib/search/lazy.ts), on a new page for each query, over the files of this build. The
 * urls of its first `limit` results, to compare with the whole index's.
 */
export async function firstQueries(
  buildDir: string,
  queries: string[],
  limit = 8,
): Promise<{query: string; urls: string[]; gzip: number; files: number}[]> {
  const index = new BuiltIndex(buildDir);
  const answers = [];
  for (const query of queries) {
    const fetched: string[] = [];
    const hits = await index.freshPage(fetched).search(query, limit);
    const gzip = fetched.reduce((sum, file) => sum + index.gzip(file), 0);
    answers.push({query, urls: hits.map((hit) => hit.url), gzip, files: fetched.length});
  }
  return answers;
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
