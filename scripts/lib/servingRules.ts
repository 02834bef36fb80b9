/**
 * Writes the nginx files of the serving rules (deploy/nginxFiles.ts) into deploy/nginx, for
 * `npm run serving-rules` and `npm run csp`.
 */
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {nginxFiles} from '../../deploy/nginxFiles';

export const nginxDir = path.resolve(__dirname, '../../deploy/nginx');

/** Writes the files that differ from what the rules write; returns their paths. */
export async function writeNginxFiles(): Promise<string[]> {
  const written: string[] = [];
  for (const [name, text] of nginxFiles()) {
    const file = path.join(nginxDir, name);
    if ((await readFile(file, 'utf8').catch(() => '')) === text) continue;
    await writeFile(file, text);
    written.push(path.relative(path.resolve(nginxDir, '../..'), file));
  }
  return written;
}
