/**
 * Local Docusaurus plugin for the files hosts, crawlers and tools fetch from the site root:
 * /robots.txt, which allows everything and names the sitemap (its address from config/links.ts,
 * the one place the site URL is written), and `_headers` and `_redirects`, the serving rules of
 * deploy/rules.ts for Netlify and Cloudflare Pages, which read them from the build's root.
 */
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {headersFile, redirectsFile} from '../../deploy/staticHostFiles';

export function robotsTxt(siteUrl: string, baseUrl: string): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${siteUrl}${baseUrl}sitemap.xml`, ''].join('\n');
}

export default function siteFilesPlugin(context: LoadContext): Plugin {
  return {
    name: 'site-files',
    async postBuild({outDir, routesPaths}) {
      await Promise.all([
        writeFile(
          path.join(outDir, 'robots.txt'),
          robotsTxt(context.siteConfig.url, context.siteConfig.baseUrl),
        ),
        writeFile(path.join(outDir, '_headers'), headersFile(routesPaths)),
        writeFile(path.join(outDir, '_redirects'), redirectsFile(routesPaths)),
      ]);
    },
  };
}
