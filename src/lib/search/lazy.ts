/**
 * The search as a reader's browser (./worker.ts) and the MCP server run it: from the index's head,
 * fetching each part (./indexFiles.ts) the first time a query reads it. Answers are the whole
 * index's: a query runs only once every part it reads is loaded.
 */
import {SearchEngine, type SearchHit} from './engine';
import {checkedHead, partUrl, type PartKind} from './indexFiles';
import type {SearchFilter} from './facets';

/** Fetches and parses a JSON file of the site by its URL. */
export type FetchJson = (url: string) => Promise<unknown>;

export class LazySearch {
  private readonly engine: Promise<SearchEngine>;
  /** The parts fetched or being fetched, by URL; a failed fetch is tried again at the next query. */
  private readonly parts = new Map<string, Promise<void>>();

  constructor(
    private readonly headUrl: string,
    private readonly fetchJson: FetchJson,
  ) {
    this.engine = fetchJson(headUrl).then((content) => {
      const head = checkedHead(headUrl, content);
      try {
        return new SearchEngine(head);
      } catch (error) {
        // What the shape check does not look into (MiniSearch's own fields), named by the file.
        throw new Error(`search index ${headUrl}: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  }

  /** Resolves once the head is loaded. */
  async ready(): Promise<void> {
    await this.engine;
  }

  /** What `SearchEngine.search` answers, once the parts it reads are loaded. */
  async search(query: string, limit = 8, filter: SearchFilter = {}): Promise<SearchHit[]> {
    const engine = await this.engine;
    await this.load(engine, 'postings', engine.missingParts('postings', query));
    const ranked = engine.rank(query, limit, filter);
    await this.load(engine, 'details', engine.missingParts('details', ranked));
    return engine.hits(ranked, query);
  }

  /**
   * What `SearchEngine.nearestQueries` answers, loading the parts the candidates read: as many
   * candidates at a time as nearest queries are still wanted, fetched together and tried in order.
   */
  async nearest(query: string, limit = 3): Promise<string[]> {
    const engine = await this.engine;
    await this.load(engine, 'postings', engine.missingParts('postings', query));
    if (engine.rank(query, 1).length > 0) return [];
    const candidates = engine.nearestCandidates(query);
    const found: string[] = [];
    for (let at = 0; at < candidates.length && found.length < limit;) {
      const batch = candidates.slice(at, at + limit - found.length);
      at += batch.length;
      const parts = new Set(batch.flatMap((candidate) => engine.missingParts('postings', candidate)));
      await this.load(engine, 'postings', [...parts]);
      for (const candidate of batch)
        if (found.length < limit && engine.rank(candidate, 1).length > 0) found.push(candidate);
    }
    return found;
  }

  private async load(engine: SearchEngine, kind: PartKind, parts: number[]): Promise<void> {
    await Promise.all(
      parts.map((part) => {
        const url = partUrl(this.headUrl, kind, part);
        let loading = this.parts.get(url);
        if (!loading) {
          loading = this.fetchJson(url).then((content) => engine.addPart(kind, part, content));
          loading.catch(() => this.parts.delete(url));
          this.parts.set(url, loading);
        }
        return loading;
      }),
    );
  }
}
