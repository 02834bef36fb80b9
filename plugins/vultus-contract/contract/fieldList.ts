/**
 * Field lists of the API reference, from a field tree (./schemaTable.ts `fieldTree`): one item per
 * field, its name, type and a "required" badge on one line, the description below, then its
 * constraints (enum values, range, length, pattern, default) on one compact line.
 *
 * Site (`mode: 'site'`): semantic HTML made from the syntax tree (`data.hName`), no component of
 * ours and no client JavaScript: `<ul class="api-fields">`, one `<li>` per field (see `siteField`);
 * the fields of the first two levels are shown, deeper levels sit in a server-rendered `<details>`
 * that opens without JavaScript. Each field item gets its anchor from
 * plugins/rehype-row-anchors.ts, as a table row does, and plugins/search indexes it as it indexes
 * a table row. Styles: src/css/api-reference.css.
 *
 * Markdown (`mode: 'markdown'`, the .md twins and llms-full.txt): nested lists, every level
 * expanded, no HTML.
 *
 * A type that names a component schema links to its definition on /parameters/responses when that
 * page renders it with `::schema` (`#schema-declinereason`, the anchor `::schema` gives it).
 * `::schema{name="…"}` is defined here too: the field list of one component schema.
 */
import path from 'node:path';
import type {List, ListItem, PhrasingContent, RootContent} from 'mdast';
import type {Directive, RenderMode} from '../directive';
import {required} from '../directive';
import {code, inlineMarkdown, link, list, listItem, markDeprecated, paragraph, strong, text} from '../mdast';
import {ContractError, contractRelativePath} from './contract';
import type {ChoiceNode, ChoiceOption, FieldItem, FieldNode, TypePart} from './schemaTable';
import {fieldTree, listedElsewhere} from './schemaTable';
import {noteRead} from '../reads';
import type {Sources} from '../sources';
import type {LeafDirective} from 'mdast-util-directive';
import {visit} from 'unist-util-visit';
import {parseMarkdown} from '../partials/include';

/** Schema name → the URL of its definition. */
export type TypeLinks = ReadonlyMap<string, string>;

/** The page that defines the response objects, one `::schema` section each. */
export const schemaPage = {route: '/parameters/responses', file: 'docs/parameters/responses.md'};

/** The anchor `::schema` gives the field list of a schema: `schema-declinereason`. */
export const schemaAnchor = (name: string): string => `schema-${name.toLowerCase()}`;

/**
 * The schemas that /parameters/responses renders (its `::schema{name="…"}` directives, read from
 * the page's syntax tree), each with the URL of its field list there. A missing page means no links.
 */
export function typeLinks(sources: Sources): TypeLinks {
  noteRead(path.join(sources.siteDir, schemaPage.file));
  return sources.build('typeLinks', () => {
    const source = sources.text(schemaPage.file);
    const names: string[] = [];
    if (source !== undefined) {
      visit(parseMarkdown(source), 'leafDirective', (node: LeafDirective) => {
        const name = node.attributes?.name;
        if (node.name === 'schema' && name) names.push(name);
      });
    }
    return new Map(names.map((name) => [name, `${schemaPage.route}#${schemaAnchor(name)}`]));
  });
}

export type FieldListOptions = {
  mode: RenderMode;
  links: TypeLinks;
  /** Show "required" on required fields (request fields and parameters; response fields are always sent). */
  badges?: boolean;
  /** For `::schema`: the anchor of the schema's list, on a caption that names the schema. */
  anchor?: string;
  /** The schema `anchor` names. */
  schemaName?: string;
};

/** Levels shown open; deeper levels are collapsed in `<details>` on the site. */
const openLevels = 2;

type Node = RootContent | PhrasingContent;

/** An HTML element made from the syntax tree (mdast-util-to-hast turns it into `tag`). */
function element(tag: string, className: string | undefined, children: Node[], id?: string): RootContent {
  return {
    type: 'vultusElement',
    data: {hName: tag, hProperties: {...(className ? {className: [className]} : {}), ...(id ? {id} : {})}},
    children,
  } as unknown as RootContent;
}

