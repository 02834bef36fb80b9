/**
 * What a directive is: its name, the Markdown syntax it is written in, the attributes it takes,
 * one line on what it renders (DIRECTIVES.md's table is checked against it), and how it renders.
 * Each module that renders something exports its directives with this type; ./directives.ts
 * lists them all, grouped by the source of what they render.
 */
import type {ContainerDirective, LeafDirective, TextDirective} from 'mdast-util-directive';
import type {RootContent} from 'mdast';
import type {Contract} from './contract/contract';
import type {Sources} from './sources';

/** What a directive renders for: `site` for the pages, `markdown` for the .md twins and llms-full.txt. */
export type RenderMode = 'site' | 'markdown';

export type DirectiveContext = {
  contract: Contract;
  /** Every other source (data files, partials, the docs pages, the facts), loaded once per build. */
  sources: Sources;
  /** `site` for the pages, `markdown` for the .md twins and llms-full.txt. */
  mode: RenderMode;
  /** Where the page lists each schema's fields; directives render in page order. */
  listed: ListedSchemas;
};

/**
 * The component schemas whose fields a page lists, each with the anchor and title of that place:
 * its `::schema` sections (known before anything renders, see `lists`), and the operations that
 * listed a body so far. Any other body or field of the page that holds the same schema links
 * there instead of listing the fields again.
 */
export type ListedSchemas = Map<string, {anchor: string; title: string}>;

type Common = {
  name: string;
  /** Attributes it takes; any other fails the build. `params` for `::include`, whose partial declares them. */
  attributes: string[] | 'params';
  /** What it renders, for DIRECTIVES.md's table. */
  summary: string;
  /**
   * The component schema whose fields it lists in a section of the page, known before any
   * directive renders: the page's other field lists link to that section instead of repeating it.
   */
  lists?: (attributes: Record<string, string>) => {schema: string; anchor: string; title: string};
};

export type Directive = Common &
  (
    | {
        /** `::name{…}` on its own line. */
        syntax: 'leaf';
        render: (
          attributes: Record<string, string>,
          context: DirectiveContext,
          node: LeafDirective,
        ) => RootContent[];
      }
    | {
        /** `:name{…}` inside a sentence. */
        syntax: 'text';
        render: (
          attributes: Record<string, string>,
          context: DirectiveContext,
          node: TextDirective,
        ) => RootContent[];
      }
    | {
        /** `:::name` … `:::` around other Markdown. */
        syntax: 'container';
        render: (
          attributes: Record<string, string>,
          context: DirectiveContext,
          node: ContainerDirective,
        ) => RootContent[];
      }
  );

/** An attribute the directive cannot do without. */
export function required(attributes: Record<string, string>, name: string): string {
  const value = attributes[name];
  if (!value) throw new Error(`the directive needs the attribute ${name}="…"`);
  return value;
}

/** The marker a directive is written with: `::`, `:` or `:::`. */
export const marker = {leaf: '::', text: ':', container: ':::'} as const;
