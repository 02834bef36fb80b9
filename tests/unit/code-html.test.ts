/** Code block lines rendered as one HTML string: same markup as the theme's Line components, escaped. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {Prism, normalizeTokens} from 'prism-react-renderer';
import {linesToHtml} from '../../src/lib/codeHtml';
import {highlightCode, usesLineFeatures} from '../../plugins/code-highlight/remark';

function lines(code: string, language: string): ReturnType<typeof normalizeTokens> {
  const grammar = Prism.languages[language];
  assert.ok(grammar, `Prism has no ${language} grammar`);
  return normalizeTokens(Prism.tokenize(code, grammar));
}

test('tokens become spans with their Prism classes, plain text stays text, lines end with a line break', () => {
  const html = linesToHtml(lines('const a = 1;\nfetch(a);', 'javascript'), {lineClassNames: {}});
  assert.equal(
    html,
    '<div class="token-line"><span class="token keyword">const</span> a ' +
      '<span class="token operator">=</span> <span class="token number">1</span>' +
      '<span class="token punctuation">;</span><br></div>' +
      '<div class="token-line"><span class="token function">fetch</span><span class="token punctuation">(</span>' +
      'a<span class="token punctuation">)</span><span class="token punctuation">;</span><br></div>',
  );
});

test('markup in code is shown as text, never parsed', () => {
  const html = linesToHtml(lines('<img src=x onerror="alert(1)"> & "quotes"', 'markup'), {
    lineClassNames: {},
  });
  assert.ok(!html.includes('<img'), html);
  assert.ok(html.includes('&lt;'), html);
  assert.ok(html.includes('&amp;'), html);
  assert.ok(!/onerror="/.test(html), html);
});

test('an empty line is one line break, not two', () => {
  const html = linesToHtml(lines('a\n\nb', 'python'), {lineClassNames: {}});
  assert.equal(
    html,
    '<div class="token-line">a<br></div><div class="token-line"><br></div><div class="token-line">b<br></div>',
  );
});

test('highlighted and numbered lines carry their classes', () => {
  const html = linesToHtml(lines('one\ntwo', 'python'), {
    lineClassNames: {1: ['theme-code-block-highlighted-line']},
    numbering: {line: 'codeLine', number: 'codeLineNumber', content: 'codeLineContent'},
  });
  assert.match(
    html,
    /^<div class="token-line codeLine"><span class="codeLineNumber"><\/span><span class="codeLineContent">/,
  );
  assert.match(html, /<div class="token-line theme-code-block-highlighted-line codeLine">/);
});

test('the build highlights the extra grammars the site configures (bash, http, nginx)', () => {
  assert.match(highlightCode('curl -X POST "$URL"', 'bash'), /<span class="token function">curl<\/span>/);
  assert.match(highlightCode('POST /v1/face/match HTTP/1.1', 'http'), /class="token request-line"/);
  assert.match(highlightCode('server { listen 80; }', 'nginx'), /class="token directive keyword">server</);
  assert.equal(highlightCode('no <grammar>', 'vue'), '<div class="token-line">no &lt;grammar&gt;<br></div>');
});

test('blocks with line highlighting or numbers are left to the theme', () => {
  assert.equal(usesLineFeatures('a\nb', '{1}'), true);
  assert.equal(usesLineFeatures('a\nb', 'title="x" showLineNumbers'), true);
  assert.equal(usesLineFeatures('// highlight-next-line\na', ''), true);
  assert.equal(usesLineFeatures('a\nb', 'title="{not a range}"'), false);
});
