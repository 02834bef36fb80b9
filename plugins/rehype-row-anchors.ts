/**
 * Rehype plugin: gives every table body row an anchor, so a search hit, a support reply or
 * another page can link to the row itself. A row that already carries an id (its own, or one
 * inside its first cell, like the catalogue rows) keeps it; any other row gets the id of the
 * heading above the table followed by the slug of its first cell (`browser-support-safari`),
 * made unique on the page the way Docusaurus makes heading ids unique.
 *
 * The field lists of the API reference (plugins/vultus-contract/contract/fieldList.ts) get the
 * same anchors: each field item (`ul.api-fields > li`) is a row whose first cell is its name
 * (`result.decision` under `#op-match-faces` is `#op-match-faces-resultdecision`), so the anchors
 * of the field tables they replaced keep working.
 */
import type {Element, Root} from 'hast';
import {createSlugger} from '@docusaurus/utils';
import {toString} from 'hast-util-to-string';
import {visit} from 'unist-util-visit';

const heading = /^h[1-6]$/;

const textOf = (node: Element): string => toString(node).trim();

const hasClass = (node: Element, name: string): boolean =>
  Array.isArray(node.properties.className) && node.properties.className.includes(name);

/**
 * The name of a field item (`ul.api-fields > li` whose first element is the name's `<code>`), or
 * '' for any other element.
 */
function fieldName(node: Element, parent: unknown): string {
  if (node.tagName !== 'li' || !parent || (parent as Element).type !== 'element') return '';
  if (!hasClass(parent as Element, 'api-fields')) return '';
  const first = node.children.find((child): child is Element => child.type === 'element');
  return first?.tagName === 'code' ? textOf(first) : '';
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
    visit(tree, 'element', (node: Element, _, parent) => {
      if (heading.test(node.tagName) && node.properties.id !== undefined) {
        section = String(node.properties.id);
        return;
      }
      const field = fieldName(node, parent);
      if (field) {
        if (node.properties.id === undefined)
          node.properties.id = slugger.slug(section ? `${section} ${field}` : field);
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
