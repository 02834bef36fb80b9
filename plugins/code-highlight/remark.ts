/**
 * Highlights fenced code blocks at build time. Each mdast `code` node gets a `highlighted`
 * property (its lines as HTML, src/lib/codeHtml.ts), which MDX passes to `CodeBlock` and the
 * swizzled `CodeBlock/Content` renders as it is. Readers' browsers never run Prism: it is not
 * in the client bundle (./index.ts), and hydration does not tokenize.
 *
 * Blocks that use the theme's line features (`{1,3}` or `showLineNumbers` in the metastring,
 * `highlight-next-line` / `highlight-start` magic comments) are left to the theme, which parses
 * them in the browser: their lines are highlighted or numbered, their tokens not coloured. The
 * parser is not importable at build time (its module contains JSX), and no page uses them.
 */
import {createRequire} from 'node:module';
import type {Code, Root} from 'mdast';
import {visit} from 'unist-util-visit';
import {Prism, normalizeTokens} from 'prism-react-renderer';
import {linesToHtml} from '../../src/lib/codeHtml';
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

/** The HTML of a code block's lines, as the browser rendered them with Prism. */
export function highlightCode(code: string, lang?: string | null): string {
  const language = (lang ?? 'text').toLowerCase();
  const grammar = prism().languages[language];
  // mdast's value has no final newline, like the theme's parsed code; Prism's tokens split into lines.
  const tokens = normalizeTokens(grammar ? Prism.tokenize(code, grammar) : [code]);
  return linesToHtml(tokens, {lineClassNames: {}});
}

export default function remarkHighlightCode() {
  return (tree: Root): void => {
    visit(tree, 'code', (node: Code) => {
      if (usesLineFeatures(node.value, node.meta)) return;
      node.data ??= {};
      node.data.hProperties = {...node.data.hProperties, highlighted: highlightCode(node.value, node.lang)};
    });
  };
}
