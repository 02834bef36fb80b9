/**
 * A deploy of build/ on Netlify or Cloudflare Pages is served as nginx serves it with deploy/nginx:
 * for every page of the page map, every file of the build and the paths of each rule (the old
 * paths, the other spellings, an unknown path), the build's `_headers` and `_redirects`, read with
 * Netlify's own parsers and matched as each host matches, give the headers and redirects nginx
 * sends: Cache-Control, the security headers, the Content-Security-Policy, Link, X-Robots-Tag,
 * Vary, a redirect's status and Location, and Content-Type where `_headers` sets one.
 *
 * What nginx does that those files cannot say is stated below (`onlyNginx`) and checked as such;
 * deploy/README.md says why. Needs `npm run build` first; starts nginx on 127.0.0.1 and stops it.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {servingRules} from '../../deploy/rules';
import {limits} from '../../deploy/staticHostFiles';
import {startNginx, type Server} from '../browser/nginx';

const siteDir = path.resolve(__dirname, '../..');
const buildDir = path.join(siteDir, 'build');
const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const pageMap = JSON.parse(readFileSync(path.join(siteDir, 'tests/page-map.json'), 'utf8')) as {
  docs: Array<{route: string}>;
  other: Array<{route: string}>;
};

/** The headers that are serving rules. */
const ruleHeaders = [
  'Cache-Control',
  ...Object.keys(servingRules.securityHeaders),
  'Content-Security-Policy',
  'Link',
  'X-Robots-Tag',
];

const unknownPath = '/no-such-page';

/**
 * What nginx does that a `_headers` or `_redirects` file cannot say: the differences this test
 * expects, and no others.
 */
const onlyNginx = {
  /**
   * The Accept negotiation: nginx answers `Accept: text/markdown` with a page's Markdown version and
   * says `Vary: Accept`; a static host answers every Accept alike, so its files say neither.
   */
  vary: servingRules.markdown.negotiation.vary,
  /**
   * A trailing slash is each host's own: Netlify matches `/auth/` as `/auth`, so a rule that removed
   * it would answer `/auth` with itself (Cloudflare Pages answers `/auth/` with its own 308).
   */
  trailingSlash: (urlPath: string): boolean => urlPath !== '/' && urlPath.endsWith('/'),
  /**
   * A path the build does not serve gets the not-found page; `_headers` names paths and cannot say
   * "every other path" without naming /assets/ too, so its Cache-Control is the host's default.
   */
  notServed: [unknownPath, ...servingRules.hostFiles],
  /**
   * Netlify serves a file that exists at a path before a redirect that is not forced (`301!`, which
   * Cloudflare Pages rejects): the `.html` spellings of the pages and the old paths that keep a
   * client-side redirect page are served as those files there, not answered with a 301.
   */
  fileBeforeRedirect: (urlPath: string): boolean =>
    [urlPath, `${urlPath}.html`, `${urlPath}/index.html`].some((candidate) => {
      const file = path.join(buildDir, decodeURI(candidate));
      return file.startsWith(buildDir) && existsSync(file) && statSync(file).isFile();
    }),
};

type HeaderRule = {for: string; forRegExp: RegExp; values: Record<string, string>};
type RedirectRule = {from: string; to: string; status: number; force: boolean};
/** How a host matches a rule's path: Netlify's parsers, or Cloudflare Pages' rules engine. */
type Host = {
  name: string;
  /** A file at the path wins over a redirect that is not forced (Netlify's shadowing). */
  fileBeforeRedirect: boolean;
  headerMatches: (rule: HeaderRule, urlPath: string) => boolean;
  redirectMatch: (from: string, urlPath: string) => string | undefined;
};

const escape = (text: string): string => text.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');

/** The splat a pattern (`*`: any characters, `:name`: one segment) captures from a path, or undefined. */
function capture(pattern: RegExp, urlPath: string): string | undefined {
  const match = pattern.exec(urlPath);
  return match ? (match.groups?.splat ?? '') : undefined;
}

const cloudflarePattern = (rule: string): RegExp =>
  new RegExp(
    `^${rule
      .split('*')
      .map(escape)
      .join('(?<splat>.*)')
      .replace(/:([A-Za-z]\w*)/g, '(?<$1>[^/]+)')}$`,
  );

const hosts: Host[] = [
  {
    // The regular expression @netlify/headers-parser gives each rule; redirects match with or
    // without a trailing slash, and `/a/*` matches `/a` too.
    name: 'Netlify',
    fileBeforeRedirect: true,
    headerMatches: (rule, urlPath) => rule.forRegExp.test(urlPath),
    redirectMatch: (from, urlPath) => {
      const trimmed = urlPath.length > 1 ? urlPath.replace(/\/$/, '') : urlPath;
      const pattern = from.endsWith('/*')
        ? new RegExp(`^${escape(from.slice(0, -2))}(?:/(?<splat>.*))?$`)
        : new RegExp(`^${escape(from.length > 1 ? from.replace(/\/$/, '') : from)}$`);
      return capture(pattern, trimmed);
    },
  },
  {
    // As Cloudflare Pages' asset server compiles a rule: `*` any characters, anchored, exact.
    name: 'Cloudflare Pages',
    fileBeforeRedirect: false,
    headerMatches: (rule, urlPath) => cloudflarePattern(rule.for).test(urlPath),
    redirectMatch: (from, urlPath) => capture(cloudflarePattern(from), urlPath),
  },
];

