/**
 * Rehype plugin: gives every table body row an anchor, so a search hit, a support reply or
 * another page can link to the row itself. A row that already carries an id (its own, or one
 * inside its first cell, like the catalogue rows) keeps it; any other row gets the id of the
 * heading above the table followed by the slug of its first cell (`browser-support-safari`),
 * made unique on the page the way Docusaurus makes heading ids unique.
 */
import type {Element, Root} from 'hast';
import {createSlugger} from '@docusaurus/utils';
import {visit} from 'unist-util-visit';

const heading = /^h[1-6]$/;

function textOf(node: Element): string {
  const parts: string[] = [];
  visit(node, 'text', (text: {value: string}) => {
    parts.push(text.value);
  });
  return parts.join('').trim();
}

function hasId(node: Element): boolean {
  let found = false;
  visit(node, 'element', (child: Element) => {
    if (child.properties.id !== undefined) found = true;
  });
  return found;
}

export default function rehypeRowAnchors() {
  return (tree: Root): void => {
    const slugger = createSlugger();
    // Every id already on the page is taken; the slugger then never hands it out again.
    visit(tree, 'element', (node: Element) => {
      if (node.properties.id !== undefined) slugger.slug(String(node.properties.id), {maintainCase: true});
    });
    let section = '';
    visit(tree, 'element', (node: Element) => {
      if (heading.test(node.tagName) && node.properties.id !== undefined) {
        section = String(node.properties.id);
        return;
      }
      if (node.tagName !== 'tbody') return;
      for (const row of node.children) {
        if (row.type !== 'element' || row.tagName !== 'tr') continue;
        const first = row.children.find((cell): cell is Element => cell.type === 'element');
        if (!first || row.properties.id !== undefined || hasId(first)) continue;
        const name = textOf(first);
        if (name) row.properties.id = slugger.slug(section ? `${section} ${name}` : name);
      }
    });
  };
}
