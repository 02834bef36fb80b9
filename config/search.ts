import type {PluginOptions as SearchLocalOptions} from '@easyops-cn/docusaurus-search-local';

/**
 * Options of the search plugin's box and /search page. The index itself is ours
 * (plugins/search): every section, table row and code identifier of the docs, named by a hash
 * of its content.
 */
export const searchOptions = {
  docsRouteBasePath: '/',
  indexDocs: true,
  // The blog is the template's sample content; search serves the documentation.
  indexBlog: false,
  indexPages: false,
  language: ['en'],
  explicitSearchResultPath: true,
  // Off here because it would put mark.js into every page's main bundle: the ejected search box
  // does the same marking (the words searched for, on the page a result opens, cleared by the
  // box's clear button) with mark.js loaded only on such a page (src/theme/SearchBar).
  highlightSearchTermsOnTargetPage: false,
  searchResultLimits: 8,
} satisfies Partial<SearchLocalOptions>;
