/**
 * Local Docusaurus plugin for the files crawlers and tools fetch from the site root:
 * /robots.txt, which allows everything and names the sitemap (its address from config/links.ts,
 * the one place the site URL is written).
 */
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export function robotsTxt(siteUrl: string, baseUrl: string): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${siteUrl}${baseUrl}sitemap.xml`, ''].join('\n');
}

export default function siteFilesPlugin(context: LoadContext): Plugin {
  return {
    name: 'site-files',
    async postBuild({outDir}) {
      await writeFile(
        path.join(outDir, 'robots.txt'),
        robotsTxt(context.siteConfig.url, context.siteConfig.baseUrl),
      );
    },
  };
}
