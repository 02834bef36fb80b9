/**
 * Raw HTML in a `.md` page. Such a page is CommonMark: a `<Tabs>` there is no component but an
 * unknown element, and a `<div>` left open swallows the rest of the page, both without a word from
 * Docusaurus. Each fails the build here, with the file and line. HTML is read by htmlparser2, which
 * says when it had to close an element the page left open.
 */
import type {Html, Root} from 'mdast';
import {Parser} from 'htmlparser2';
import {htmlVoidElements} from 'html-void-elements';
import {visit} from 'unist-util-visit';
import {SourceError} from './errors';

/** Fails on the first JSX-looking tag or unclosed element among the page's raw HTML. */
export function checkRawHtml(tree: Root, where: (node: Html) => string): void {
  const nodes: Html[] = [];
  visit(tree, 'html', (node: Html) => {
    if (!node.value.startsWith('<!--')) nodes.push(node);
  });
  const voidElements = new Set(htmlVoidElements);
  const open: Array<{name: string; node: Html}> = [];
  let current: Html | undefined;
  const parser = new Parser(
    {
      onopentag(name) {
        if (current) open.push({name, node: current});
      },
      onclosetag(name, isImplied) {
        const opened = open.pop();
        if (isImplied && opened && !voidElements.has(name)) {
          throw new SourceError(
            `${where(opened.node)}: <${name}> is never closed (a .md page's HTML must close each element it opens)`,
          );
        }
      },
    },
    {recognizeSelfClosing: true},
  );
  for (const node of nodes) {
    const component = /<\/?([A-Z][\w.]*)/.exec(node.value)?.[1];
    if (component) {
      throw new SourceError(
        `${where(node)}: <${component}> is a React component, which a .md page cannot use: write the page as .mdx, or use a directive (:::code-tabs for code in several languages, see DIRECTIVES.md)`,
      );
    }
    current = node;
    parser.write(node.value);
  }
  current = undefined;
  parser.end();
}
