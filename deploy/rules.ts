/**
 * How every host serves the build: the one place the serving rules are written. Edit them here, then
 * run `npm run serving-rules`, which writes the nginx configuration (deploy/nginx/*.conf, through
 * ./nginxFiles.ts); every `npm run build` writes build/_headers and build/_redirects for Netlify and
 * Cloudflare Pages (through ./staticHostFiles.ts). tests/unit/serving-rules.test.ts fails while the
 * nginx files differ from these rules, and tests/build/serving-rules.test.ts checks that nginx and
 * the `_headers` and `_redirects` files answer the same paths with the same headers.
 *
 * Paths are written as `_headers` and `_redirects` write them: a path, `*` for any characters (one
 * per pattern), `:splat` in a redirect's target for what the `*` matched. Data, and the two small
 * functions of the Markdown versions' addresses: how a host says each rule is the writers' business.
 * deploy/README.md describes the rules for an operator.
 */
import {fixedRedirects, nonDocsPrefixes, oldDocsPrefix} from '../config/redirects';
import {apiCatalogFile} from '../plugins/vultus-contract/outputs/apiCatalog';
import {markdownPath} from '../src/lib/markdownPath';
import cspScriptHashes from './csp-script-hashes.json';

/** A header name and its value. */
export type Headers = Record<string, string>;

/** A permanent redirect from an old path (or pattern) to where its page is now. */
export type Redirect = {from: string; to: string};

/** Files that are not pages, with the headers their responses carry. */
export type FileClass = {
  /** What the files are and why they are served so: a comment in each host's files. */
  why: string;
  /** One pattern: an exact path, a folder (`/assets/*`) or a name with one `*`. */
  path: string;
  /** The media type, where the file's name does not say it. */
  contentType?: string;
  headers: Headers;
};

export type ServingRules = {
  /** Where a route's page is, tried in order, as suffixes of the route: `/auth` → auth.html. */
  pageFiles: string[];
  /**
   * The other spellings of a page's route, each answered with 301 and the route: `/auth.html`,
   * `/auth/index`, `/auth/`, and `/index` for `/`. Those with `staticHosts: false` are each
   * static host's own (see `why`).
   */
  routeSpellings: Array<{suffixes: string[]; why?: string; staticHosts: boolean}>;
  /** Old paths answered with 301 and the new one, after the spellings. */
  redirects: Redirect[];
  /** The page an unknown path gets, with status 404. */
  notFoundPage: string;
  /** The headers of a page (and, on nginx, of every file no class below names). */
  pageHeaders: Headers;
  fileClasses: FileClass[];
  /**
   * The files that are not pages and that no class names, which get the headers of a page. nginx
   * says "everything else"; a `_headers` file names paths only, so it names these (the build test
   * fails on a file of the build that none of these names).
   */
  otherFiles: string[];
  /** The static hosts' own rule files, which a host reads and never serves. */
  hostFiles: string[];
  /** Headers every response carries, the not-found page included (and, on nginx, redirects). */
  securityHeaders: Headers;
  /** The Content-Security-Policy, directive by directive. */
  contentSecurityPolicy: Record<string, string[]>;
  /** The Markdown versions of the docs pages, for agents and tools. */
  markdown: {
    type: string;
    /** The address of a page's Markdown version. */
    path: (route: string) => string;
    /** Routes that are not docs pages (each with what lies below it): no Markdown version. */
    pagesWithout: string[];
    /** A docs page's HTML names its Markdown version in this header. */
    link: (route: string) => string;
    /** Sent with every Markdown file. */
    robotsTag: string;
    /** A page asked for with `Accept: <type>` is answered with its Markdown version (nginx only). */
    negotiation: {vary: string; why: string};
  };
  /** Types the stock nginx mime.types lacks, by extension. */
  mediaTypes: Record<string, string[]>;
  compression: {level: number; minLength: number; types: string[]};
};

const revalidate = 'no-cache';
const immutable = 'public, max-age=31536000, immutable';

