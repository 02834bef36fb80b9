/**
 * Normalizes `/page.html` and `/page/index` in the address bar to `/page` before
 * React hydrates. Docusaurus 3.10 leaves `/auth.html` in place and logs a hydration
 * error, because no route matches it; static hosts (and `docusaurus serve`) still
 * serve `auth.html` there. Client modules are evaluated before the client entry
 * preloads the route, so rewriting the URL here lets the router see the real route.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {normalizePath} from '../lib/normalizePath';

if (ExecutionEnvironment.canUseDOM) {
  const {pathname, search, hash} = window.location;
  const plain = normalizePath(pathname);
  if (plain !== null) {
    window.history.replaceState(window.history.state, '', `${plain}${search}${hash}`);
  }
}
