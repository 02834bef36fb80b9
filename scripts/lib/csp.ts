/**
 * The inline scripts the Content-Security-Policy allows (deploy/rules.ts): the executable inline
 * scripts the build emits, by their SHA-256 hash, nothing else inline. The client-side redirect
 * pages count too: Netlify serves them instead of its 301 (plugins/client-redirects gives them all
 * one script, so one hash).
 */
import {createHash} from 'node:crypto';
import {readFile, readdir} from 'node:fs/promises';
import path from 'node:path';

const executableTypes = new Set(['', 'text/javascript', 'application/javascript', 'module']);

export async function inlineScriptHashes(buildDir: string): Promise<Map<string, string[]>> {
  const hashes = new Map<string, string[]>();
  const entries = await readdir(buildDir, {recursive: true, withFileTypes: true});
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const html = await readFile(file, 'utf8');
    for (const match of html.matchAll(/<script(?<attributes>[^>]*)>(?<body>[\s\S]*?)<\/script>/g)) {
      const attributes = match.groups?.attributes ?? '';
      if (/\bsrc=/.test(attributes)) continue;
      const type = /\btype=["']?([^"'\s>]+)/.exec(attributes)?.[1] ?? '';
      if (!executableTypes.has(type)) continue;
      const hash = `'sha256-${createHash('sha256')
        .update(match.groups?.body ?? '')
        .digest('base64')}'`;
      hashes.set(hash, [...(hashes.get(hash) ?? []), path.relative(buildDir, file)]);
    }
  }
  return hashes;
}
