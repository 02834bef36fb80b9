/**
 * Prints a docs page as the plain Markdown it renders to, with every directive expanded:
 * `npx tsx scripts/render-page.ts docs/services/face-match.md`. A quick check while
 * writing (directive errors name the file and line); `npm run build` checks links too.
 */
import path from 'node:path';
import {docsPagesWithoutDocusaurus, renderPageMarkdown} from '../plugins/vultus-contract/outputs/markdown';
import {Sources} from '../plugins/vultus-contract/sources';

const siteDir = path.resolve(__dirname, '..');
const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('Usage: npx tsx scripts/render-page.ts <docs/…/page.md> […]');
  process.exit(2);
}
async function main(): Promise<void> {
  const sources = new Sources(siteDir);
  sources.setDocs(await docsPagesWithoutDocusaurus(siteDir));
  for (const file of files) {
    try {
      const {frontMatter, markdown} = await renderPageMarkdown(sources, path.resolve(file));
      console.log(`# ${String(frontMatter.title)}\n\n${markdown}`);
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    }
  }
}

void main();
