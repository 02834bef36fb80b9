/**
 * For the tests of the on-premise pages: those pages (and a few others) rendered to Markdown, one
 * at a time rather than the whole site, and every docs page's source with the partials it includes,
 * for a search across the site that needs no rendering.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {renderPageMarkdown, type PageMarkdown} from '../../../plugins/vultus-contract/outputs/markdown';
import {expandIncludesInSource} from '../../../plugins/vultus-contract/partials/include';
import {docsDir, listMarkdown, sources, withDocs} from './pages';

export type Rendered = PageMarkdown & {route: string; source: string};

const rendered = new Map<string, Promise<Rendered>>();

/** A docs page rendered as its Markdown version: `onprem-services/face-match.md`. */
export function renderDoc(file: string): Promise<Rendered> {
  let page = rendered.get(file);
  if (!page) {
    page = (async () => {
      const absolute = path.join(docsDir, file);
      const markdown = await renderPageMarkdown(await withDocs(), absolute);
      return {...markdown, route: `/${file.replace(/\.mdx?$/, '')}`, source: readFileSync(absolute, 'utf8')};
    })();
    rendered.set(file, page);
  }
  return page;
}

export const onpremFiles = [
  'merged-solutions',
  'face-liveness',
  'face-match',
  'face-search',
  'age-estimation',
  'deepfake-detection',
].map((name) => `onprem-services/${name}.md`);

/** The six pages under docs/onprem-services, rendered. */
export const onpremPages = (): Promise<Rendered[]> => Promise.all(onpremFiles.map(renderDoc));

/** Every docs page, docs-relative, with its source, and its text with each partial it includes in place. */
export async function pageSources(): Promise<Array<{file: string; source: string; text: string}>> {
  const files = await listMarkdown(docsDir);
  return files.map((absolute) => {
    const source = readFileSync(absolute, 'utf8');
    return {
      file: path.relative(docsDir, absolute).split(path.sep).join('/'),
      source,
      text: expandIncludesInSource(source, sources),
    };
  });
}

/** The part of a Markdown text under a `## ` heading, up to the next one (undefined without it). */
export function section(markdown: string, title: string): string | undefined {
  const start = markdown.indexOf(`\n## ${title}\n`);
  if (start < 0) return undefined;
  const next = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, next < 0 ? undefined : next);
}
