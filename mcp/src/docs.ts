/**
 * What the tools answer, from the site's own files (./site.ts): the pages listed in /llms.txt,
 * each page's Markdown version, the published contract (/openapi.yaml, with its catalogues of
 * error codes and decline reasons) and the search index the navbar box searches, with the same
 * engine (src/lib/search/engine.ts). A name that matches nothing is answered with the nearest
 * names the site has, never with an error of the code.
 */
import leven from 'leven';
import {parse as parseYaml, stringify as stringifyYaml} from 'yaml';
import type {SearchHit} from '../../src/lib/search/engine';
import {LazySearch} from '../../src/lib/search/lazy';
import {declineAnchor, errorAnchor, operationAnchor} from '../../src/lib/anchors';
import {indexMetaName} from '../../src/lib/search/clientConstants';
import type {SearchFilter} from '../../src/lib/search/facets';
import {markdownPath} from '../../src/lib/markdownPath';
import type {Site} from './site';
import type {DeclineReason, ErrorCode} from '../../plugins/vultus-contract/contract/contract';

/** A question the site cannot answer as asked: the message says why and what is near. */
export class NotFound extends Error {}

export interface Page {
  title: string;
  /** `/services/face-match`; `/` for the home page. */
  route: string;
  /** The group of /llms.txt it is listed under (General, Services, …). */
  section: string;
  description: string;
}

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  /** The docs page that documents it (`x-doc-page`). */
  page: string;
  operation: JsonObject;
  pathParameters: unknown;
}

/** A catalogue entry as the published contract writes it (its types are the site's own). */
export type ErrorCodeEntry = ErrorCode;
export type DeclineReasonEntry = DeclineReason;

