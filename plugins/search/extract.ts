/**
 * What a reader can find: a built docs page (HTML) → its search entries. One entry for the page,
 * one per heading (h2–h4) with the prose, lists, admonitions and code identifiers under it, and
 * one per table row (its first cell is what the row is about: a code, header, field, key,
 * browser), each with the anchor a hit lands on. The field lists of the API reference
 * (`ul.api-fields`, plugins/vultus-contract/contract/fieldList.ts) are read as the field tables
 * they replaced: one entry per field, its full name as the title, its type and description as the
 * text. Runs at build time only.
 */
import {
  isMarkedKind,
  searchDeprecatedAttribute,
  searchKindAttribute,
  type MarkedKind,
} from '../../src/lib/search/facets';
import {load, type CheerioAPI} from 'cheerio';
import type {AnyNode, Element} from 'domhandler';
import {commentClass} from '../../src/lib/codeHtml';
import type {SearchEntry} from '../../src/lib/search/engine';

/** Identifier-like words of code samples: paths, headers, keys, flags, calls. */
const codeIdentifier = /[A-Za-z$@][\w$@]*(?:[-./:][\w$@]+)+|[a-z]+[A-Z][\w]*|[A-Za-z]+_[\w]+|--?[a-z][\w-]+/g;
/** The first words of each shell command line (`docker compose pull`, `helm install`). */
const shellCommand = /^\s*(?:\$\s*)?((?:sudo\s+)?[a-z][\w.-]*(?:\s+[a-z][\w.-]*){0,2})/gm;

/**
 * Sections that only point elsewhere ("Related pages", "Where to go next": links with the
 * other pages' one-line summaries). Indexed, they would answer every query their links
 * mention, above the pages that answer it.
 */
const navigationSections = new Set(['related-pages', 'where-to-go-next']);

const squash = (value: string): string => value.replace(/\s+/g, ' ').trim();

/** The identifiers of a code block, once each, in the order they first appear. */
export function codeIdentifiers(code: string, language: string): string[] {
  const found = new Set<string>(code.match(codeIdentifier) ?? []);
  if (/^(bash|sh|shell|console|text)$/.test(language)) {
    for (const match of code.matchAll(shellCommand)) if (match[1]) found.add(match[1]);
  }
  return [...found].filter((word) => word.length > 2 && !/^\d/.test(word));
}

/** The anchor of a table row: the row's own id, or the first id inside it. */
function rowAnchor($: CheerioAPI, row: Element): string {
  const own = $(row).attr('id');
  if (own) return own;
  return $(row).find('[id]').first().attr('id') ?? '';
}

/**
 * The identifier a list item defines, as in "- `starting_after`: the cursor…" (a code span
 * first, then a colon or a dash), or undefined for any other item.
 */
function definedTerm($: CheerioAPI, item: Element): string | undefined {
  const content = (node: Element): AnyNode[] =>
    node.children.filter((child) => !(child.type === 'text' && !child.data.trim()));
  let children = content(item);
  // A loose list wraps each item's text in a paragraph.
  const [only] = children;
  if (children.length === 1 && only?.type === 'tag' && only.tagName === 'p') children = content(only);
  const [first, next] = children;
  if (first?.type !== 'tag' || first.tagName !== 'code') return undefined;
  if (next?.type !== 'text' || !/^\s*[:—–-]\s/.test(next.data)) return undefined;
  return squash($(first).text()) || undefined;
}

/**
 * Cell text with block boundaries as spaces. Cheerio's `text()` runs `<br>`-separated and
 * adjacent block contents together.
 */
function textOf($: CheerioAPI, node: AnyNode): string {
  const parts: string[] = [];
  const walk = (current: AnyNode): void => {
    if (current.type === 'text') parts.push((current as unknown as {data: string}).data);
    else if ('children' in current) {
      const element = current as Element;
      if (element.tagName === 'svg' || element.tagName === 'script' || element.tagName === 'style') return;
      if (element.tagName === 'br') parts.push(' ');
      for (const child of element.children) walk(child);
      if (/^(p|li|div|td|th|tr|dd|dt|h\d|pre|blockquote)$/.test(element.tagName)) parts.push(' ');
    }
  };
  walk(node);
  return squash(parts.join(''));
}

/**
 * The field items of a field list (`ul.api-fields`, one `<li>` per field: its name's `<code>`
 * first), depth first, the alternatives' fields included, down to the second level (the deeper
 * ones are collapsed in <details>, as the field tables never showed them, and found through the
 * fields above them): the name, and what a table row's other cells held (where it is sent, its
 * type, "required", its description and constraints).
 */
