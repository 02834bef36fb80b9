/**
 * The search worker: loads the index named by the page (see ./client.ts), and the parts of it
 * each query reads (./lazy.ts), and answers queries off the main thread.
 */
import * as Comlink from 'comlink';
import {LazySearch} from './lazy';
import {toSuggestion, type Suggestion} from './suggestions';
import type {SearchFilter} from './facets';

const searches = new Map<string, LazySearch>();

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`search index ${url}: HTTP ${response.status}`);
  return response.json();
}

async function search(url: string): Promise<LazySearch> {
  let loaded = searches.get(url);
  if (!loaded) {
    loaded = new LazySearch(url, fetchJson);
    searches.set(url, loaded);
  }
  try {
    await loaded.ready();
  } catch (error) {
    // A failed load is tried again on the next use, not remembered.
    searches.delete(url);
    throw error;
  }
  return loaded;
}

const api = {
  async load(url: string): Promise<void> {
    await search(url);
  },
  async search(url: string, query: string, limit: number, filter?: SearchFilter): Promise<Suggestion[]> {
    return (await (await search(url)).search(query, limit, filter)).map(toSuggestion);
  },
  async nearest(url: string, query: string): Promise<string[]> {
    return (await search(url)).nearest(query);
  },
};

export type SearchWorkerApi = typeof api;

Comlink.expose(api);
