/**
 * Remark plugin: expands the Vultus directives in docs Markdown into tables, code tabs, charts and
 * endpoint headers at build time, so each page ships only its own data and a reader without
 * JavaScript sees everything. The directives, what each takes and renders, are listed in
 * ./directives.ts (and in DIRECTIVES.md); `%{key}` in code and inline code takes a named fact
 * (./facts/facts.ts).
 *
 * Order: `::include` first (a partial's content may hold any other directive), then `%{key}` in
 * code, then every other directive, innermost last. An unknown attribute, a missing one, or a
 * renderer's error fails the build with the file and line.
 */
import type {BlockContent, Code, InlineCode, Parent, Root} from 'mdast';
import type {ContainerDirective, LeafDirective, TextDirective} from 'mdast-util-directive';
import type {VFile} from 'vfile';
import path from 'node:path';
import {visit} from 'unist-util-visit';
import {contractRelativePath} from './contract/contract';
import {
  marker,
  type Directive,
  type DirectiveContext,
  type ListedSchemas,
  type RenderMode,
} from './directive';
import {directiveFor, directives} from './directives';
import {didYouMean, SourceError} from './errors';
import {DefaultAdmonitionOptions} from '@docusaurus/mdx-loader/lib/remark/admonitions';
import {substituteFacts} from './facts/facts';
import {expandIncludes} from './partials/include';
import {checkRawHtml} from './rawHtml';
import {noteRead, withoutNoting} from './reads';
import type {Sources} from './sources';

export type Options = {
  /** The site's sources (./sources.ts), which also record the files each page reads (./reads.ts). */
  sources: Sources;
  mode?: RenderMode;
};

type DirectiveNode = LeafDirective | ContainerDirective | TextDirective;

