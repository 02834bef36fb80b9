/**
 * `::include{src="session-example.md" sessions="/liveness/interactive/sessions" …}`: a part that
 * several pages share, written once in a partial under docs/_partials/ and expanded into each page
 * at build time, so a fix lands on every page at once while each page still reads on its own.
 *
 * A partial declares its parameters in its front matter, each with what it is for:
 *
 *   ---
 *   params:
 *     sessions: the sessions collection, e.g. /liveness/interactive/sessions
 *   ---
 *   curl -sS "$API{{sessions}}" …
 *
 * A code block that shares lines with other pages' code blocks (helper functions of a sample)
 * takes them from a snippet: a line `%{include session-verify.js}` alone in a fenced block is
 * replaced by the file docs/_partials/session-verify.js, indented as the line is.
 *
 * `{{name}}` anywhere in the partial (prose, code, directive attributes) takes the value of the
 * include's attribute. A parameter not given, an attribute the partial does not declare, or a
 * placeholder it does not declare fails the build naming the page and the partial. Partials do not
 * include partials. A relative link in a partial resolves from the page that includes it, so the
 * pages that share a partial sit in one folder (or the partial links by route). Docusaurus does not
 * make a route of `_partials/`.
 */
import type {Directive} from '../directive';
import path from 'node:path';
import type {Code, Parent, Root, RootContent} from 'mdast';
import type {LeafDirective} from 'mdast-util-directive';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import {visit} from 'unist-util-visit';
import {parse as parseYaml} from 'yaml';
import type {Sources} from '../sources';

export const partialsDir = 'docs/_partials';

export type Partial = {file: string; params: Record<string, string>; body: string};

const placeholder = /\{\{([a-z][a-z0-9_]*)\}\}/g;

/** A partial's declared parameters and its Markdown body. */
export function readPartial(sources: Sources, src: string): Partial {
  const file = path.posix.join(partialsDir, src);
  if (src.includes('..') || !src.endsWith('.md')) {
    throw new Error(`src="${src}": a Markdown file name under ${partialsDir}/`);
  }
  const source = sources.text(file);
  if (source === undefined) throw new Error(`src="${src}": ${file} not found`);
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  const front = (match ? parseYaml(match[1] as string) : null) as {params?: unknown} | null;
  const params = front?.params ?? {};
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw new Error(`${file}: front matter "params" must map each parameter to what it is for`);
  }
  const body = match ? source.slice(match[0].length) : source;
  for (const [, name] of body.matchAll(placeholder)) {
    if (name !== undefined && !(name in params))
      throw new Error(`${file}: {{${name}}} is not declared in its front matter "params"`);
  }
  return {file, params: params as Record<string, string>, body};
}

const parser = unified()
  .use(remarkParse)
  .use(remarkFrontmatter, ['yaml'])
  .use(remarkGfm)
  .use(remarkDirective);

/** Markdown parsed as the pages are (front matter, GFM, directives), no directive expanded. */
export const parseMarkdown = (markdown: string): Root => parser.parse(markdown) as Root;

/** The partial's Markdown with the include's values in, parsed; every node placed at the include. */
/** The partial's Markdown with the include's values in, after checking the values against its params. */
export function includedMarkdown(sources: Sources, attributes: LeafDirective['attributes']): string {
  const {src, ...values} = Object.fromEntries(
    Object.entries(attributes ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  if (!src) throw new Error('the directive needs the attribute src="…"');
  const partial = readPartial(sources, src);
  const unknown = Object.keys(values).filter((name) => !(name in partial.params));
  if (unknown.length > 0) {
    throw new Error(
      `${partial.file} has no parameter ${unknown.join(', ')} (it takes ${Object.keys(partial.params).join(', ') || 'none'})`,
    );
  }
  const missing = Object.keys(partial.params).filter((name) => values[name] === undefined);
  if (missing.length > 0)
    throw new Error(`${partial.file} needs ${missing.map((name) => `${name}="…"`).join(' ')}`);
  const markdown = partial.body.replace(placeholder, (_, name: string) => values[name] as string);
  if (/^::include\{/m.test(markdown))
    throw new Error(`${partial.file}: a partial cannot include another partial`);
  return markdown;
}

/** The partial's content as syntax tree nodes, every node placed at the include. */
export function expandInclude(sources: Sources, node: LeafDirective): RootContent[] {
  const markdown = includedMarkdown(sources, node.attributes);
  const tree = parseMarkdown(markdown);
  visit(tree, (child) => {
    child.position = node.position;
  });
  return tree.children;
}

const snippetLine = /^([ \t]*)%\{include ([\w.-]+)\}[ \t]*$/gm;

/** A code block's `%{include name}` lines, each replaced by the snippet docs/_partials/<name>. */
export function expandSnippets(code: string, sources: Sources): string {
  return code.replace(snippetLine, (_, indent: string, name: string) => {
    if (name.startsWith('.') || name.endsWith('.md')) {
      throw new Error(
        `%{include ${name}}: a snippet is a code file under ${partialsDir}/ (a .md partial is placed with ::include)`,
      );
    }
    const file = path.posix.join(partialsDir, name);
    const snippet = sources.text(file);
    if (snippet === undefined) throw new Error(`%{include ${name}}: ${file} not found`);
    if (snippet.includes('%{include ')) throw new Error(`${file}: a snippet cannot include another snippet`);
    return snippet
      .replace(/\n$/, '')
      .split('\n')
      .map((line) => (line.length > 0 ? indent + line : line))
      .join('\n');
  });
}

/** Replaces every `::include` of a page with its partial's content, before the other directives expand. */
export function expandIncludes(
  tree: Root,
  sources: Sources,
  where: (node: {position?: {start: {line: number}}}) => string,
): void {
  const found: Array<{node: LeafDirective; parent: Parent; index: number}> = [];
  visit(tree, 'leafDirective', (node: LeafDirective, index, parent) => {
    if (node.name === 'include' && parent && index !== undefined) found.push({node, parent, index});
  });
  for (const {node, parent, index} of found.reverse()) {
    try {
      parent.children.splice(index, 1, ...(expandInclude(sources, node) as Parent['children']));
    } catch (error) {
      throw new Error(`${where(node)}: ::include: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  visit(tree, 'code', (node: Code) => {
    if (!node.value.includes('%{include ')) return;
    try {
      node.value = expandSnippets(node.value, sources);
    } catch (error) {
      throw new Error(`${where(node)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
}

/**
 * A page's Markdown source as the build reads it: each `::include` line replaced by its partial's
 * text and each snippet line by its snippet. For the tests that read sources as text.
 */
export function expandIncludesInSource(source: string, sources: Sources): string {
  const tree = parseMarkdown(source);
  const found: Array<{start: number; end: number; markdown: string}> = [];
  visit(tree, 'leafDirective', (node: LeafDirective) => {
    if (node.name !== 'include') return;
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return;
    found.push({start, end, markdown: includedMarkdown(sources, node.attributes).replace(/\n+$/, '')});
  });
  let expanded = source;
  for (const {start, end, markdown} of found.reverse()) {
    expanded = expanded.slice(0, start) + markdown + expanded.slice(end);
  }
  return expandSnippets(expanded, sources);
}

export const includeDirectives: Directive[] = [
  {
    name: 'include',
    syntax: 'leaf',
    attributes: 'params',
    summary:
      'a part several pages share, written once in `docs/_partials/<src>` with the parameters its front matter declares (`{{name}}` in the partial takes the attribute `name`); expanded before the other directives',
    render: (_, {sources}, node) => expandInclude(sources, node),
  },
];
