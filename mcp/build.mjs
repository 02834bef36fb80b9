// Bundles the server and everything it uses (the MCP SDK, the site's search engine) into one
// file, dist/vultus-docs-mcp.mjs: the package runs with no dependencies to install.
import {build} from 'esbuild';

await build({
  entryPoints: [new URL('./src/index.ts', import.meta.url).pathname],
  outfile: new URL('./dist/vultus-docs-mcp.mjs', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'linked',
  // Bundled CommonJS (the SDK's dependencies) calls require: give it Node's.
  banner: {
    js: "import {createRequire as vultusCreateRequire} from 'node:module';\nconst require = vultusCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
