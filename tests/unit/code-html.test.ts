/** Code block lines rendered as one HTML string: same markup as the theme's Line components, escaped. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {Prism, normalizeTokens, type Token} from 'prism-react-renderer';
import {readdirSync} from 'node:fs';
import path from 'node:path';
import type {Code} from 'mdast';
import {visit} from 'unist-util-visit';
import {readFileSync} from 'node:fs';
import {
  colourClass,
  decodeTokenRuns,
  encodeTokenRuns,
  linesToHtml,
  tokenColours,
} from '../../src/lib/codeHtml';
import {
  highlightCode,
  highlightTokenRuns,
  tokenize,
  usesLineFeatures,
} from '../../plugins/code-highlight/remark';
import {renderPageMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import {docsDir, renderedDocs, withDocs} from './helpers/pages';

const root = path.resolve(__dirname, '../..');

/** Each character of a block with the colour it is shown in ('' for the plain colour), line by line. */
function characterColours(tokenLines: Token[][]): string[][] {
  return tokenLines.map((line) =>
    line.flatMap((token) =>
      token.empty
        ? []
        : Array.from(token.content, (character) => `${character}\t${colourClass(token.types)}`),
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

test('tokens become spans of their colour, text in the plain colour stays text, lines are newlines', () => {
  const html = linesToHtml(lines('const a = 1;\nfetch(a);', 'javascript'), {lineClassNames: {}});
  // Punctuation and operators are in the plain colour: no span.
  assert.equal(
    html,
    '<span class="k">const</span> a = <span class="n">1</span>;\n<span class="f">fetch</span>(a);',
  );
});

test("a token's colour is the last colour group naming one of its Prism types, as code.css's cascade was", () => {
  assert.equal(colourClass(['keyword', 'module']), 'k');
  assert.equal(colourClass(['string-interpolation', 'interpolation', 'string']), 's');
  // `punctuation` comes after `string` and `keyword`: plain.
  assert.equal(colourClass(['string-interpolation', 'interpolation', 'punctuation']), '');
  assert.equal(colourClass(['method', 'function', 'property-access']), 'f');
  assert.equal(colourClass(['plain']), '');
  assert.equal(colourClass(['no-such-type']), '');
  // A colour class is its own colour (tokens rebuilt from token runs).
  assert.equal(colourClass(['k']), 'k');
});

test('code.css colours every colour class the build emits, and nothing else', () => {
  const css = readFileSync(path.join(root, 'src/css/code.css'), 'utf8');
  const styled = [
    ...css.matchAll(/^\.prism-code \.([\w-]+) \{\n\s+color: var\(--vultus-code-[\w-]+\);/gm),
  ].map((match) => match[1]);
  const emitted = tokenColours.map(([className]) => className).filter(Boolean);
  assert.deepEqual([...styled].sort(), [...emitted].sort());
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
  assert.match(highlightCode('curl -X POST "$URL"', 'bash'), /<span class="f">curl<\/span>/);
  assert.equal(
    highlightCode('POST /v1/face/match HTTP/1.1', 'http'),
    '<span class="n">POST</span> <span class="s">/v1/face/match</span> <span class="n">HTTP/1.1</span>',
  );
  assert.match(highlightCode('server { listen 80; }', 'nginx'), /^<span class="k">server<\/span> \{ /);
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
    assert.deepEqual(characterColours(decoded), characterColours(tokens));
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
  // The docs pages as the other tests read them (rendered once per process), then the blog's.
  const docs = (await renderedDocs()).map(({file, tree}) => ({file: path.join(docsDir, file), tree}));
  const blog = await Promise.all(
    markdownFiles()
      .filter((file) => !file.startsWith(`${docsDir}${path.sep}`))
      .map(async (file) => ({file, tree: (await renderPageMarkdown(await withDocs(), file)).tree})),
  );
  for (const {file, tree} of [...docs, ...blog]) {
    visit(tree, 'code', (node: Code) => {
      if (usesLineFeatures(node.value, node.meta)) return;
      const where = `${path.relative(root, file)}:${node.position?.start.line ?? '?'}`;
      const decoded = decodeTokenRuns(node.value, highlightTokenRuns(node.value, node.lang));
      assert.ok(decoded, `${where}: the ${node.lang ?? 'text'} block does not round-trip`);
      assert.deepEqual(characterColours(decoded), characterColours(tokenize(node.value, node.lang)), where);
      blocks += 1;
    });
  }
  assert.ok(blocks > 100, `only ${blocks} code blocks found`);
});

test("token runs name a block's colours once, in a legend, and runs refer to them by letters", () => {
  const runs = encodeTokenRuns(lines('import {a} from "b";', 'javascript'));
  const [legend, first] = runs.split('\n');
  assert.equal(legend, 'k s');
  // ` {a} ` is punctuation and plain text: one plain run.
  assert.equal(first, 'a6 5 a4 1 b3 1');
  // Neighbouring tokens of one colour share a run: `({});` is punctuation, in the plain colour.
  assert.equal(encodeTokenRuns(lines('f({});', 'javascript')), 'f\na1 5');
  assert.deepEqual(decodeTokenRuns('f({});', 'f\na1 5'), [
    [
      {types: ['f'], content: 'f'},
      {types: ['plain'], content: '({});'},
    ],
  ]);
});
