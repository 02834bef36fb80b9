/**
 * Ejected from @docusaurus/theme-classic@3.10.2 (lib/theme/prism-include-languages.js) and emptied (VULTUS): upstream loads the
 * `additionalLanguages` grammars into the browser's Prism. Code is highlighted at build time
 * (plugins/code-highlight loads those grammars there), and the browser has no Prism.
 */
export default function prismIncludeLanguages(): void {}
