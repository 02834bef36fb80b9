/**
 * A broken link or anchor in a docs page, named where the writer wrote it. Docusaurus checks
 * every link after the build too, but names only the route of the page that holds it ("Broken
 * link on source page path = /auth"); this check runs first, in the plugin's postBuild, on the
 * Markdown the pages are rendered from, and names the file and the line: the page's own line, the
 * `::include` line for a link of a partial, the directive's line for a link a directive renders.
 * Docusaurus's check stays behind it for what it does not see (links in JSX, the blog).
 *
 * A link resolves as Docusaurus resolves it: `./auth.md#x` to the route of docs/auth.md, `/auth`
 * and `../auth` to a route, `#x` to the page itself, `pathname:///openapi.yaml` to a file of the
 * build. An anchor must be an `id` of the target page's built HTML.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {Parser} from 'htmlparser2';
import {parseURLPath} from '@docusaurus/utils';
import {didYouMean} from './errors';

/** A link of a page, with the line of the page it was written on (none for a node without one). */
export type PageLink = {url: string; line?: number};

/**
 * A docs file's links: `file` is docs-relative (`services/face-match.md`); `route` is where a docs
 * file that is no page is published (the agent files, ./outputs/agents.ts).
 */
export type LinkingPage = {file: string; links: PageLink[]; route?: string};

/** What the build made: the routes and the files of the build directory. */
export type BuiltSite = {
  /** The route of each docs page, by its docs-relative file. */
  routeOfFile: ReadonlyMap<string, string>;
  /** Every route of the site. */
  routes: readonly string[];
  /** The build directory. */
  outDir: string;
  /** Files of the site that are written after the check (`/auth.md`, `/llms.txt`). */
  toBeWritten?: ReadonlySet<string>;
};

const external = /^(?!pathname:)[a-z][a-z\d+.-]*:/i;

/**
 * The docs file a link of the docs page `pageFile` names, as Docusaurus resolves a relative
 * Markdown link (`../auth.md` from `services/face-match.md` is `auth.md`); undefined for a link
 * that is no relative Markdown file link (a route, a URL, an anchor). Both docs-relative.
 */
export function linkedDocsFile(pageFile: string, target: string): string | undefined {
  if (!/\.mdx?$/.test(target) || target.startsWith('/')) return undefined;
  return path.posix.normalize(path.posix.join(path.posix.dirname(pageFile), target));
}

const withoutTrailingSlash = (pathname: string): string =>
  pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;

/** The ids of a built HTML page: the anchors a link into it can use. */
function idsOfPage(outDir: string, route: string): Set<string> | undefined {
  const base = path.join(outDir, route);
  const file = [`${base}.html`, path.join(base, 'index.html')].find((candidate) => existsSync(candidate));
  if (!file) return undefined;
  const ids = new Set<string>();
  const parser = new Parser({
    onopentag(_name, attributes) {
      if (attributes.id) ids.add(attributes.id);
    },
  });
  parser.end(readFileSync(file, 'utf8'));
  return ids;
}

/**
 * Every broken link and anchor of the pages, each as `docs/<file>:<line>: …`, in page order; an
 * empty list when every link reaches a page and every anchor an element of it.
 */
export function brokenLinks(pages: readonly LinkingPage[], site: BuiltSite): string[] {
  const routes = new Set(site.routes.map(withoutTrailingSlash));
  const anchors = new Map<string, Set<string> | undefined>();
  const anchorsOf = (route: string): Set<string> | undefined => {
    if (!anchors.has(route)) anchors.set(route, idsOfPage(site.outDir, route));
    return anchors.get(route);
  };
  const docsRoutes = [...site.routeOfFile.values()];
  const fileOfSite = (pathname: string): boolean =>
    site.toBeWritten?.has(pathname) === true || existsSync(path.join(site.outDir, pathname));
  /** Why a link of the page at `pageRoute` reaches nothing, or undefined when it reaches its page and anchor. */
  function problemOf(url: string, page: LinkingPage, pageRoute: string): string | undefined {
    if (external.test(url)) return undefined;
    if (url.startsWith('pathname://')) {
      const pathname = url.slice('pathname://'.length);
      return fileOfSite(pathname) ? undefined : `the build has no file ${pathname}`;
    }
    const hashAt = url.indexOf('#');
    const target = hashAt < 0 ? url : url.slice(0, hashAt);
    const hash = hashAt < 0 ? '' : decodeURIComponent(url.slice(hashAt + 1));
    let route = pageRoute;
    const file = linkedDocsFile(page.file, target);
    if (file !== undefined) {
      const found = site.routeOfFile.get(file);
      if (found === undefined)
        return `there is no page docs/${file}${didYouMean(file, site.routeOfFile.keys(), (name) => `docs/${name}`)}`;
      route = found;
    } else if (target !== '') {
      const pathname = withoutTrailingSlash(decodeURI(parseURLPath(target, pageRoute).pathname));
      if (!routes.has(pathname)) {
        if (fileOfSite(pathname)) return undefined;
        return `no page has the address ${pathname}${didYouMean(pathname, docsRoutes)}`;
      }
      route = pathname;
    }
    if (hash === '') return undefined;
    const ids = anchorsOf(route);
    if (!ids || ids.has(hash)) return undefined;
    return `the page ${route} has no anchor #${hash}${didYouMean(hash, ids, (id) => `#${id}`)}`;
  }
  const messages: string[] = [];
  for (const page of pages) {
    const pageRoute = site.routeOfFile.get(page.file) ?? page.route;
    if (pageRoute === undefined) continue;
    for (const {url, line} of page.links) {
      const problem = problemOf(url, page, pageRoute);
      if (problem) messages.push(`docs/${page.file}:${line ?? '?'}: broken link ${url}: ${problem}`);
    }
  }
  return messages;
}