function fieldItems($: CheerioAPI, list: Element): {item: Element; title: string; text: string}[] {
  const out: {item: Element; title: string; text: string}[] = [];
  const visitList = (node: Element): void => {
    for (const item of $(node).children('li').toArray()) {
      const first = $(item).children().first();
      if (first.is('code')) {
        const cells = [
          ...$(item)
            .children('em, span, strong')
            .toArray()
            .map((cell) => textOf($, cell)),
          $(item)
            .children('p, small')
            .toArray()
            .map((cell) => textOf($, cell))
            .join(' '),
        ];
        const title = squash(first.text());
        if (title) out.push({item, title, text: cells.filter(Boolean).join(' · ')});
      }
      // Its fields, and the alternatives of a choice.
      for (const nested of $(item).children('ul.api-fields').toArray()) visitList(nested);
    }
  };
  visitList(list);
  return out;
}

/**
 * `{deprecated: true}` for a heading, row or field item its renderer marked deprecated
 * (src/lib/search/facets.ts).
 */
const deprecatedMark = (element: Element): {deprecated?: true} =>
  element.attribs[searchDeprecatedAttribute] === undefined ? {} : {deprecated: true};

/** The kind a renderer marked a heading or table with (src/lib/search/facets.ts), if any. */
function markOf(element: Element): {marked?: MarkedKind} {
  const kind = element.attribs[searchKindAttribute];
  if (kind === undefined) return {};
  if (!isMarkedKind(kind)) throw new Error(`${searchKindAttribute}="${kind}" is no kind of search/facets.ts`);
  return {marked: kind};
}

