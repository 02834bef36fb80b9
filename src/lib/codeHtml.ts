/**
 * A highlighted code block's lines as one HTML string for `dangerouslySetInnerHTML`: a span per
 * run of one token colour (`tokenColours`), with lines as plain newlines, or, where a line carries
 * a class, the theme's `CodeBlock/Line` markup (`token-line` elements, each ended by `<br>`).
 * React then hydrates one `<code>` element per block instead of a component and an element per
 * line and per token: on the long reference pages, over half of the DOM is code. Token colours
 * come from CSS (src/css/code.css), so no style attribute is needed, and text in the plain colour
 * needs no span.
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

/**
 * The colours of code, each a class that src/css/code.css styles, with the Prism token types it
 * colours. Prism gives a token a list of types (`keyword module`, `string-interpolation
 * interpolation punctuation`); its colour is the last group here that names one of them, as when
 * code.css styled Prism's `.token` classes in this order and the later rule won. The group with no
 * class is the plain colour: punctuation and operators, like text no group names, need no span.
 * (One difference from those rules: the old comment rule also made a `doctype` token italic, and
 * the later punctuation rule reset only its colour, so the `<!` of `<!doctype html>` was italic;
 * it is upright now.)
 * The classes are one letter because a code-heavy page carries thousands of them
 * (tests/unit/code-html.test.ts checks code.css styles each one).
 */
export const tokenColours: ReadonlyArray<readonly [className: string, types: readonly string[]]> = [
  ['c', ['comment', 'prolog', 'doctype', 'cdata']],
  ['s', ['string', 'attr-value', 'template-string', 'char', 'regex', 'url']],
  ['n', ['number', 'boolean', 'constant', 'property', 'variable', 'symbol', 'attr-name', 'parameter']],
  ['k', ['keyword', 'atrule', 'important', 'selector']],
  ['f', ['function', 'function-variable', 'class-name']],
  ['t', ['tag', 'namespace']],
  ['b', ['builtin', 'entity']],
  ['', ['punctuation', 'operator']],
  ['d', ['deleted']],
  ['i', ['inserted']],
];

/** The class of the comment colour (the search index reads comments out of code by it). */
export const commentClass = 'c';

/**
 * The colour class of a token with these Prism types, or '' for the plain colour. A colour class
 * is its own colour, so tokens rebuilt from token runs (`decodeTokenRuns`) resolve as they were.
 */
export function colourClass(types: readonly string[]): string {
  let colour = '';
  for (const [className, coloured] of tokenColours) {
    if (types.some((type) => (className !== '' && type === className) || coloured.includes(type))) {
      colour = className;
    }
  }
  return colour;
}

function tokenHtml(token: Token): string {
  const text = escapeHtml(token.content);
  const colour = colourClass(token.types);
  return colour ? `<span class="${colour}">${text}</span>` : text;
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
 * What is kept of a token is its colour (`colourClass`), not its Prism types. The first line is
 * the legend: the block's colour classes, space-separated (`k s`). Then one line per line of
 * code, a run per colour, space-separated: the legend entry as letters (a, b, … z, aa, ab, …)
 * followed by the run's length, or the length alone for the plain colour. `a6 1 b1` is six
 * characters of `k`, one plain, one `s`. Neighbouring tokens of one colour share a run, and
 * empty tokens have none: the text looks the same and the page has fewer elements. Lengths count
 * UTF-16 code units, as `String.prototype.slice` does.
 */

const runPattern = /^([a-z]?)(\d+)$/;

/** 0 → a, 1 → b: a block has at most as many colours as `tokenColours`, fewer than the letters. */
const legendKey = (index: number): string => String.fromCharCode(97 + index);
const legendIndex = (key: string): number => (key.length === 1 ? key.charCodeAt(0) - 97 : -1);

export function encodeTokenRuns(lines: Token[][]): string {
  const legend: string[] = [];
  const body = lines.map((line) => {
    const runs: Array<{key: string; length: number}> = [];
    for (const token of line) {
      // An empty token shows nothing. normalizeTokens gives an empty line one "\n" token; the
      // code's line is empty.
      if (token.empty || token.content === '') continue;
      let key = '';
      const colour = colourClass(token.types);
      if (colour) {
        let index = legend.indexOf(colour);
        if (index < 0) index = legend.push(colour) - 1;
        key = legendKey(index);
      }
      // Neighbouring tokens of one colour look the same as one (`"key":` is a property and an
      // operator, `})` two punctuation tokens): one run, at most one element.
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
  const legend = legendLine.split(' ').map((colour) => [colour]);
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
