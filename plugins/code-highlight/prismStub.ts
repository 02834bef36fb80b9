/**
 * What the browser gets for `prism-react-renderer` (see ./index.ts): an empty Prism for the
 * theme's `prism-include-languages` client module to receive. Code blocks arrive highlighted.
 */
export const Prism = {languages: {}};
