/**
 * The browser bundle takes from tslib only the helpers it uses. @docusaurus/utils-common, which
 * every page loads, is CommonJS and requires the whole of tslib for one helper, `__importDefault`:
 * the bundler cannot drop the rest of a CommonJS module, so every page carried about 4 KB gzip of
 * unused helpers. In the client build `tslib` resolves to ./helpers.mjs, which re-exports the
 * helpers the client uses from tslib's ES module. A client script that calls a helper not listed
 * there fails a build test (tests/build/outputs.test.ts): a CommonJS module that requires tslib,
 * as utils-common does, calls its helpers as properties the test finds. An ES module importing a
 * helper left out would only get the bundler's warning; none in the client bundle imports tslib.
 * The server build keeps the whole package.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function clientTslibPlugin(): Plugin {
  return {
    name: 'vultus-client-tslib',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {resolve: {alias: {tslib$: path.join(__dirname, 'helpers.mjs')}}};
    },
  };
}
