/**
 * Highlights fenced code blocks at build time. Each mdast `code` node gets a `tokens` property
 * (its Prism tokens as token runs, src/lib/codeHtml.ts), which MDX passes to `CodeBlock`; the
 * swizzled `CodeBlock/Content` rebuilds the tokens from the block's code and renders them as one
 * HTML string. Readers' browsers never run Prism: it is not in the client bundle (./index.ts),
 * and hydration does not tokenize.
 *
 * Blocks that use the theme's line features (`{1,3}` or `showLineNumbers` in the metastring,
 * `highlight-next-line` / `highlight-start` magic comments) are left to the theme, which parses
 * them in the browser: their lines are highlighted or numbered, their tokens not coloured. The
 * parser is not importable at build time (its module contains JSX), and no page uses them.
 */
import {createRequire} from 'node:module';
import type {Code, Root} from 'mdast';
import {visit} from 'unist-util-visit';
import {Prism, normalizeTokens, type Token} from 'prism-react-renderer';
import {decodeTokenRuns, encodeTokenRuns, linesToHtml} from '../../src/lib/codeHtml';
import {additionalLanguages, magicComments} from '../../config/prism';

const requireHere = createRequire(__filename);
let grammarsLoaded = false;

/** prism-react-renderer's Prism with the site's extra grammars, as the theme loads them in the browser. */
function prism(): typeof Prism {
  if (!grammarsLoaded) {
    const global = globalThis as {Prism?: unknown};
    const before = global.Prism;
    global.Prism = Prism;
    for (const language of additionalLanguages) requireHere(`prismjs/components/prism-${language}`);
    global.Prism = before;
    grammarsLoaded = true;
  }
  return Prism;
}

const markers = magicComments.flatMap((comment) => [comment.line, comment.block.start, comment.block.end]);

/** Whether the block uses line features the theme parses in the browser. */
export function usesLineFeatures(code: string, meta?: string | null): boolean {
  return (
    /\{[\d,\s.-]+\}/.test(meta ?? '') ||
    /\bshowLineNumbers\b/.test(meta ?? '') ||
    markers.some((marker) => code.includes(marker))
  );
}

/** A code block's Prism tokens, line by line. */
export function tokenize(code: string, lang?: string | null): Token[][] {
  const language = (lang ?? 'text').toLowerCase();
  const grammar = prism().languages[language];
  // mdast's value has no final newline, like the theme's parsed code; Prism's tokens split into lines.
  return normalizeTokens(grammar ? Prism.tokenize(code, grammar) : [code]);
}

/** A code block's highlighting as token runs (src/lib/codeHtml.ts), what the page carries. */
export function highlightTokenRuns(code: string, lang?: string | null): string {
  return encodeTokenRuns(tokenize(code, lang));
}

/** The HTML of a code block's lines, as the page shows them. */
export function highlightCode(code: string, lang?: string | null): string {
  const lines = decodeTokenRuns(code, highlightTokenRuns(code, lang));
  if (!lines) throw new Error(`The token runs of a ${lang ?? 'text'} block do not fit its code`);
  return linesToHtml(lines, {lineClassNames: {}});
}

export default function remarkHighlightCode() {
  return (tree: Root): void => {
    visit(tree, 'code', (node: Code) => {
      if (usesLineFeatures(node.value, node.meta)) return;
      node.data ??= {};
      node.data.hProperties = {...node.data.hProperties, tokens: highlightTokenRuns(node.value, node.lang)};
    });
  };
}