function typeContent(parts: TypePart[], links: TypeLinks): PhrasingContent[] {
  return parts.map((part) => {
    if (typeof part === 'string') return text(part);
    const url = links.get(part.schema);
    return url ? link(url, text(part.schema)) : text(part.schema);
  });
}

/**
 * The fields of an alternative, or none when it is a schema defined on /parameters/responses: its
 * linked name says it (the five resources an event can carry would repeat a page each).
 */
function optionFields(option: ChoiceOption, links: TypeLinks): FieldItem[] {
  const [only] = option.label ?? [];
  const defined = option.label?.length === 1 && typeof only === 'object' && links.has(only.schema);
  return defined ? [] : option.children;
}

const choiceLabel = (choice: ChoiceNode): string =>
  choice.of === 'oneOf' ? 'Exactly one of' : 'One or more of';

function factsOf(field: FieldNode): string[] {
  const facts = [...field.constraints];
  if (field.deprecation)
    facts.unshift(
      `Deprecated on ${field.deprecation.announced}: use ${field.deprecation.replacement} instead. It keeps working for the life of \`v1\`, as the [deprecation policy](/revision-history#deprecation-policy) says.`,
    );
  if (field.listedAt)
    facts.push(`Its fields are listed under [${field.listedAt.title}](${field.listedAt.url}).`);
  if (field.recursive) {
    const name = field.type.find((part) => typeof part !== 'string');
    facts.push(
      `Holds another ${name ? `\`${name.schema}\`` : 'object of the same shape'}, whose fields are listed above.`,
    );
  }
  return facts;
}

// ---------------------------------------------------------------------------------------------
// Site

function siteItems(items: FieldItem[], level: number, options: FieldListOptions): RootContent {
  return element(
    'ul',
    'api-fields',
    items.map((item) =>
      item.kind === 'field' ? siteField(item, level, options) : siteChoice(item, level, options),
    ),
  );
}

function countFields(items: FieldItem[]): number {
  return items.reduce(
    (total, item) =>
      total +
      (item.kind === 'field'
        ? 1
        : item.options.reduce((sum, option) => sum + (option.label ? 1 : countFields(option.children)), 0)),
    0,
  );
}

/**
 * One field: `<li>` holding its name (`<code>`, the full dotted name: the anchor and the search
 * entry are made from it), where a parameter is sent (`<em>`), its type (`<span>`), "required"
 * (`<strong>`), "deprecated" (`<mark>`), the description (`<p>`), the constraints (`<small>`: a
 * deprecated field's first says when and what replaces it), then its fields. No class
 * per field: the page chunk carries every element and attribute, so the list costs what the table
 * did (src/css/api-reference.css styles it by position).
 */
function siteField(
  field: FieldNode,
  level: number,
  options: FieldListOptions,
  hideBadge = false,
): RootContent {
  const children: Node[] = [code(field.name)];
  if (field.location) children.push(text(' '), element('em', undefined, [text(field.location)]));
  children.push(text(' '), element('span', undefined, typeContent(field.type, options.links)));
  if (field.required && options.badges && !hideBadge) {
    children.push(text(' '), strong(text('required')));
  }
  if (field.deprecation) children.push(text(' '), element('mark', undefined, [text('deprecated')]));
  if (field.description) children.push(paragraph(...inlineMarkdown(field.description)));
  const facts = factsOf(field);
  if (facts.length > 0) children.push(element('small', undefined, inlineMarkdown(facts.join(' '))));
  if (field.children.length > 0) {
    const nested = siteItems(field.children, level + 1, options);
    if (level + 1 > openLevels) {
      const count = countFields(field.children);
      children.push(
        element('details', undefined, [
          element('summary', undefined, [text(`${count} child field${count === 1 ? '' : 's'}`)]),
          nested,
        ]),
      );
    } else {
      children.push(nested);
    }
  }
  const item = element('li', undefined, children, field.id);
  return field.deprecation ? markDeprecated(item) : item;
}

/** "Exactly one of" / "One or more of", then each alternative: a field, or a label and its fields. */
function siteChoice(choice: ChoiceNode, level: number, options: FieldListOptions): RootContent {
  const alternatives = choice.options.map((option) => {
    const [only] = option.children;
    if (!option.label && option.children.length === 1 && only?.kind === 'field') {
      return siteField(only, level, options, true);
    }
    const content: Node[] = [paragraph(...typeContent(option.label ?? [], options.links))];
    const fields = optionFields(option, options.links);
    if (fields.length > 0) content.push(siteItems(fields, level, options));
    return element('li', undefined, content);
  });
  return element('li', 'api-choice', [
    paragraph(text(choiceLabel(choice))),
    element('ul', 'api-fields', alternatives),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Markdown

function markdownItems(items: FieldItem[], options: FieldListOptions): List {
  return list(
    false,
    items.map((item) =>
      item.kind === 'field' ? markdownField(item, options) : markdownChoice(item, options),
    ),
  );
}

function markdownField(field: FieldNode, options: FieldListOptions, hideBadge = false): ListItem {
  const line: PhrasingContent[] = [code(field.name), text(' (')];
  if (field.location) line.push(text(`${field.location}, `));
  line.push(...typeContent(field.type, options.links));
  if (field.required && options.badges && !hideBadge) line.push(text(', required'));
  if (field.deprecation) line.push(text(', deprecated'));
  line.push(text(')'));
  const prose = [field.description, ...factsOf(field)].filter(Boolean).join(' ');
  if (prose) line.push(text(': '), ...inlineMarkdown(prose));
  const item = listItem(...line);
  if (field.children.length > 0) item.children.push(markdownItems(field.children, options));
  return item;
}

function markdownChoice(choice: ChoiceNode, options: FieldListOptions): ListItem {
  const alternatives = choice.options.map((option): ListItem => {
    const [only] = option.children;
    if (!option.label && option.children.length === 1 && only?.kind === 'field') {
      return markdownField(only, options, true);
    }
    const item = listItem(strong(...typeContent(option.label ?? [], options.links)));
    const fields = optionFields(option, options.links);
    if (fields.length > 0) item.children.push(markdownItems(fields, options));
    return item;
  });
  const item = listItem(text(`${choiceLabel(choice)}:`));
  item.children.push(list(false, alternatives));
  return item;
}

// ---------------------------------------------------------------------------------------------

/** The field list of a tree, as site HTML or as Markdown. */
export function fieldList(items: FieldItem[], options: FieldListOptions): RootContent[] {
  if (items.length === 0) return [];
  if (options.mode === 'markdown') return [markdownItems(items, options)];
  const out: RootContent[] = [];
  if (options.anchor && options.schemaName) {
    // The target of the type links: a self-link, which the build's anchor check sees.
    out.push({
      ...paragraph(text('Fields of '), {
        ...link(`#${options.anchor}`, code(options.schemaName)),
        data: {hProperties: {id: options.anchor}},
      }),
      data: {hProperties: {className: ['api-fields__caption']}},
    });
  }
  out.push(siteItems(items, 1, options));
  return out;
}

export const schemaDirectives: Directive[] = [
  {
    name: 'schema',
    syntax: 'leaf',
    attributes: ['name'],
    summary:
      'the field list of one component schema (`name="Result"`), the section other lists on the page link to',
    lists: (attributes) => {
      const name = required(attributes, 'name');
      return {schema: name, anchor: schemaAnchor(name), title: name};
    },
    render: (attributes, {contract, mode, sources, listed}) => {
      const name = required(attributes, 'name');
      const schema = contract.document.components.schemas[name];
      if (!schema)
        throw new ContractError(`${contractRelativePath}: #/components/schemas/${name}: no such schema`);
      const ref = {$ref: `#/components/schemas/${name}`};
      return fieldList(fieldTree(contract, ref, '', new Set(), listedElsewhere(listed, name)), {
        mode,
        links: typeLinks(sources),
        badges: true,
        anchor: schemaAnchor(name),
        schemaName: name,
      });
    },
  },
];
