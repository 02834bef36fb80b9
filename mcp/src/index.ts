#!/usr/bin/env node
/**
 * vultus-docs-mcp: the Vultus Docs MCP server over stdio.
 *
 *   vultus-docs-mcp                         the public docs (https://docs.vultus.example)
 *   vultus-docs-mcp --site <url>            a mirror or a local server (npm run serve)
 *   vultus-docs-mcp --site <folder>         a build folder (npm run build writes build/)
 */
import {parseArgs} from 'node:util';
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import {createServer} from './server';
import {openSite, publicSite} from './site';
import {version} from './version';

const usage = `Usage: vultus-docs-mcp [--site <url or build folder>] [--base-url <url>]

Serves the Vultus Docs to an AI assistant over MCP (stdio).
  --site      where to read the docs: a URL (default ${publicSite}) or a build folder
  --base-url  the address the answers link to when --site is a folder (default ${publicSite})
  --version   print the version
  --help      print this help`;

function main(): void {
  let values: {site?: string; 'base-url'?: string; help?: boolean; version?: boolean};
  try {
    ({values} = parseArgs({
      options: {
        site: {type: 'string'},
        'base-url': {type: 'string'},
        help: {type: 'boolean'},
        version: {type: 'boolean'},
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    process.stderr.write(
      `vultus-docs-mcp: ${error instanceof Error ? error.message : String(error)}\n\n${usage}\n`,
    );
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  if (values.version) {
    process.stdout.write(`${version}\n`);
    return;
  }
  const site = openSite(values.site, values['base-url']);
  createServer(site)
    .connect(new StdioServerTransport())
    .then(() =>
      process.stderr.write(`vultus-docs-mcp ${version}: serving ${values.site ?? publicSite} over stdio\n`),
    )
    .catch((error: unknown) => {
      process.stderr.write(`vultus-docs-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
}

main();