/** The route of a page named by its route, its URL or its Markdown address, or its title. */
export function routeOf(name: string): string {
  let route = name.trim().replace(/^https?:\/\/[^/]+/i, '');
  route = route
    .replace(/[?#].*$/, '')
    .replace(/\.md$/i, '')
    .replace(/\/+$/, '');
  if (!route.startsWith('/')) route = `/${route}`;
  return route === '/index' ? '/' : route;
}

/** The names nearest to `wanted`, closest first, at most `count`. */
export function nearest(wanted: string, names: readonly string[], count = 5): string[] {
  const key = wanted.toLowerCase();
  return names
    .map((name) => {
      const lower = name.toLowerCase();
      // A name that holds the wanted one, or is held by it, is nearest; `/` is held by every route.
      const contains = lower.length > 2 && (lower.includes(key) || key.includes(lower)) ? 0 : 1;
      return {name, contains, distance: leven(key, lower)};
    })
    .sort((a, b) => a.contains - b.contains || a.distance - b.distance || a.name.localeCompare(b.name))
    .slice(0, count)
    .map(({name}) => name);
}

/** `load`, run on the first call and kept; a load that fails runs again on the next call. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (!loading) {
      const started = load();
      started.catch(() => {
        if (loading === started) loading = undefined;
      });
      loading = started;
    }
    return loading;
  };
}

/** The part of a Markdown page from the heading at `start` to the next heading of its level or above. */
function sectionAt(lines: readonly string[], start: number): string {
  const level = /^(#+)/.exec(lines[start] ?? '')?.[1]?.length ?? 1;
  let fence: string | undefined;
  let end = lines.length;
  for (let index = start + 1; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) {
      fence = fence ? undefined : marker;
      continue;
    }
    if (fence) continue;
    const heading = /^(#{1,6})\s/.exec(line);
    if (heading && (heading[1]?.length ?? 7) <= level) {
      end = index;
      break;
    }
  }
  return lines.slice(start, end).join('\n').trim();
}

export class Docs {
  constructor(readonly site: Site) {}

  /** A page's address on the site. */
  url(route: string, anchor = ''): string {
    return `${this.site.baseUrl}${route}${anchor ? `#${anchor}` : ''}`;
  }

  /** A page's Markdown version's address. */
  markdownUrl(route: string): string {
    return `${this.site.baseUrl}${markdownPath(route)}`;
  }

  private async required(file: string): Promise<string> {
    const text = await this.site.read(file);
    if (text === undefined) throw new NotFound(`The site at ${this.site.baseUrl} has no ${file}.`);
    return text;
  }

  /** Every docs page, in the order of /llms.txt. */
  readonly pages = once(() =>
    this.required('/llms.txt').then((text) => {
      const pages: Page[] = [];
      let section = '';
      for (const line of text.split('\n')) {
        const heading = /^## (.+)$/.exec(line);
        if (heading) section = heading[1]?.trim() ?? '';
        // A page's entry: `- [Title](https://…/route.md): what it covers`.
        const item = /^- \[(.+?)\]\((\S+?\.md)\): (.*)$/.exec(line);
        if (item) {
          pages.push({
            title: item[1] ?? '',
            route: routeOf(item[2] ?? ''),
            section,
            description: item[3] ?? '',
          });
        }
      }
      return pages;
    }),
  );

  /** The page named by its route, URL, Markdown address or title. */
  async page(name: string): Promise<{page: Page; markdown: string}> {
    const pages = await this.pages();
    const route = routeOf(name);
    const page =
      pages.find((candidate) => candidate.route === route) ??
      pages.find((candidate) => candidate.title.toLowerCase() === name.trim().toLowerCase());
    if (!page) {
      const near = nearest(name.trim(), [...pages.map((p) => p.route), ...pages.map((p) => p.title)]);
      const routes = [...new Set(near.map((n) => pages.find((p) => p.title === n)?.route ?? n))];
      throw new NotFound(
        `No page "${name}". Nearest pages: ${routes.join(', ')}. list_pages lists every page.`,
      );
    }
    return {page, markdown: await this.required(markdownPath(page.route))};
  }

  private readonly contract = once(() =>
    this.required('/openapi.yaml').then((text) => {
      const parsed: unknown = parseYaml(text);
      if (!isObject(parsed))
        throw new NotFound(`${this.site.baseUrl}/openapi.yaml is not an OpenAPI document.`);
      return parsed;
    }),
  );

  /** Every operation of the contract (webhooks aside). */
  async operations(): Promise<Operation[]> {
    const contract = await this.contract();
    const operations: Operation[] = [];
    for (const [path, item] of Object.entries(isObject(contract.paths) ? contract.paths : {})) {
      if (!isObject(item)) continue;
      for (const method of methods) {
        const operation = item[method];
        if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
        operations.push({
          operationId: operation.operationId,
          method: method.toUpperCase(),
          path,
          summary: typeof operation.summary === 'string' ? operation.summary : '',
          page: typeof operation['x-doc-page'] === 'string' ? operation['x-doc-page'] : '',
          operation,
          pathParameters: item.parameters,
        });
      }
    }
    return operations;
  }

  /**
   * An operation by its operationId (`matchFaces`) or as `METHOD /path` (`POST /face/match`; the
   * path may start with the API's base URL or `/v1`, and name a parameter's value).
   */
  async operation(name: string): Promise<Operation> {
    const operations = await this.operations();
    const wanted = name.trim();
    const byId = operations.find((op) => op.operationId.toLowerCase() === wanted.toLowerCase());
    if (byId) return byId;
    const call = /^([a-z]+)\s+(\S+)$/i.exec(wanted);
    if (call) {
      const method = call[1]?.toUpperCase();
      const path = (call[2] ?? '')
        .replace(/^https?:\/\/[^/]+/i, '')
        .replace(/^\/v1(?=\/)/, '')
        .replace(/[?#].*$/, '');
      const found = operations.find((op) => {
        if (op.method !== method) return false;
        const template = new RegExp(
          `^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}/?$`,
        );
        return template.test(path);
      });
      if (found) return found;
    }
    const names = [
      ...operations.map((op) => op.operationId),
      ...operations.map((op) => `${op.method} ${op.path}`),
    ];
    throw new NotFound(
      `No operation "${name}". Nearest: ${nearest(wanted, names).join(', ')}. Name an operation by its operationId or as METHOD /path.`,
    );
  }

  /** The operation's reference as its page's Markdown version writes it. */
  async operationMarkdown(operation: Operation): Promise<string> {
    if (!operation.page) return '';
    const {markdown} = await this.page(operation.page);
    const lines = markdown.split('\n');
    const endpoint = new RegExp(
      `^\`${operation.method} \\S*${operation.path.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')}\``,
    );
    for (let index = 0; index < lines.length; index += 1) {
      if (!/^#{2,6} /.test(lines[index] ?? '')) continue;
      const next = lines.slice(index + 1, index + 4).find((line) => line.trim() !== '');
      if (next && endpoint.test(next.trim())) return sectionAt(lines, index);
    }
    return '';
  }

  /** The operation as the contract writes it, with the components it refers to, as YAML. */
  async operationContract(operation: Operation): Promise<string> {
    const contract = await this.contract();
    const components = isObject(contract.components) ? contract.components : {};
    const wanted = new Map<string, Set<string>>();
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(visit);
      if (!isObject(value)) return;
      const ref = value.$ref;
      if (typeof ref === 'string') {
        const [, kind, componentName] = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref) ?? [];
        if (kind && componentName && !wanted.get(kind)?.has(componentName)) {
          if (!wanted.has(kind)) wanted.set(kind, new Set());
          wanted.get(kind)?.add(componentName);
          const group = components[kind];
          visit(isObject(group) ? group[componentName] : undefined);
        }
      }
      Object.values(value).forEach(visit);
    };
    visit(operation.operation);
    visit(operation.pathParameters);
    const slice: JsonObject = {
      paths: {
        [operation.path]: {
          ...(operation.pathParameters === undefined ? {} : {parameters: operation.pathParameters}),
          [operation.method.toLowerCase()]: operation.operation,
        },
      },
    };
    if (wanted.size > 0) {
      slice.components = Object.fromEntries(
        [...wanted]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([kind, names]) => {
            const group = components[kind];
            return [
              kind,
              Object.fromEntries([...names].sort().map((n) => [n, isObject(group) ? group[n] : undefined])),
            ];
          }),
      );
    }
    return stringifyYaml(slice, {lineWidth: 0});
  }

  /** The address of an operation's reference. */
  operationUrl(operation: Operation): string {
    return this.url(operation.page, operationAnchor(operation.operationId));
  }

  /** An error code (`rate_limited`) or a decline reason (`FACE.NO_FACE`), from the contract's catalogues. */
  async code(
    name: string,
  ): Promise<
    | {kind: 'error code'; entry: ErrorCodeEntry; url: string}
    | {kind: 'decline reason'; entry: DeclineReasonEntry; url: string}
  > {
    const contract = await this.contract();
    const errors = (
      Array.isArray(contract['x-error-codes']) ? contract['x-error-codes'] : []
    ) as ErrorCodeEntry[];
    const declines = (
      Array.isArray(contract['x-decline-reasons']) ? contract['x-decline-reasons'] : []
    ) as DeclineReasonEntry[];
    const wanted = name
      .trim()
      .replace(/^\d{3}\s+/, '')
      .toLowerCase();
    const error = errors.find((entry) => entry.code.toLowerCase() === wanted);
    if (error)
      return {kind: 'error code', entry: error, url: this.url('/responses', errorAnchor(error.code))};
    const decline = declines.find((entry) => entry.code.toLowerCase() === wanted);
    if (decline)
      return {
        kind: 'decline reason',
        entry: decline,
        url: this.url('/decline-reasons', declineAnchor(decline.code)),
      };
    const names = [...errors.map((entry) => entry.code), ...declines.map((entry) => entry.code)];
    throw new NotFound(
      `No error code or decline reason "${name}". Nearest: ${nearest(name.trim(), names).join(', ')}.`,
    );
  }

  /** The search over the index every page names, as the navbar box loads it. */
  private engine = once(() => this.loadEngine());

  private async loadEngine(): Promise<LazySearch> {
    const home = await this.required('/index.html');
    const indexPath = new RegExp(`<meta name="?${indexMetaName}"? content="?([^"\\s>]+)`).exec(home)?.[1];
    if (!indexPath) throw new NotFound(`${this.site.baseUrl}/ names no search index.`);
    // The parts each query reads are fetched as the browser fetches them.
    const search = new LazySearch(indexPath.replace(/^https?:\/\/[^/]+/i, ''), async (url) =>
      JSON.parse(await this.required(url)),
    );
    await search.ready();
    return search;
  }

  /**
   * `use` on the search; when a part of the index is gone (a deploy replaced the index since the
   * server read the home page), once more on the index the home page names now.
   */
  private async searching<T>(use: (search: LazySearch) => Promise<T>): Promise<T> {
    try {
      return await use(await this.engine());
    } catch (error) {
      if (!(error instanceof NotFound)) throw error;
      this.site.forget('/index.html');
      this.engine = once(() => this.loadEngine());
      return use(await this.engine());
    }
  }

  /** What the navbar's search box finds for `query`, best first. */
  /** The site search's best places, of the kind and deployment `filter` names, if any. */
  async search(query: string, limit: number, filter: SearchFilter = {}): Promise<SearchHit[]> {
    return this.searching((search) => search.search(query, limit, filter));
  }

  /** For a query that finds nothing, the nearest queries that find something, as the box offers them. */
  async nearest(query: string): Promise<string[]> {
    return this.searching((search) => search.nearest(query));
  }
}
