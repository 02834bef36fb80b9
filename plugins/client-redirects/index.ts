/**
 * @docusaurus/plugin-client-redirects, with one inline script on every redirect page.
 *
 * The plugin writes a page at each old path (`/docs/auth`) with a meta refresh and a script that
 * keeps the query and the anchor: `window.location.href = '/auth' + …`, a script of its own on each
 * page. nginx and Cloudflare Pages answer those paths with a 301 first, but Netlify serves the page
 * (deploy/README.md), and there the Content-Security-Policy, which allows inline scripts by hash
 * (deploy/rules.ts), blocked all 42 of them: the meta refresh then dropped the anchor. Here every
 * redirect page runs the same script, which reads its target from the page's canonical link, so one
 * hash allows them all (scripts/lib/csp.ts finds it).
 */
import {readdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, OptionValidationContext, Plugin} from '@docusaurus/types';
import * as clientRedirectsModule from '@docusaurus/plugin-client-redirects';
import type {Options} from '@docusaurus/plugin-client-redirects';

/** The package's types declare only its options; its entry exports these two. */
const clientRedirects = clientRedirectsModule as unknown as {
  default: (context: LoadContext, options: Options) => Plugin;
  validateOptions: (context: OptionValidationContext<Options, Options>) => Options;
};

/** The script of every redirect page: its canonical address, with the query and the anchor. */
export const redirectScript =
  "window.location.href = document.querySelector('link[rel=\"canonical\"]').getAttribute('href') + window.location.search + window.location.hash;";

/** A redirect page of the plugin: a meta refresh, a canonical link and one inline script. */
const redirectPage =
  /^(?<head>[\s\S]*<meta http-equiv="refresh"[^>]*>\s*<link rel="canonical" href="[^"]+" \/>[\s\S]*?<script>)[\s\S]*?(?<tail><\/script>[\s\S]*)$/;

/** Rewrites the script of each redirect page under `outDir`; returns how many it rewrote. */
export async function sameRedirectScript(outDir: string): Promise<number> {
  const entries = await readdir(outDir, {recursive: true, withFileTypes: true});
  let rewritten = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const html = await readFile(file, 'utf8');
    if (!html.includes('http-equiv="refresh"')) continue;
    const match = redirectPage.exec(html);
    if (!match?.groups)
      throw new Error(`${path.relative(outDir, file)}: a redirect page of an unknown shape`);
    await writeFile(file, `${match.groups.head}\n    ${redirectScript}\n  ${match.groups.tail}`);
    rewritten += 1;
  }
  return rewritten;
}

export default function clientRedirectsPlugin(context: LoadContext, options: Options): Plugin {
  const upstream = clientRedirects.default(context, options);
  return {
    ...upstream,
    name: 'vultus-client-redirects',
    async postBuild(props) {
      await upstream.postBuild?.(props);
      await sameRedirectScript(props.outDir);
    },
  };
}

export const validateOptions = clientRedirects.validateOptions;