export const servingRules = {
  pageFiles: ['', '.html', '/index.html'],
  routeSpellings: [
    {
      suffixes: ['/index', '/index.html'],
      why: 'Paths ending in .html or /index are normalized to the plain path (site spec, section 2).',
      staticHosts: true,
    },
    {suffixes: ['.html'], staticHosts: true},
    {
      suffixes: ['/'],
      why: 'No trailing slash: /auth/ → /auth (the root stays /).',
      // Netlify matches /auth/ and /auth alike, so a rule would answer /auth with itself; Cloudflare
      // Pages answers /auth/ with 308 to /auth, and on Netlify the page itself drops the slash
      // (src/clientModules/normalizeUrl.ts).
      staticHosts: false,
    },
  ],
  redirects: [
    {from: oldDocsPrefix, to: '/'},
    {from: `${oldDocsPrefix}/*`, to: '/:splat'},
    ...(fixedRedirects ?? []).flatMap(({from, to}) =>
      (Array.isArray(from) ? from : [from]).map((path) => ({from: path, to})),
    ),
  ],
  notFoundPage: '/404.html',
  pageHeaders: {'Cache-Control': revalidate},
  fileClasses: [
    {
      why: "The API catalog (RFC 9727): where the API's contract and documentation are, as a linkset.",
      path: `/${apiCatalogFile}`,
      contentType: 'application/linkset+json',
      headers: {'Cache-Control': revalidate},
    },
    {
      why: 'Hashed assets never change: cache them for a year.',
      path: '/assets/*',
      headers: {'Cache-Control': immutable},
    },
    {
      why: 'The search index file name carries the build hash.',
      path: '/search-index*.json',
      headers: {'Cache-Control': immutable},
    },
  ],
  otherFiles: [
    '/*.txt',
    '/*.xml',
    '/*.xsl',
    '/*.yaml',
    '/*.postman_collection.json',
    '/blog/*.css',
    '/img/*',
  ],
  hostFiles: ['/_headers', '/_redirects'],
  securityHeaders: {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'X-Frame-Options': 'DENY',
  },
  contentSecurityPolicy: {
    'default-src': ["'self'"],
    // The executable inline scripts the build emits, by hash (`npm run build && npm run csp` writes
    // ./csp-script-hashes.json; tests/build/outputs.test.ts fails while it differs from the build).
    'script-src': ["'self'", ...[...cspScriptHashes.scriptHashes].sort().map((hash) => `'${hash}'`)],
    // Inline style attributes come from the server-rendered sidebar and the diagrams.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  },
  markdown: {
    type: 'text/markdown',
    path: markdownPath,
    pagesWithout: nonDocsPrefixes,
    link: (route) => `<${markdownPath(route)}>; rel="alternate"; type="text/markdown"`,
    robotsTag: 'noindex',
    negotiation: {
      vary: 'Accept',
      why:
        'a page asked for with `Accept: text/markdown` (as coding agents ask) is answered with its ' +
        "Markdown version, `/auth` with `/auth.md` and `/` with `/index.md`. A browser's Accept never " +
        'names text/markdown.',
    },
  },
  mediaTypes: {'application/yaml': ['yaml', 'yml'], 'text/markdown': ['md']},
  compression: {
    level: 6,
    minLength: 256,
    types: [
      'text/css',
      'application/javascript',
      'application/json',
      'application/xml',
      'image/svg+xml',
      'text/plain',
      'text/markdown',
      'application/yaml',
    ],
  },
} satisfies ServingRules;

/** The Content-Security-Policy header's value. */
export const contentSecurityPolicy = (rules: ServingRules = servingRules): string =>
  Object.entries(rules.contentSecurityPolicy)
    .map(([directive, sources]) => [directive, ...sources].join(' '))
    .join('; ');

/** Whether a route is a docs page (and so has a Markdown version). */
export const isDocsPage = (route: string, rules: ServingRules = servingRules): boolean =>
  !rules.markdown.pagesWithout.some((prefix) => route === prefix || route.startsWith(`${prefix}/`));
