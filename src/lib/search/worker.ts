/**
 * The search worker: loads the index named by the page (see ./client.ts) and answers queries
 * off the main thread.
 */
import * as Comlink from 'comlink';
import {SearchEngine, type SearchIndexFile} from './engine';
import {toSuggestion, type Suggestion} from './suggestions';
import type {SearchFilter} from './facets';

const engines = new Map<string, Promise<SearchEngine>>();

async function load(url: string): Promise<SearchEngine> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`search index ${url}: HTTP ${response.status}`);
  return new SearchEngine((await response.json()) as SearchIndexFile);
}

function engine(url: string): Promise<SearchEngine> {
  let loading = engines.get(url);
  if (!loading) {
    loading = load(url);
    // A failed load is tried again on the next use, not remembered.
    loading.catch(() => engines.delete(url));
    engines.set(url, loading);
  }
  return loading;
}

const api = {
  async load(url: string): Promise<void> {
    await engine(url);
  },
  async search(url: string, query: string, limit: number, filter?: SearchFilter): Promise<Suggestion[]> {
    return (await engine(url)).search(query, limit, filter).map(toSuggestion);
  },
  async nearest(url: string, query: string): Promise<string[]> {
    return (await engine(url)).nearestQueries(query);
  },
};

export type SearchWorkerApi = typeof api;

Comlink.expose(api);
