/** Code block lines rendered as one HTML string: same markup as the theme's Line components, escaped. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {Prism, normalizeTokens, type Token} from 'prism-react-renderer';
import {readdirSync} from 'node:fs';
import path from 'node:path';
import type {Code} from 'mdast';
import {visit} from 'unist-util-visit';
import {decodeTokenRuns, encodeTokenRuns, linesToHtml} from '../../src/lib/codeHtml';
import {
  highlightCode,
  highlightTokenRuns,
  tokenize,
  usesLineFeatures,
} from '../../plugins/code-highlight/remark';
import {renderPageMarkdown} from '../../plugins/vultus-contract/markdown';

const root = path.resolve(__dirname, '../..');

/** Each character of a block with the Prism types it is shown with ('' for plain text), line by line. */
function characterTypes(tokenLines: Token[][]): string[][] {
  return tokenLines.map((line) =>
    line.flatMap((token) =>
      token.empty
        ? []
        : Array.from(token.content, (character) => {
            const types = token.types.filter((type) => type !== 'plain').join(' ');
            return `${character}\t${types}`;
          }),
    ),
  );
}

/** The Markdown pages of the docs and the blog (a partial's blocks are read in the pages that include it). */
function markdownFiles(): string[] {
  return ['docs', 'blog'].flatMap((dir) =>
    readdirSync(path.join(root, dir), {recursive: true, encoding: 'utf8'})
      .filter((file) => /\.mdx?$/.test(file) && !file.split(path.sep).some((part) => part.startsWith('_')))
      .map((file) => path.join(root, dir, file)),
  );
}

function lines(code: string, language: string): ReturnType<typeof normalizeTokens> {
  const grammar = Prism.languages[language];
  assert.ok(grammar, `Prism has no ${language} grammar`);
  return normalizeTokens(Prism.tokenize(code, grammar));
}

test('tokens become spans with their Prism classes, plain text stays text, lines are newlines', () => {
  const html = linesToHtml(lines('const a = 1;\nfetch(a);', 'javascript'), {lineClassNames: {}});
  assert.equal(
    html,
    '<span class="token keyword">const</span> a ' +
      '<span class="token operator">=</span> <span class="token number">1</span>' +
      '<span class="token punctuation">;</span>\n' +
      '<span class="token function">fetch</span><span class="token punctuation">(</span>' +
      'a<span class="token punctuation">)</span><span class="token punctuation">;</span>',
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

test('an empty line is one newline, and lines get elements only when one carries a class', () => {
  assert.equal(linesToHtml(lines('a\n\nb', 'python'), {lineClassNames: {}}), 'a\n\nb');
  assert.equal(
    linesToHtml(lines('a\n\nb', 'python'), {lineClassNames: {2: ['theme-code-block-highlighted-line']}}),
    '<div class="token-line">a<br></div><div class="token-line"><br></div>' +
      '<div class="token-line theme-code-block-highlighted-line">b<br></div>',
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
  assert.equal(highlightCode('no <grammar>', 'vue'), 'no &lt;grammar&gt;');
});

test('blocks with line highlighting or numbers are left to the theme', () => {
  assert.equal(usesLineFeatures('a\nb', '{1}'), true);
  assert.equal(usesLineFeatures('a\nb', 'title="x" showLineNumbers'), true);
  assert.equal(usesLineFeatures('// highlight-next-line\na', ''), true);
  assert.equal(usesLineFeatures('a\nb', 'title="{not a range}"'), false);
});

test("token runs rebuild each character's highlighting from the code, so a page carries its code once", () => {
  const samples: Array<[string, string]> = [
    ['const a = "<b>&";\n\n  fetch(a); // done\n', 'javascript'],
    ['curl -X POST "$VULTUS_URL/v1/face/match" \\\n  -H "Authorization: Bearer $KEY"', 'bash'],
    ['{\n  "decision": "accept",\n  "score": 0.93\n}', 'json'],
    ['émoji 🙂 and tabs\there', 'python'],
  ];
  for (const [code, language] of samples) {
    const tokens = lines(code, language);
    const runs = encodeTokenRuns(tokens);
    assert.ok(!runs.includes(code.slice(0, 8)), `the runs repeat the code: ${runs}`);
    const decoded = decodeTokenRuns(code, runs);
    assert.ok(decoded, `runs do not fit ${JSON.stringify(code)}`);
    assert.deepEqual(characterTypes(decoded), characterTypes(tokens));
  }
});

test('token runs that do not fit the code are refused, not rendered wrongly', () => {
  const runs = encodeTokenRuns(lines('const a = 1;', 'javascript'));
  assert.equal(decodeTokenRuns('const ab = 1;', runs), undefined);
  assert.equal(decodeTokenRuns('const a = 1;\nmore', runs), undefined);
  assert.equal(decodeTokenRuns('const a = 1', runs), undefined);
});

test('every code block of the docs and the blog survives the round trip through token runs', async () => {
  let blocks = 0;
  for (const file of markdownFiles()) {
    const {tree} = await renderPageMarkdown(root, file);
    visit(tree, 'code', (node: Code) => {
      if (usesLineFeatures(node.value, node.meta)) return;
      const where = `${path.relative(root, file)}:${node.position?.start.line ?? '?'}`;
      const decoded = decodeTokenRuns(node.value, highlightTokenRuns(node.value, node.lang));
      assert.ok(decoded, `${where}: the ${node.lang ?? 'text'} block does not round-trip`);
      assert.deepEqual(characterTypes(decoded), characterTypes(tokenize(node.value, node.lang)), where);
      blocks += 1;
    });
  }
  assert.ok(blocks > 100, `only ${blocks} code blocks found`);
});

test("token runs name a block's type lists once, in a legend, and runs refer to them by letters", () => {
  const runs = encodeTokenRuns(lines('import {a} from "b";', 'javascript'));
  const [legend, first] = runs.split('\n');
  assert.equal(legend, 'keyword.module imports.punctuation imports string punctuation');
  assert.equal(first, 'a6 1 b1 c1 b1 1 a4 1 d3 e1');
  // Neighbouring tokens of the same types share a run: `({});` is one run of punctuation.
  assert.equal(encodeTokenRuns(lines('f({});', 'javascript')), 'function punctuation\na1 b5');
  // More type lists than letters: two-letter keys.
  const many: Token[][] = [Array.from({length: 30}, (_, index) => ({types: [`t${index}`], content: 'x'}))];
  const encoded = encodeTokenRuns(many);
  assert.match(encoded, / z1 aa1 ab1 ac1 ad1$/);
  assert.deepEqual(decodeTokenRuns('x'.repeat(30), encoded), many);
});
