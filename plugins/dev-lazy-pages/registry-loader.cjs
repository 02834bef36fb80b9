// @ts-check
/**
 * The dev server's copy of Docusaurus's generated registry (see ./index.ts): each page's
 * `require.resolveWeak("…")` becomes `undefined`, so that the bundler compiles a page only when
 * the browser imports it. Plain CommonJS: the bundler requires its loaders with Node's `require`.
 *
 * @param {string} source
 * @returns {string}
 */
module.exports = function registryLoader(source) {
  return source.replace(/require\.resolveWeak\("[^"]*"\)/g, 'undefined');
};
