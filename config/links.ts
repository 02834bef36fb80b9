/**
 * Every external address the site links to, in one place, so the provider can
 * change them without touching pages or components (DECISIONS.md, "Identity").
 * Runs in Node.js (docusaurus.config.ts) and in the browser (components).
 */
export const siteUrl = 'https://docs.vultus.example';

export const externalLinks = {
  /** Opens in the same tab (site spec, navbar). */
  mobileSdks: 'https://mobile-sdk.docs.vultus.example/',
  /** Opens in a new tab. */
  status: 'https://status.vultus.example/',
  /** Opens in a new tab. */
  contact: 'https://vultus.example/contact',
} as const;

/** The REST API base URL used in every example. */
export const apiBaseUrl = 'https://api.vultus.example';
