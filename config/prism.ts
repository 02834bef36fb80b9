/**
 * The Prism theme for both colour modes: only the block's text and background, as CSS variables.
 * Token colours are CSS rules on Prism's token classes (src/css/code.css), with the variables
 * for each mode in src/css/custom.css. So the markup the server renders is right in either mode,
 * code blocks need no second render after hydration (the classic theme remounts every block to
 * swap light inline colours for dark ones), and no token carries a style attribute.
 */
import type {PrismTheme} from 'prism-react-renderer';

export const codeTheme: PrismTheme = {
  plain: {color: 'var(--vultus-code-plain)', backgroundColor: 'var(--vultus-code-background)'},
  styles: [],
};

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