let server: Server;
let headerRules: HeaderRule[];
let redirectRules: RedirectRule[];

before(async () => {
  // Both are ES modules only, which the tests (CommonJS through tsx) import, not require.
  const {parseAllHeaders} = await import('@netlify/headers-parser');
  const {parseAllRedirects} = await import('@netlify/redirect-parser');
  const headers = await parseAllHeaders({
    headersFiles: [path.join(buildDir, '_headers')],
    configHeaders: [],
    minimal: false,
  });
  assert.deepEqual(headers.errors, [], 'build/_headers parses');
  headerRules = headers.headers as HeaderRule[];
  const redirects = await parseAllRedirects({
    redirectsFiles: [path.join(buildDir, '_redirects')],
    configRedirects: [],
    minimal: false,
  });
  assert.deepEqual(redirects.errors, [], 'build/_redirects parses');
  redirectRules = redirects.redirects as RedirectRule[];
  server = await startNginx();
});

after(async () => {
  await server?.stop();
});

/** What a host with the build's `_headers` and `_redirects` answers for a path. */
function staticAnswer(
  host: Host,
  urlPath: string,
): {
  redirect?: {status: number; location: string};
  /** A redirect matched, and the host serves the file at the path instead (`onlyNginx.fileBeforeRedirect`). */
  shadowed?: boolean;
  headers: Record<string, string>;
  twice: string[];
} {
  for (const {from, to, status, force} of redirectRules) {
    const splat = host.redirectMatch(from, urlPath);
    if (splat === undefined) continue;
    if (host.fileBeforeRedirect && !force && onlyNginx.fileBeforeRedirect(urlPath))
      return {shadowed: true, headers: {}, twice: []};
    return {redirect: {status, location: to.replace(':splat', splat)}, headers: {}, twice: []};
  }
  const headers: Record<string, string> = {};
  const setBy: Record<string, string> = {};
  const twice: string[] = [];
  for (const rule of headerRules.filter((candidate) => host.headerMatches(candidate, urlPath)))
    for (const [name, value] of Object.entries(rule.values)) {
      if (setBy[name]) twice.push(`${name} by ${setBy[name]} and ${rule.for}`);
      headers[name] = value;
      setBy[name] = rule.for;
    }
  return {headers, twice};
}

/** The tokens of a Vary header, without Accept-Encoding (compression is each host's own). */
const varyTokens = (value: string | undefined | null): string[] =>
  (value ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token !== '' && token.toLowerCase() !== 'accept-encoding');

/** Every difference between nginx and the static hosts for a path, beyond those of `onlyNginx`. */
async function differences(urlPath: string): Promise<string[]> {
  const response = await fetch(`${server.baseUrl}${urlPath}`, {
    redirect: 'manual',
    headers: {accept: browserAccept},
  });
  await response.arrayBuffer();
  const found: string[] = [];
  for (const host of hosts) {
    const answer = staticAnswer(host, urlPath);
    const say = (text: string): number => found.push(`${host.name} ${urlPath}: ${text}`);
    if (response.status >= 300 && response.status < 400) {
      const nginx = `${response.status} ${response.headers.get('location')}`;
      const theirs = answer.redirect
        ? `${answer.redirect.status} ${answer.redirect.location}`
        : 'no redirect';
      if (answer.shadowed) continue;
      if (onlyNginx.trailingSlash(urlPath)) {
        if (answer.redirect)
          say(`a rule answers a trailing slash (${theirs}), which Netlify matches without it`);
      } else if (theirs !== nginx) say(`nginx redirects (${nginx}), the files give ${theirs}`);
      continue;
    }
    if (answer.redirect) {
      say(
        `nginx answers ${response.status}, the files redirect (${answer.redirect.status} ${answer.redirect.location})`,
      );
      continue;
    }
    for (const clash of answer.twice) say(`${clash}: two rules set it (Cloudflare Pages joins the values)`);
    const notServed = onlyNginx.notServed.includes(urlPath);
    if (notServed && response.status !== 404) say(`nginx answers ${response.status}, not 404`);
    for (const name of ruleHeaders) {
      const nginx = response.headers.get(name) ?? undefined;
      const theirs = answer.headers[name];
      if (notServed && name === 'Cache-Control') {
        if (theirs !== undefined) say(`Cache-Control ${theirs} for a path the build does not serve`);
      } else if (theirs !== nginx)
        say(`${name}: nginx ${nginx ?? '(none)'}, the files ${theirs ?? '(none)'}`);
    }
    const contentType = answer.headers['Content-Type'];
    if (contentType !== undefined && contentType !== response.headers.get('content-type'))
      say(`Content-Type: nginx ${response.headers.get('content-type')}, the files ${contentType}`);
    const nginxVary = varyTokens(response.headers.get('vary')).filter((token) => token !== onlyNginx.vary);
    const theirVary = varyTokens(answer.headers.Vary);
    if (theirVary.join(', ') !== nginxVary.join(', '))
      say(
        `Vary (Accept-Encoding and nginx's ${onlyNginx.vary} aside): nginx ${nginxVary.join(', ')}, the files ${theirVary.join(', ')}`,
      );
  }
  return found;
}

