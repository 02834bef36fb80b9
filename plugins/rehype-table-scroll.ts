/**
 * Rehype plugin: wraps every Markdown table in a scroll container that keyboard users can
 * reach and screen readers can name (WCAG 2.1.1; axe "scrollable-region-focusable").
 * Wide tables scroll inside the container on narrow screens instead of widening the page.
 */
import type {Element, Root} from 'hast';
import {visit} from 'unist-util-visit';

function label(table: Element): string {
  const texts: string[] = [];
  visit(table, 'element', (node: Element) => {
    if (node.tagName === 'th' && texts.length < 3) {
      visit(node, 'text', (textNode: {value: string}) => {
        texts.push(textNode.value.trim());
      });
    }
  });
  const names = texts.filter(Boolean).slice(0, 3);
  return names.length > 0 ? `Table: ${names.join(', ')}` : 'Table';
}

export default function rehypeTableScroll() {
  return (tree: Root): void => {
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'table' || !parent || index === undefined) return;
      if (
        parent.type === 'element' &&
        (parent.properties.className as string[] | undefined)?.includes('table-scroll')
      )
        return;
      parent.children[index] = {
        type: 'element',
        tagName: 'div',
        properties: {className: ['table-scroll'], tabIndex: 0, role: 'region', ariaLabel: label(node)},
        children: [node],
      };
    });
  };
}