/** The search entries of one built page. `url` is its route. */
export function extractEntries(html: string, url: string): SearchEntry[] {
  const $ = load(html);
  const root = $('article .theme-doc-markdown').first();
  if (root.length === 0) return [];
  const pageTitle = squash(root.find('h1').first().text());
  const description = $('meta[name="description"]').attr('content') ?? '';

  const page: SearchEntry = {kind: 'page', url, hash: '', title: pageTitle, path: [], text: ''};
  const entries: SearchEntry[] = [page];
  /** Headings above the current position, by level (2–4). */
  const headings: {level: number; title: string; id: string}[] = [];
  let section: SearchEntry = page;
  const sectionText: string[] = [description];
  const flush = (): void => {
    section.text = squash(sectionText.join(' '));
    sectionText.length = 0;
  };

  /** The level of the navigation heading whose section is being skipped, or 0. */
  let skipBelow = 0;
  /** The last node walked was a <wbr>. */
  let afterBreak = false;
  const walk = (node: AnyNode): void => {
    if (skipBelow !== 0 && !/^h[2-4]$/.test((node as Element).tagName ?? '')) return;
    if (node.type === 'text') {
      const data = (node as unknown as {data: string}).data;
      // The text after a <wbr> (where long code may break, plugins/rehype-inline-code.ts) goes on
      // the same word.
      if (afterBreak && sectionText.length > 0) sectionText[sectionText.length - 1] += data;
      else sectionText.push(data);
      afterBreak = false;
      return;
    }
    if (node.type !== 'tag') return;
    const element = node as Element;
    const tag = element.tagName;
    afterBreak = tag === 'wbr';
    const classes = $(element).attr('class') ?? '';
    if (tag === 'h1' || tag === 'svg' || tag === 'script' || tag === 'style') return;
    if (/\bhash-link\b/.test(classes) || /\bvultus-chart\b/.test(classes)) return;
    const level = /^h([2-4])$/.exec(tag)?.[1];
    if (level && skipBelow !== 0 && Number(level) > skipBelow) return;
    if (level) {
      flush();
      skipBelow = navigationSections.has(element.attribs.id ?? '') ? Number(level) : 0;
      if (skipBelow !== 0) {
        // Nothing of the skipped section is kept: its text goes to an entry that is not listed.
        section = {...page, text: ''};
        return;
      }
      const title = squash($(element).clone().find('.hash-link').remove().end().text());
      while (headings.length > 0 && (headings.at(-1)?.level ?? 0) >= Number(level)) headings.pop();
      section = {
        kind: 'section',
        url,
        hash: element.attribs.id ? `#${element.attribs.id}` : '',
        title,
        path: [pageTitle, ...headings.map((heading) => heading.title)],
        text: '',
        ...markOf(element),
        ...deprecatedMark(element),
      };
      headings.push({level: Number(level), title, id: element.attribs.id ?? ''});
      entries.push(section);
      return;
    }
    if (tag === 'pre') {
      const language = /language-([\w-]+)/.exec(
        $(element).closest('[class*="language-"]').attr('class') ?? '',
      )?.[1];
      sectionText.push(' ', codeIdentifiers($(element).text(), language ?? '').join(' '), ' ');
      // Comments are prose: "Mirror the selfie preview only" is what the sample is for.
      for (const comment of $(element).find(`.${commentClass}`).toArray()) {
        sectionText.push(' ', $(comment).text(), ' ');
      }
      return;
    }
    if (tag === 'table') {
      const rows = $(element).find('tbody > tr').toArray();
      const columns = $(element)
        .find('thead th')
        .toArray()
        .map((cell) => squash($(cell).text()));
      // The parameter, field and status tables of the API reference's operations (headings
      // `op-…`) and schemas (/parameters/…) repeat the same names again and again; the rows of
      // the other tables (codes, keys, options, and the fields of the error object or the result
      // block in a guide) define things.
      const fieldTable =
        (((columns[0] === 'Field' || columns[0] === 'Name') && columns.includes('Type')) ||
          (columns[0] === 'Status' && columns[1] === 'When')) &&
        (url.startsWith('/parameters/') || headings.some((heading) => heading.id.startsWith('op-')));
      const context = [pageTitle, ...headings.map((heading) => heading.title)];
      let previous: SearchEntry | undefined;
      for (const row of rows) {
        const cells = $(row).children('td, th').toArray();
        const first = cells[0];
        if (!first) continue;
        const title = textOf($, first);
        if (!title) continue;
        const text = cells
          .slice(1)
          .map((cell) => textOf($, cell))
          .join(' · ');
        // Rows that go on about the same thing (`skin_tone` for each group) are one entry, at
        // the first row: the reader sees one result for it, not one per row.
        if (previous?.title === title) {
          previous.text = `${previous.text} · ${text}`;
          continue;
        }
        const anchor = rowAnchor($, row);
        previous = {
          kind: fieldTable ? 'field' : 'row',
          url,
          hash: anchor ? `#${anchor}` : section.hash,
          title,
          path: context,
          text,
          ...markOf(element),
          ...deprecatedMark(row),
        };
        entries.push(previous);
      }
      return;
    }
    if (tag === 'ul' && $(element).hasClass('api-fields')) {
      // As the API reference's field tables: an operation's (headings `op-…`) or a schema's on
      // /parameters/… repeat the same names again and again; elsewhere (the Image object on
      // /requests, the result block on /responses) they define things.
      const kind =
        url.startsWith('/parameters/') || headings.some((heading) => heading.id.startsWith('op-'))
          ? 'field'
          : 'row';
      const context = [pageTitle, ...headings.map((heading) => heading.title)];
      let previous: SearchEntry | undefined;
      for (const {item, title, text} of fieldItems($, element)) {
        if (previous?.title === title) {
          previous.text = `${previous.text} · ${text}`;
          continue;
        }
        const anchor = $(item).attr('id');
        previous = {
          kind,
          url,
          hash: anchor ? `#${anchor}` : section.hash,
          title,
          path: context,
          text,
          ...deprecatedMark(item),
        };
        entries.push(previous);
      }
      return;
    }
    // The caption of a schema's field list only names the schema its heading names.
    if (tag === 'p' && $(element).hasClass('api-fields__caption')) return;
    if (tag === 'li') {
      const term = definedTerm($, element);
      if (term) {
        entries.push({
          kind: 'row',
          url,
          hash: section.hash,
          title: term,
          path: [pageTitle, ...headings.map((heading) => heading.title)],
          text: textOf($, element)
            .slice(term.length)
            .replace(/^\s*[:—–-]\s*/, ''),
        });
      }
    }
    const blockLevel = /^(p|li|ul|ol|div|dd|dt|dl|blockquote|details|summary|figure|figcaption)$/.test(tag);
    if (blockLevel) sectionText.push(' ');
    for (const child of element.children) walk(child);
    if (blockLevel) sectionText.push(' ');
  };
  for (const child of root.contents().toArray()) walk(child);
  flush();
  return entries;
}

/**
 * The entries of all pages with repeats removed: a row whose first cell and text are the same as
 * an earlier row's (the same header on every operation), or a section whose heading and text are
 * the same as an earlier section's (the licence failures every on-premise page shows from one
 * partial), is kept once, where it first appears in page order. A field row kept for several
 * operations becomes a `shared-field`: the place that defines such a field is a section of the
 * guides, not one operation's table.
 */
export function withoutRepeats(entries: SearchEntry[]): SearchEntry[] {
  const first = new Map<string, SearchEntry>();
  return entries.filter((entry) => {
    if (entry.kind === 'page' || (entry.kind === 'section' && entry.text === '')) return true;
    const key = `${entry.kind === 'section' ? 'section' : 'row'}\u0000${entry.title}\u0000${entry.text}`;
    const earlier = first.get(key);
    if (earlier) {
      if (earlier.kind === 'field') earlier.kind = 'shared-field';
      return false;
    }
    first.set(key, entry);
    return true;
  });
}
