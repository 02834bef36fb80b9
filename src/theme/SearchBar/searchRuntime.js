// VULTUS: what the search box needs only once a reader starts a search (the worker that loads
// and queries the index, and the templates of the result list). SearchBar.jsx imports this
// module when it loads the index, so it is a chunk of its own instead of part of every page's
// main bundle. The worker client is ours (src/lib/search/client.ts).
export {fetchIndexesByWorker, nearestQueries, searchByWorker} from '../../lib/search/client';
export {SuggestionTemplate} from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SuggestionTemplate';
export {EmptyTemplate} from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/EmptyTemplate';
