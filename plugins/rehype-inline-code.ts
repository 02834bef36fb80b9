/**
 * Rehype plugin: inline code longer than an identifier (`code-long`, more than 24 characters: a
 * URL, an image name, a command, a sample value) is marked, and may break across lines only
 * between its parts: a `<wbr>` at each place ../src/lib/codeBreaks.ts names (src/css/custom.css).
 * Every other inline code is an identifier (a field, an error code, a header) and never breaks
 * inside itself: a table it widens scrolls in its own region (./rehype-table-scroll.ts) instead of
 * crushing it.
 * (tests/browser/identifiers.spec.ts walks every docs page.)
 */
import type {Element, ElementContent, Root} from 'hast';
import {toString} from 'hast-util-to-string';
import {visit} from 'unist-util-visit';
import {codePieces} from '../src/lib/codeBreaks';

/** The longest inline code that stays on one line (tests/browser/identifiers.spec.ts). */
export const identifierLength = 24;

/** The text of a long code with a `<wbr>` at each place it may break. */
export function withBreaks(text: string): ElementContent[] {
  return codePieces(text).flatMap((part, at): ElementContent[] => {
    const piece: ElementContent = {type: 'text', value: part};
    if (at === 0) return [piece];
    const wbr: Element = {type: 'element', tagName: 'wbr', properties: {}, children: []};
    return [wbr, piece];
  });
}

export default function rehypeInlineCode() {
  return (tree: Root): void => {
    visit(tree, 'element', (node: Element, _index, parent) => {
      if (node.tagName !== 'code') return;
      if (parent?.type === 'element' && parent.tagName === 'pre') return;
      if (toString(node).trim().length <= identifierLength) return;
      const classes = Array.isArray(node.properties.className) ? node.properties.className : [];
      node.properties.className = [...classes, 'code-long'];
      node.children = node.children.flatMap((child) =>
        child.type === 'text' ? withBreaks(child.value) : [child],
      );
    });
  };
}
