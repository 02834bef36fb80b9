/**
 * The tables of a rendered page as a reader sees them: the heading row, the rows as text, and the
 * paragraphs just before and after each table (an introduction, a note under it).
 */
import type {Link, Root, RootContent, Table} from 'mdast';
import {toString} from 'mdast-util-to-string';
import {visit} from 'unist-util-visit';

export interface PageTable {
  header: string[];
  rows: string[][];
  /** The first link of each cell of each row ('' where a cell has none). */
  links: string[][];
  /** The paragraph right before the table, if the node before it is one. */
  before?: string;
  /** The paragraph right after the table, if the node after it is one. */
  after?: string;
  /** The nearest heading above the table. */
  section?: string;
}

function cellsOf(row: Table['children'][number]): string[] {
  return row.children.map((cell) => toString(cell).trim());
}

function linksOf(row: Table['children'][number]): string[] {
  return row.children.map((cell) => {
    let url = '';
    visit(cell, 'link', (link: Link) => {
      url ||= link.url;
    });
    return url;
  });
}

/** Every top-level table of a page, in page order. */
export function tablesOf(tree: Root): PageTable[] {
  const tables: PageTable[] = [];
  let section: string | undefined;
  const nodes: RootContent[] = tree.children;
  nodes.forEach((node, index) => {
    if (node.type === 'heading') section = toString(node);
    if (node.type !== 'table') return;
    const [head, ...body] = node.children;
    const previous = nodes[index - 1];
    const next = nodes[index + 1];
    tables.push({
      header: head ? cellsOf(head) : [],
      rows: body.map(cellsOf),
      links: body.map(linksOf),
      ...(previous?.type === 'paragraph' ? {before: toString(previous)} : {}),
      ...(next?.type === 'paragraph' ? {after: toString(next)} : {}),
      ...(section === undefined ? {} : {section}),
    });
  });
  return tables;
}

/** "98.35%" → 0.9835; "1,234" → 1234; undefined when the text is not a number. */
export function numberIn(text: string): number | undefined {
  const match = /^(-?[\d,]*\.?\d+)\s*(%)?/.exec(text.trim());
  if (!match) return undefined;
  const value = Number((match[1] ?? '').replace(/,/g, ''));
  return match[2] ? value / 100 : value;
}

/** Half a unit in the last digit a number is written with ("98.35%" → 0.00005 as a fraction). */
export function halfUnitOf(text: string): number {
  const match = /^-?[\d,]*(?:\.(\d+))?\s*(%)?/.exec(text.trim());
  const decimals = match?.[1]?.length ?? 0;
  return (0.5 * 10 ** -decimals) / (match?.[2] ? 100 : 1);
}

/** "5 of 5,180 (…)" → [5, 5180]. */
export function countIn(text: string): [number, number] | undefined {
  const match = /^([\d,]+) of ([\d,]+)/.exec(text.trim());
  return match ? [Number(match[1]?.replace(/,/g, '')), Number(match[2]?.replace(/,/g, ''))] : undefined;
}