/** The node's attributes as strings; an attribute the directive does not take fails. */
function attributesOf(directive: Directive, node: DirectiveNode): Record<string, string> {
  const attributes = Object.fromEntries(
    Object.entries(node.attributes ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  if (directive.attributes !== 'params') {
    const allowed = directive.attributes;
    const unknown = Object.keys(attributes).filter((name) => !allowed.includes(name));
    if (unknown.length > 0) {
      throw new Error(
        `unknown attribute ${unknown.join(', ')} (it takes ${allowed.length > 0 ? allowed.join(', ') : 'none'})`,
      );
    }
  }
  return attributes;
}

/** Docusaurus's admonitions (`:::note` …), the container directives that are not ours. */
const admonitions = new Set<string>(DefaultAdmonitionOptions.keywords);

const syntaxOf = {leafDirective: 'leaf', textDirective: 'text', containerDirective: 'container'} as const;

const namesOf = (syntax: Directive['syntax']): string[] => [
  ...directives.filter((directive) => directive.syntax === syntax).map((directive) => directive.name),
  ...(syntax === 'container' ? admonitions : []),
];

/**
 * A directive node that is none of ours and was meant as one: every `::name`; a `:::name` that is
 * no admonition; a `:name` with attributes or a label (`:fakt{key="…"}`), where a bare `:name` may
 * be prose ("1:N").
 */
function isMisspeltDirective(node: {
  type: string;
  name?: string | null;
  attributes?: unknown;
  children?: unknown[];
}): node is DirectiveNode {
  if (node.type === 'leafDirective') return true;
  if (node.type === 'containerDirective') return !admonitions.has(node.name ?? '');
  if (node.type !== 'textDirective') return false;
  return Object.keys(node.attributes ?? {}).length > 0 || (node.children?.length ?? 0) > 0;
}

/** An error that a writer's mistake raised (ours, or a renderer's plain `Error` about an attribute), not a defect of the code. */
const isWritersMistake = (error: unknown): boolean =>
  error instanceof SourceError || (error instanceof Error && error.constructor === Error);

/** `VULTUS_LOG_RENDERS=1 npm start` prints each docs page as it renders: which pages an edit renders again. */
const logRenders = Boolean(process.env.VULTUS_LOG_RENDERS);

export default function remarkVultusContract(options: Options) {
  return async (tree: Root, file: VFile): Promise<void> => {
    if (logRenders)
      console.log(`[vultus-contract] rendering ${path.relative(options.sources.siteDir, file.path)}`);
    await options.sources.reads.record(file.path, () =>
      expandDirectives(tree, file, options.sources, options.mode ?? 'site'),
    );
  };
}

async function expandDirectives(tree: Root, file: VFile, sources: Sources, mode: RenderMode): Promise<void> {
  const where = (node: {position?: {start: {line: number}}}) =>
    `${path.relative(sources.siteDir, file.path)}:${node.position?.start.line ?? '?'}`;
  expandIncludes(tree, sources, where);
  if (file.path.endsWith('.md')) checkRawHtml(tree, where);
  const found: Array<{node: DirectiveNode; directive: Directive; parent: Parent; index: number}> = [];
  const withFacts: Array<Code | InlineCode> = [];
  visit(tree, (node, index, parent) => {
    if ((node.type === 'code' || node.type === 'inlineCode') && node.value.includes('%{')) {
      withFacts.push(node);
    }
    const directive = directiveFor(node as {type: string; name?: string});
    if (!directive && isMisspeltDirective(node)) {
      const syntax = syntaxOf[node.type];
      throw new SourceError(
        `${where(node)}: unknown directive ${marker[syntax]}${node.name}${didYouMean(node.name, namesOf(syntax), (name) => marker[syntax] + name)} (the directives are listed in DIRECTIVES.md)`,
      );
    }
    if (directive && parent && index !== undefined) {
      found.push({node: node as DirectiveNode, directive, parent, index});
    }
  });
  if (found.length === 0 && withFacts.length === 0) return;
  // The page depends on the contract where it renders from it, not for being a page with a
  // directive (./reads.ts): a fact notes its own file, a renderer notes the contract by reading it.
  const contract = await withoutNoting(() => sources.contract());
  const contractFile = path.join(sources.siteDir, contractRelativePath);
  for (const node of withFacts) {
    node.value = substituteFacts(contract, sources, node.value, where(node));
  }
  const context: DirectiveContext = {
    get contract() {
      noteRead(contractFile);
      return contract;
    },
    sources,
    mode,
    listed: new Map() as ListedSchemas,
  };
  const failed = (node: DirectiveNode, directive: Directive, error: unknown): Error => {
    const message = `${where(node)}: ${marker[directive.syntax]}${node.name}: ${error instanceof Error ? error.message : String(error)}`;
    // A renderer's own defect (a TypeError, …) keeps its stack; a mistake in the page or its sources does not need one.
    return isWritersMistake(error) ? new SourceError(message) : new Error(message, {cause: error});
  };
  // The schemas the page lists in sections of their own are known before anything renders.
  const withAttributes = found.map((entry) => {
    try {
      const attributes = attributesOf(entry.directive, entry.node);
      const section = entry.directive.lists?.(attributes);
      if (section) context.listed.set(section.schema, {anchor: section.anchor, title: section.title});
      return {...entry, attributes};
    } catch (error) {
      throw failed(entry.node, entry.directive, error);
    }
  });
  // Render in page order (what a directive renders can depend on what came before it, see
  // `listed`), then replace from the end so earlier indexes stay valid.
  const replacements = withAttributes.map(({node, directive, attributes}) => {
    try {
      // Each syntax's renderer takes its own node type; directiveFor matched the two.
      return directive.syntax === 'leaf'
        ? directive.render(attributes, context, node as LeafDirective)
        : directive.syntax === 'text'
          ? directive.render(attributes, context, node as TextDirective)
          : directive.render(attributes, context, node as ContainerDirective);
    } catch (error) {
      throw failed(node, directive, error);
    }
  });
  for (const [position, {node, parent, index}] of [...found.entries()].reverse()) {
    const replacement = replacements[position] as BlockContent[];
    // What a directive renders is placed at the directive, as a partial's content is at its
    // include: a message about it (a broken link, ./links.ts) names the line the writer wrote.
    for (const rendered of replacement)
      visit(rendered, (child) => {
        child.position = node.position;
      });
    parent.children.splice(index, 1, ...replacement);
  }
}
