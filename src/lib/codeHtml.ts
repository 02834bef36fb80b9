/**
 * A highlighted code block's lines as one HTML string, the markup the classic theme's
 * `CodeBlock/Line` and `Line/Token` components render (`token-line` lines of `token <type>` spans,
 * each line ended by `<br>`), for `dangerouslySetInnerHTML`. React then hydrates one `<code>`
 * element per block instead of a component and an element per line and per token: on the long
 * reference pages, three quarters of the DOM is code. Token colours come from CSS
 * (src/css/code.css), so no style attribute is needed, and plain text needs no span.
 */
import type {Token} from 'prism-react-renderer';

export type LineClasses = {
  /** Class names per line index (highlighted lines from magic comments or `{1,3}` metastrings). */
  lineClassNames: Record<number, string[] | undefined>;
  /** Numbered lines get these classes (`lineNumbering`). */
  numbering?: typeof lineNumbering;
};

const entities: Record<string, string> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'};

/** Classes of numbered lines (`showLineNumbers`), styled in src/theme/CodeBlock/Content. */
export const lineNumbering = {
  line: 'vultus-code-line',
  number: 'vultus-code-line-number',
  content: 'vultus-code-line-content',
};

/** A block's lines without highlighting, for code that was not highlighted at build time. */
export function plainLines(code: string): Token[][] {
  return code.split('\n').map((line) => [{types: ['plain'], content: line}]);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => entities[character] ?? character);
}

function tokenHtml(token: Token): string {
  const text = escapeHtml(token.content);
  // Plain text needs no element: nothing styles `.token.plain`, and it is 40 % of the spans.
  if (token.types.length === 1 && token.types[0] === 'plain') return text;
  return `<span class="${escapeHtml(['token', ...token.types].join(' '))}">${text}</span>`;
}

export function linesToHtml(lines: Token[][], {lineClassNames, numbering}: LineClasses): string {
  return lines
    .map((line, index) => {
      // A line holding only "\n" would break twice (the newline and the <br>): drop the newline,
      // as the theme does (facebook/docusaurus#11565). The <br> gives an empty line its height.
      const tokens = line.length === 1 && line[0]?.content === '\n' ? [] : line;
      const classes = ['token-line', ...(lineClassNames[index] ?? [])];
      let body = tokens.map(tokenHtml).join('');
      if (numbering) {
        classes.push(numbering.line);
        body = `<span class="${numbering.number}"></span><span class="${numbering.content}">${body}</span>`;
      }
      return `<div class="${escapeHtml(classes.join(' '))}">${body}<br></div>`;
    })
    .join('');
}
