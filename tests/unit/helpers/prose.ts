/**
 * The prose a reader reads, in pieces a test can check one statement at a time: the docs pages'
 * sources (partials included) and the contract's strings, code blocks left out, cut into
 * sentences and clauses.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {listMarkdown, docsDir, siteDir, sources} from './pages';

/** A decline code such as `DOC.UNSUPPORTED_TYPE`, as a pattern to embed. */
export const declineCodePattern = '(?:FACE|LIVENESS|MATCH|DOC|AML|DEDUP|AGE|KYC)\\.[A-Z_]+';

/** Markdown without fenced code blocks, so samples and JSON examples are not read as prose. */
export const withoutCode = (markdown: string): string =>
  markdown.replace(/^( *)(```|~~~)[\s\S]*?^\1\2 *$/gm, '');

/** Sentences: cut after `.`, `!` or `?` followed by white space, and at line ends and table cells. */
export function sentences(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+(?=[A-Z`[(:*])|\s\|\s/)
    .map((piece) => piece.trim())
    .filter(Boolean);
}

/** Clauses of a sentence: cut at semicolons. */
export const clauses = (sentence: string): string[] => sentence.split(/;\s+/);

export type Source = {file: string; route: string; text: string};

/** Every docs page source and partial, code blocks left out, with the page's route. */
export async function docsSources(): Promise<Source[]> {
  const files = await listMarkdown(docsDir);
  const partials = path.join(docsDir, '_partials');
  const partialFiles = readdirSync(partials)
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(partials, name));
  return [...files, ...partialFiles].map((absolute) => {
    const file = path.relative(siteDir, absolute).split(path.sep).join('/');
    const route = `/${path
      .relative(docsDir, absolute)
      .split(path.sep)
      .join('/')
      .replace(/\.mdx?$/, '')}`;
    return {file, route, text: withoutCode(readFileSync(absolute, 'utf8'))};
  });
}

/** The contract as written (placeholders not expanded). */
export const rawContract = (): Record<string, unknown> =>
  parse(sources.text('contract/openapi.yaml') ?? '') as Record<string, unknown>;

/** Every string of a parsed contract with its JSON pointer, outside the subtrees named in `skip`. */
export function contractStrings(
  document: unknown,
  skip: ReadonlySet<string> = new Set(['example', 'examples']),
): Array<{pointer: string; text: string}> {
  const strings: Array<{pointer: string; text: string}> = [];
  const visit = (node: unknown, pointer: string): void => {
    if (typeof node === 'string') strings.push({pointer, text: node});
    else if (Array.isArray(node)) node.forEach((item, index) => visit(item, `${pointer}/${index}`));
    else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        if (!skip.has(key)) visit(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      }
    }
  };
  visit(document, '#');
  return strings;
}
