/**
 * Redirects of the site (DECISIONS.md, "Routes"), for @docusaurus/plugin-client-redirects.
 * The plugin writes a small HTML page at each old path that sends the reader on;
 * the serving rules (deploy/rules.ts) answer the same paths with a real 301.
 */
import type {Options as ClientRedirectsOptions} from '@docusaurus/plugin-client-redirects';

/** Fixed redirects: old path → current path. */
export const fixedRedirects: ClientRedirectsOptions['redirects'] = [
  {
    from: '/metrics/how-the-provider-helps-your-business',
    to: '/metrics/how-vultus-helps-your-business',
  },
];

/** The routes that are not docs pages (and have no Markdown version), each with what lies below it. */
export const nonDocsPrefixes = ['/blog', '/markdown-page', '/search', '/404'];

/** Where the docs used to live. */
export const oldDocsPrefix = '/docs';

/**
 * Docs used to live under /docs: every docs path gets a /docs twin that
 * redirects to it (/docs/auth → /auth, /docs → /).
 */
export function createRedirects(existingPath: string): string[] | undefined {
  if (nonDocsPrefixes.some((prefix) => existingPath.startsWith(prefix))) {
    return undefined;
  }
  if (existingPath.endsWith('.md') || existingPath.includes('.')) {
    return undefined;
  }
  return existingPath === '/' ? [oldDocsPrefix] : [`${oldDocsPrefix}${existingPath}`];
}

export const clientRedirectsOptions = {
  redirects: fixedRedirects,
  createRedirects,
} satisfies ClientRedirectsOptions;
