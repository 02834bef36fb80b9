/**
 * Code highlighting happens at build time (./remark.ts), so the browser bundle needs no Prism:
 * the theme's `prism-include-languages` client module still imports `Prism` from
 * prism-react-renderer, which would put about 26 KB gzip of tokenizer and grammars into every
 * page's main bundle. In the client build that import resolves to ./prismStub.ts. The server
 * build keeps the real package.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function codeHighlightPlugin(): Plugin {
  return {
    name: 'vultus-code-highlight',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {resolve: {alias: {'prism-react-renderer$': path.join(__dirname, 'prismStub.ts')}}};
    },
  };
}
