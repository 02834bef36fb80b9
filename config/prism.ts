/**
 * The Prism theme for both colour modes is empty: a block's text and background colours, and
 * its token colours, are CSS (src/css/code.css), with the variables for each mode in
 * src/css/custom.css. So the markup the server renders is right in either mode, code blocks need
 * no second render after hydration (the classic theme remounts every block to swap light inline
 * colours for dark ones), and neither a block nor a token carries a style attribute (the theme
 * writes a non-empty `plain` into two style attributes per block).
 */
import type {PrismTheme} from 'prism-react-renderer';

export const codeTheme: PrismTheme = {plain: {}, styles: []};

/** Prism grammars beyond prism-react-renderer's set, loaded at build time (plugins/code-highlight). */
export const additionalLanguages = ['bash', 'http', 'nginx', 'apacheconf'];

/** The classic theme's default magic comment (`// highlight-next-line`, `highlight-start`/`-end`). */
export const magicComments = [
  {
    className: 'theme-code-block-highlighted-line',
    line: 'highlight-next-line',
    block: {start: 'highlight-start', end: 'highlight-end'},
  },
];
