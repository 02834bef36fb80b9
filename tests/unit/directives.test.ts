/**
 * The directive registry (plugins/vultus-contract/directives.ts) is the one list of directives:
 * DIRECTIVES.md's table is written from it, every directive a page uses is in it, and a wrong
 * name or attribute fails with the page and line.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import type {Root} from 'mdast';
import {VFile} from 'vfile';
import {
  directiveRows,
  directivesFile,
  withDirectivesTable,
  writtenRows,
} from '../../scripts/lib/directivesTable';
import {directives} from '../../plugins/vultus-contract/directives';
import remarkVultusContract from '../../plugins/vultus-contract/remark';
import {chartKinds} from '../../plugins/vultus-contract/metrics/charts';
import {withDocs} from './helpers/pages';

test("DIRECTIVES.md's directive table is the registry's (run `npm run directives` after a change)", async () => {
  const text = readFileSync(directivesFile, 'utf8');
  const written = writtenRows(text);
  const expected = directiveRows().flatMap((group) => group.rows);
  assert.ok(written.length > 0, 'DIRECTIVES.md has no directive table between the markers');
  assert.deepEqual(written, expected);
  // The whole file, the sources' headings included, is what `npm run directives` writes.
  assert.equal(
    await withDirectivesTable(text),
    text,
    'DIRECTIVES.md is out of date: run `npm run directives`',
  );
});

test('each directive name is registered once per syntax, and each chart kind names its attributes', () => {
  const keys = directives.map((directive) => `${directive.syntax}:${directive.name}`);
  assert.deepEqual(
    keys.filter((key, index) => keys.indexOf(key) !== index),
    [],
  );
  const chart = directives.find((directive) => directive.name === 'chart');
  for (const [kind, {attributes}] of Object.entries(chartKinds)) {
    for (const attribute of attributes) {
      assert.ok(
        chart?.attributes !== 'params' && chart?.attributes.includes(attribute),
        `::chart does not accept ${attribute}, which kind="${kind}" takes`,
      );
    }
  }
});

async function render(markdown: string): Promise<void> {
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkDirective)
    .use(remarkVultusContract, {sources: await withDocs()});
  const file = new VFile({path: 'docs/example.md', value: markdown});
  await processor.run(processor.parse(file) as Root, file);
}

test('a wrong directive fails with the page, the line and what it takes', async () => {
  await assert.rejects(
    render('# A\n\n::operaton{id="matchFaces"}\n'),
    /docs\/example\.md:3: unknown directive ::operaton/,
  );
  await assert.rejects(
    render('Text.\n\n::operation{id="matchFaces" ids="x"}\n'),
    /docs\/example\.md:3: ::operation: unknown attribute ids \(it takes id\)/,
  );
  await assert.rejects(
    render('Up to :fact{key="limits.image.max_bytes" as="MB" unit="x"}.\n'),
    /:fact: unknown attribute unit/,
  );
  await assert.rejects(render('::chart{kind="det" metric="fmr"}\n'), /::chart: kind="det" takes no metric/);
  await assert.rejects(
    render('::chart{kind="pie"}\n'),
    /::chart: unknown kind "pie" \(det, fnir-gallery, groups, apcer, mae-age\)/,
  );
  // Prose such as "1:N" parses as a text directive and stays prose; admonitions stay admonitions.
  await render('Search is 1:N.\n\n:::tip\nA tip.\n:::\n');
});
