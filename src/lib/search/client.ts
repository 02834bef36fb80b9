/**
 * The browser side of search, with the exports of the search plugin's `searchByWorker` module,
 * which it replaces for the navbar box and the /search page alike (plugins/search/index.ts).
 * The index file is named by a hash of its content; each page names the one it was built with
 * in `<meta name="vultus-search-index">`, so a page and its index always match.
 */
import * as Comlink from 'comlink';
import type {SearchWorkerApi} from './worker';
import type {Suggestion} from './suggestions';
import {indexMetaName} from './clientConstants';
import type {SearchFilter} from './facets';
import {indexGone, reloadOnce} from './reloadOnce';

let remote: Comlink.Remote<SearchWorkerApi> | undefined;

function worker(): Comlink.Remote<SearchWorkerApi> {
  remote ??= Comlink.wrap<SearchWorkerApi>(new Worker(new URL('./worker.ts', import.meta.url)));
  return remote;
}

/** The index this page was built with. */
export function indexUrl(): string {
  const url = document.querySelector<HTMLMetaElement>(`meta[name="${indexMetaName}"]`)?.content;
  if (!url) throw new Error('This page names no search index.');
  return url;
}

/** Loads the index (the plugin's arguments, base URL and search context, are not needed). */
export async function fetchIndexesByWorker(): Promise<void> {
  await worker().load(indexUrl());
}

/**
 * Called as the plugin's `searchByWorker(baseUrl, searchContext, input, limit)`; the search page
 * adds the filter of its facets (./facets.ts).
 */
export async function searchByWorker(
  ...args: [string, string, string, number] | [string, string, string, number, SearchFilter]
): Promise<Suggestion[]> {
  const [, , input, limit, filter] = args;
  try {
    return await worker().search(indexUrl(), input, limit, filter);
  } catch (error) {
    // A part of the index is gone (./reloadOnce.ts): the page reloads, and this search waits for it
    // rather than showing no results.
    if (indexGone(error) && reloadOnce()) return new Promise<never>(() => undefined);
    throw error;
  }
}

/** For a query that finds nothing, the nearest queries that find something (engine.ts). */
export async function nearestQueries(input: string): Promise<string[]> {
  try {
    return await worker().nearest(indexUrl(), input);
  } catch {
    // Nearest queries are an offer: without them, the reader still sees that nothing was found.
    return [];
  }
}
