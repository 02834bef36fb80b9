/**
 * A highlighted code block's lines as one HTML string for `dangerouslySetInnerHTML`: the
 * classic theme's `token <type>` spans, with lines as plain newlines, or, where a line carries a
 * class, the theme's `CodeBlock/Line` markup (`token-line` elements, each ended by `<br>`).
 * React then hydrates one `<code>` element per block instead of a component and an element per
 * line and per token: on the long reference pages, over half of the DOM is code. Token colours
 * come from CSS (src/css/code.css), so no style attribute is needed, and plain text needs no span.
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

/** Prism's untyped text: nothing styles `.token.plain`. */
const isPlain = (token: Token): boolean => token.types.length === 1 && token.types[0] === 'plain';

function tokenHtml(token: Token): string {
  const text = escapeHtml(token.content);
  // Plain text needs no element; it is 40 % of the spans.
  if (isPlain(token)) return text;
  return `<span class="${escapeHtml(['token', ...token.types].join(' '))}">${text}</span>`;
}

export function linesToHtml(lines: Token[][], {lineClassNames, numbering}: LineClasses): string {
  // A line holding only "\n" would break twice (the newline and the <br>): drop the newline,
  // as the theme does (facebook/docusaurus#11565).
  const body = (line: Token[]): string =>
    (line.length === 1 && line[0]?.content === '\n' ? [] : line).map(tokenHtml).join('');
  // A line needs an element of its own only to carry a class (a highlighted or numbered line).
  // Otherwise the lines are text separated by newlines, as in any <pre>: on the long reference
  // pages the theme's <div class="token-line"> and <br> per line were a fifth of the DOM.
  if (!numbering && lines.every((_, index) => !lineClassNames[index]?.length)) {
    return lines.map(body).join('\n');
  }
  return lines
    .map((line, index) => {
      const classes = ['token-line', ...(lineClassNames[index] ?? [])];
      let html = body(line);
      if (numbering) {
        classes.push(numbering.line);
        html = `<span class="${numbering.number}"></span><span class="${numbering.content}">${html}</span>`;
      }
      // The <br> gives an empty line its height.
      return `<div class="${escapeHtml(classes.join(' '))}">${html}<br></div>`;
    })
    .join('');
}

/*
 * Token runs: a block's highlighting without its text. The build (plugins/code-highlight) hands
 * each code block its Prism tokens in this form, and the browser rebuilds the tokens from the
 * code it already has, so a page chunk carries each block's code once: carrying the HTML too
 * made the code-heavy pages' chunks half again as large.
 *
 * The first line is the legend: the block's distinct Prism type lists, space-separated, each
 * joined by "." (`keyword.module punctuation`). Then one line per line of code, a run per token,
 * space-separated: the legend entry as letters (a, b, … z, aa, ab, …) followed by the token's
 * length, or the length alone for plain text. `a6 1 b1` is six characters of `keyword module`,
 * one plain, one `punctuation`. Neighbouring tokens of the same types share a run, and empty
 * tokens have none: the text looks the same and the page has fewer elements. Lengths count UTF-16
 * code units, as `String.prototype.slice` does.
 */

const typeName = /^[\w-]+$/;
const runPattern = /^([a-z]*)(\d+)$/;

/** 0 → a, 25 → z, 26 → aa: bijective base 26. */
function legendKey(index: number): string {
  let key = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    key = String.fromCharCode(97 + ((rest - 1) % 26)) + key;
  }
  return key;
}

function legendIndex(key: string): number {
  let value = 0;
  for (const character of key) value = value * 26 + (character.charCodeAt(0) - 96);
  return value - 1;
}

export function encodeTokenRuns(lines: Token[][]): string {
  const legend: string[] = [];
  const body = lines.map((line) => {
    const runs: Array<{key: string; length: number}> = [];
    for (const token of line) {
      // An empty token shows nothing. normalizeTokens gives an empty line one "\n" token; the
      // code's line is empty.
      if (token.empty || token.content === '') continue;
      let key = '';
      if (!isPlain(token)) {
        if (!token.types.every((type) => typeName.test(type))) {
          throw new Error(`Prism token type ${JSON.stringify(token.types)} cannot be written as a token run`);
        }
        const types = token.types.join('.');
        let index = legend.indexOf(types);
        if (index < 0) index = legend.push(types) - 1;
        key = legendKey(index);
      }
      // Neighbouring tokens of the same types look the same as one (`})` is two punctuation
      // tokens): one run, one element.
      const last = runs.at(-1);
      if (last?.key === key) last.length += token.content.length;
      else runs.push({key, length: token.content.length});
    }
    return runs.map((run) => `${run.key}${run.length}`).join(' ');
  });
  return [legend.join(' '), ...body].join('\n');
}

/** The tokens of `code` from its token runs, or undefined when the runs do not fit the code. */
export function decodeTokenRuns(code: string, runs: string): Token[][] | undefined {
  const [legendLine = '', ...runLines] = runs.split('\n');
  const legend = legendLine.split(' ').map((types) => types.split('.'));
  const codeLines = code.split('\n');
  if (codeLines.length !== runLines.length) return undefined;
  const lines: Token[][] = [];
  for (const [index, text] of codeLines.entries()) {
    const line: Token[] = [];
    let start = 0;
    for (const run of (runLines[index] ?? '').split(' ')) {
      if (run === '') continue;
      const [, key = '', digits = ''] = runPattern.exec(run) ?? [];
      const length = Number(digits);
      const types = key === '' ? ['plain'] : legend[legendIndex(key)];
      if (digits === '' || !types || start + length > text.length) return undefined;
      line.push({types, content: text.slice(start, start + length)});
      start += length;
    }
    if (start !== text.length) return undefined;
    lines.push(line);
  }
  return lines;
}
