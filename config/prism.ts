/**
 * Code colours for both modes. Every token colour reaches at least 4.5:1 against its code
 * block background (WCAG AA); several classic-theme defaults do not. Colours follow the
 * GitHub Primer palettes, which are designed for that contrast.
 */
import type {PrismTheme} from 'prism-react-renderer';

type Palette = {
  background: string;
  plain: string;
  comment: string;
  string: string;
  number: string;
  keyword: string;
  function: string;
  tag: string;
  builtin: string;
  deleted: string;
  inserted: string;
};

function theme(palette: Palette): PrismTheme {
  return {
    plain: {color: palette.plain, backgroundColor: palette.background},
    styles: [
      {
        types: ['comment', 'prolog', 'doctype', 'cdata'],
        style: {color: palette.comment, fontStyle: 'italic'},
      },
      {
        types: ['string', 'attr-value', 'template-string', 'char', 'regex', 'url'],
        style: {color: palette.string},
      },
      {
        types: ['number', 'boolean', 'constant', 'property', 'variable', 'symbol', 'attr-name', 'parameter'],
        style: {color: palette.number},
      },
      {types: ['keyword', 'atrule', 'important', 'selector'], style: {color: palette.keyword}},
      {types: ['function', 'function-variable', 'class-name'], style: {color: palette.function}},
      {types: ['tag', 'namespace'], style: {color: palette.tag}},
      {types: ['builtin', 'entity'], style: {color: palette.builtin}},
      {types: ['punctuation', 'operator'], style: {color: palette.plain}},
      {types: ['deleted'], style: {color: palette.deleted}},
      {types: ['inserted'], style: {color: palette.inserted}},
    ],
  };
}

export const lightCodeTheme = theme({
  background: '#f6f8fa',
  plain: '#1f2328',
  comment: '#57606a',
  string: '#0a3069',
  number: '#0550ae',
  keyword: '#cf222e',
  function: '#6639ba',
  tag: '#116329',
  builtin: '#953800',
  deleted: '#82071e',
  inserted: '#116329',
});

export const darkCodeTheme = theme({
  background: '#161b22',
  plain: '#e6edf3',
  comment: '#8b949e',
  string: '#a5d6ff',
  number: '#79c0ff',
  keyword: '#ff7b72',
  function: '#d2a8ff',
  tag: '#7ee787',
  builtin: '#ffa657',
  deleted: '#ffa198',
  inserted: '#7ee787',
});
