/**
 * `::include` (plugins/vultus-contract/partials/include.ts): a part several pages share is written once in
 * docs/_partials/ and expanded into each page; a wrong include fails the build naming the partial.
 * And the class of defect it exists for: no two pages repeat a long run of the same source lines.
 */
import {Sources} from '../../plugins/vultus-contract/sources';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import type {Root} from 'mdast';
import {expandIncludes, expandSnippets} from '../../plugins/vultus-contract/partials/include';
import {docsDir, listMarkdown, renderedDocs} from './helpers/pages';

function withPartial(partial: string, page: string): string {
  const siteDir = mkdtempSync(path.join(tmpdir(), 'vultus-include-'));
  try {
    mkdirSync(path.join(siteDir, 'docs/_partials'), {recursive: true});
    writeFileSync(path.join(siteDir, 'docs/_partials/shared.md'), partial);
    const processor = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
    const tree = processor.parse(page) as Root;
    expandIncludes(tree, new Sources(siteDir), (node) => `page.md:${node.position?.start.line ?? '?'}`);
    return unified().use(remarkGfm).use(remarkDirective).use(remarkStringify).stringify(tree);
  } finally {
    rmSync(siteDir, {recursive: true, force: true});
  }
}

const partial = [
  '---',
  'params:',
  '  path: the sessions collection',
  '---',
  'Create the session with `POST {{path}}`.',
  '',
  '```bash',
  'curl -sS "$API{{path}}"',
  '```',
  '',
].join('\n');

test('an include puts the partial in the page, its values in prose and in code', () => {
  const out = withPartial(
    partial,
    '# Page\n\n::include{src="shared.md" path="/liveness/interactive/sessions"}\n\nAfter.\n',
  );
  assert.match(out, /Create the session with `POST \/liveness\/interactive\/sessions`\./);
  assert.match(out, /curl -sS "\$API\/liveness\/interactive\/sessions"/);
  assert.ok(
    out.indexOf('Create the session') < out.indexOf('After.'),
    'the partial sits where the include is',
  );
});

test('a wrong include fails naming the page line and the partial', () => {
  assert.throws(
    () => withPartial(partial, '::include{src="shared.md"}\n'),
    /page\.md:1: ::include: docs\/_partials\/shared\.md needs path="…"/,
  );
  assert.throws(
    () => withPartial(partial, '::include{src="shared.md" path="/a" mode="x"}\n'),
    /docs\/_partials\/shared\.md has no parameter mode \(it takes path\)/,
  );
  assert.throws(
    () => withPartial(partial, '::include{src="missing.md"}\n'),
    /docs\/_partials\/missing\.md not found/,
  );
  assert.throws(
    () => withPartial('Uses {{mode}}.\n', '::include{src="shared.md"}\n'),
    /\{\{mode\}\} is not declared in its front matter "params"/,
  );
});

/** Source lines long enough to be a sentence or a line of code, not a heading, a rule or a directive. */
function substantialLines(source: string): Set<string> {
  return new Set(
    source
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length >= 40 && !/^(#|\||:::?|```|-{3})/.test(line)),
  );
}

// Pages that compare themselves with a neighbour share a few sentences on purpose; a shared block of
// integration code or a shared section is what this catches (the six session pages shared 65 to 136
// such lines, the on-premise pages 31 to 57, the two Web SDK pages 108).
const MAX_SHARED_LINES = 25;

test('no two docs pages repeat the same block of source: a shared part is a partial', async () => {
  const files = await listMarkdown(docsDir);
  const lines = files.map((file) => ({
    file: path.relative(docsDir, file),
    lines: substantialLines(readFileSync(file, 'utf8')),
  }));
  const over: string[] = [];
  for (const [i, a] of lines.entries()) {
    for (const b of lines.slice(i + 1)) {
      const shared = [...a.lines].filter((line) => b.lines.has(line)).length;
      if (shared > MAX_SHARED_LINES) over.push(`${a.file} and ${b.file} share ${shared} lines`);
    }
  }
  assert.deepEqual(
    over,
    [],
    `move the shared part into docs/_partials/ and ::include it:\n${over.join('\n')}`,
  );
});

test('a code block takes shared lines from a snippet, indented as the include line', () => {
  const siteDir = mkdtempSync(path.join(tmpdir(), 'vultus-snippet-'));
  try {
    mkdirSync(path.join(siteDir, 'docs/_partials'), {recursive: true});
    writeFileSync(path.join(siteDir, 'docs/_partials/verify.py'), 'def verify(body):\n    return True\n');
    assert.equal(
      expandSnippets('class A:\n    %{include verify.py}\n    x = 1', new Sources(siteDir)),
      'class A:\n    def verify(body):\n        return True\n    x = 1',
    );
    assert.throws(
      () => expandSnippets('%{include nope.js}', new Sources(siteDir)),
      /docs\/_partials\/nope\.js not found/,
    );
    assert.throws(
      () => expandSnippets('%{include shared.md}', new Sources(siteDir)),
      /placed with ::include/,
    );
  } finally {
    rmSync(siteDir, {recursive: true, force: true});
  }
});

test('every partial and snippet is used, partials are not pages, and no page shows a placeholder', async () => {
  const {readdirSync} = await import('node:fs');
  const partialsDir = path.join(docsDir, '_partials');
  const names = readdirSync(partialsDir);
  const pages = await renderedDocs();
  assert.ok(
    pages.every((page) => !page.file.startsWith('_')),
    'docs/_partials/ holds parts of pages, not pages',
  );
  const sources = [
    ...pages.map((page) => page.source),
    ...names.map((name) => readFileSync(path.join(partialsDir, name), 'utf8')),
  ].join('\n');
  for (const name of names) {
    const used = name.endsWith('.md') ? `::include{src="${name}"` : `%{include ${name}}`;
    assert.ok(sources.includes(used), `docs/_partials/${name} is used by no page`);
  }
  for (const page of pages) {
    assert.doesNotMatch(
      page.markdown,
      /\{\{[a-z][a-z0-9_]*\}\}|%\{include /,
      `${page.file} shows a placeholder`,
    );
  }
});
