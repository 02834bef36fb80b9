/** The `<meta name>` through which each page names the search index it was built with. */
export const indexMetaName = 'vultus-search-index';
