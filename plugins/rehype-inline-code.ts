/**
 * Rehype plugin: inline code longer than an identifier (`code-long`, more than 24 characters: a
 * URL, a command, a sample value) is marked so that it may break across lines. Every other inline
 * code is an identifier (a field, an error code, an image name, a header) and never breaks inside
 * itself (src/css/custom.css): a table it widens scrolls in its own region
 * (./rehype-table-scroll.ts) instead of crushing it.
 */
import type {Element, Root} from 'hast';
import {toString} from 'hast-util-to-string';
import {visit} from 'unist-util-visit';

/** The longest inline code that stays on one line (tests/browser/identifiers.spec.ts). */
export const identifierLength = 24;

export default function rehypeInlineCode() {
  return (tree: Root): void => {
    visit(tree, 'element', (node: Element, _index, parent) => {
      if (node.tagName !== 'code') return;
      if (parent?.type === 'element' && parent.tagName === 'pre') return;
      if (toString(node).trim().length <= identifierLength) return;
      const classes = Array.isArray(node.properties.className) ? node.properties.className : [];
      node.properties.className = [...classes, 'code-long'];
    });
  };
}
