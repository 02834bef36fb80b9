/**
 * `npm start` compiles a page when the browser first asks for it, not all of them before the
 * server is ready.
 *
 * Each route's page and props are loaded with `import()` from Docusaurus's generated registry.
 * With Rspack's lazy compilation, such an import is a stub until the browser runs it; the stub then
 * asks the dev server (the middleware below) to compile the page, and hot replacement brings it in.
 * So a cold start compiles the site's shell only, and an edit to the contract, a data file or a
 * partial renders again only the pages the writer has opened (plugins/vultus-contract/reads.ts
 * says which pages read which files). The first visit to a page the server has not compiled yet
 * takes the time of its compilation; Rspack's persistent cache keeps it for the next start.
 *
 * The registry also names each page with `require.resolveWeak`, for the build's server render;
 * a weak dependency is still compiled, so here the dev server's copy of the registry leaves it out
 * (./registry-loader.cjs). Without it a page always loads asynchronously, which a dev server does
 * anyway: it renders nothing on the server.
 *
 * `docusaurus build` is untouched: it compiles and checks every page, as before, and
 * docusaurus.config.ts does not list this plugin for it, so the built site does not name it.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {Compiler, Configuration} from 'webpack';

/** A Connect middleware, as the dev server takes them. */
type Middleware = (request: unknown, response: unknown, next: () => void) => void;

/** What this plugin needs of Rspack's compiler: its own exports (`compiler.rspack`). */
type RspackCompiler = {rspack: {lazyCompilationMiddleware(compiler: unknown): Middleware}};

export default function devLazyPages(context: LoadContext): Plugin {
  return {
    name: 'vultus-dev-lazy-pages',
    configureWebpack(config, isServer, {currentBundler}) {
      // Only the dev server's configuration watches the files (`docusaurus build --dev` too is a
      // build, and compiles every page); lazy compilation is Rspack's.
      if (isServer || config.watchOptions === undefined || currentBundler.name !== 'rspack') return {};
      let middleware: Middleware | undefined;
      // Docusaurus types the result as webpack's configuration, which has neither Rspack's
      // `lazyCompilation` nor the dev server's options.
      const lazy: Configuration & {
        lazyCompilation: {entries: boolean; imports: boolean};
        devServer: {setupMiddlewares(middlewares: Middleware[]): Middleware[]};
      } = {
        lazyCompilation: {entries: false, imports: true},
        module: {
          rules: [
            {
              resource: path.join(context.generatedFilesDir, 'registry.js'),
              use: [{loader: require.resolve('./registry-loader.cjs')}],
            },
          ],
        },
        plugins: [
          {
            // Made with the compiler, before its first compilation: the middleware also sets up
            // the compiler's side of lazy compilation.
            apply(compiler: Compiler) {
              middleware = (compiler as unknown as RspackCompiler).rspack.lazyCompilationMiddleware(compiler);
            },
          },
        ],
        devServer: {
          // webpack-merge joins this with Docusaurus's own `setupMiddlewares` by calling both on
          // the same list and concatenating what they return: this one adds to the list and
          // returns nothing more, or every middleware would run twice.
          setupMiddlewares(middlewares: Middleware[]): Middleware[] {
            middlewares.unshift((request, response, next) =>
              middleware ? middleware(request, response, next) : next(),
            );
            return [];
          },
        },
      };
      return lazy;
    },
  };
}