/** Every file of the build by its path, the static hosts' rule files and the HTML pages aside. */
function builtFiles(): string[] {
  return readdirSync(buildDir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.html') && !entry.name.startsWith('_'))
    .map(
      (entry) =>
        `/${path.relative(buildDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`,
    )
    .sort();
}

test('the files are within what Cloudflare Pages reads, in the syntax both hosts read', () => {
  assert.ok(headerRules.length <= limits.headerRules, `${headerRules.length} header rules`);
  const exact = redirectRules.filter(({from}) => !/[*:]/.test(from));
  const patterns = redirectRules.filter(({from}) => /[*:]/.test(from));
  assert.ok(exact.length <= limits.staticRedirects && patterns.length <= limits.dynamicRedirects);
  assert.deepEqual(redirectRules.slice(0, exact.length), exact, 'the exact paths come before the patterns');
  assert.deepEqual(
    redirectRules.filter(({status, force}) => status !== 301 || force),
    [],
    'every redirect is a 301, none forced (Cloudflare Pages rejects `301!`)',
  );
  for (const file of ['_headers', '_redirects'])
    assert.doesNotMatch(
      readFileSync(path.join(buildDir, file), 'utf8'),
      /^\s*!/m,
      `${file}: no Cloudflare-only line`,
    );
});

test('nginx and the _headers and _redirects of the build answer every path alike', async () => {
  const [script] = readdirSync(path.join(buildDir, 'assets/js')).filter((file) => file.endsWith('.js'));
  const [searchIndex] = readdirSync(buildDir).filter((file) => /^search-index-[0-9a-f]+\.json$/.test(file));
  assert.ok(script && searchIndex, 'the build has scripts and a search index');
  const routes = [...pageMap.docs, ...pageMap.other].map(({route}) => route);
  const paths = new Set([
    // One of each rule: pages, a blog post, search, hashed assets, files, the Markdown versions,
    // the API catalog, an unknown path, an old path, the other spellings of a route.
    ...['/', '/auth', '/services/face-match', '/blog', '/blog/welcome', '/search'],
    `/assets/js/${script}`,
    `/${searchIndex}`,
    ...['/openapi.yaml', '/llms.txt', '/auth.md', '/.well-known/api-catalog', '/robots.txt', unknownPath],
    ...['/docs', '/docs/auth', '/docs/services/face-match', '/metrics/how-the-provider-helps-your-business'],
    ...['/auth.html', '/auth/', '/auth/index', '/index', '/index.html', '/services/face-match/index.html'],
    ...servingRules.hostFiles,
    ...routes,
    ...routes.filter((route) => route !== '/').map((route) => `${route}.html`),
    ...builtFiles(),
  ]);
  const found: string[] = [];
  for (const urlPath of paths) found.push(...(await differences(urlPath)));
  assert.ok(paths.size > 300, `${paths.size} paths compared`);
  assert.deepEqual(found.slice(0, 40), [], `${found.length} difference(s) beyond those nginx alone can make`);
});

test('what only nginx does is what this test sets aside: the Accept negotiation, a trailing slash, an unknown path', async () => {
  const markdown = await fetch(`${server.baseUrl}/auth`, {headers: {accept: servingRules.markdown.type}});
  assert.match(
    markdown.headers.get('content-type') ?? '',
    /^text\/markdown/,
    'nginx answers Accept: text/markdown with Markdown',
  );
  assert.ok(varyTokens(markdown.headers.get('vary')).includes(onlyNginx.vary), 'and says Vary: Accept');
  for (const host of hosts) {
    assert.equal(
      staticAnswer(host, '/auth').headers.Vary,
      undefined,
      `${host.name}: the files claim no Vary`,
    );
    assert.equal(staticAnswer(host, '/auth/').redirect, undefined, `${host.name}: no rule for /auth/`);
    assert.equal(
      staticAnswer(host, unknownPath).headers['Cache-Control'],
      undefined,
      `${host.name}: ${unknownPath}`,
    );
  }
  const slash = await fetch(`${server.baseUrl}/auth/`, {redirect: 'manual'});
  assert.equal(
    `${slash.status} ${slash.headers.get('location')}`,
    '301 /auth',
    'nginx removes the trailing slash',
  );
  const unknown = await fetch(`${server.baseUrl}${unknownPath}`);
  assert.equal(`${unknown.status} ${unknown.headers.get('cache-control')}`, '404 no-cache');
});
