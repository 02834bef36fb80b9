// @ts-check
/**
 * Runs after Docusaurus's MDX loader on every docs page (see ./index.ts, `configureWebpack`) and
 * declares to the bundler the files the page was rendered from besides its own: the contract, the
 * data files, the partials (./reads.ts). An edit to one of them then renders the page again, in
 * `docusaurus start` and in a warm `docusaurus build` alike. It also runs before the MDX loader,
 * declaring the files the page's last render read: a page whose render fails keeps them, so the
 * writer's fix renders it again. The server compilation of
 * `docusaurus build` reuses the client's render, and learns the files here too. Plain CommonJS: the
 * bundler requires its loaders with Node's own `require`.
 *
 * @this {{resourcePath: string; getOptions(): {reads: {of(page: string): readonly string[]}}; addDependency(file: string): void}}
 * @param {string | Buffer} source
 */
module.exports = function dependenciesLoader(source) {
  for (const file of this.getOptions().reads.of(this.resourcePath)) this.addDependency(file);
  return source;
};
