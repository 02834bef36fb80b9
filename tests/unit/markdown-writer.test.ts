/**
 * The Markdown versions and llms-full.txt are written block by block, each block that many pages
 * share written once (plugins/vultus-contract/outputs/markdown.ts, `blockwiseWriter`). What a
 * reader gets must be what remark-stringify writes for the whole page: the same bytes on every
 * docs page, and two lists in a row still two lists.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Root} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {blockwiseWriter, stringifyMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import {renderedDocs} from './helpers/pages';

test('every docs page written block by block is the page written whole', async () => {
  const writer = blockwiseWriter();
  const pages = await renderedDocs();
  assert.ok(pages.length > 30, `the docs pages are found (${pages.length})`);
  for (const page of pages)
    assert.equal(writer.tree(page.tree), page.markdown, `${page.file}: written block by block`);
});

test('two lists in a row stay two lists: the second gets the other bullet', () => {
  const tree: Root = fromMarkdown('Intro.\n\n- one\n- two\n\n* three\n* four\n\nEnd.\n');
  assert.deepEqual(
    tree.children.map((node) => node.type),
    ['paragraph', 'list', 'list', 'paragraph'],
  );
  const markdown = blockwiseWriter().tree(tree);
  assert.equal(markdown, stringifyMarkdown(tree));
  assert.equal(fromMarkdown(markdown).children.filter((node) => node.type === 'list').length, 2);
});

test('a tree remark-stringify joins otherwise is written whole: text at the top, raw HTML ending in a line break', () => {
  const trees: Root[] = [
    {
      type: 'root',
      children: [
        {type: 'text', value: 'a'},
        {type: 'text', value: 'b'},
      ],
    },
    {
      type: 'root',
      children: [
        {type: 'html', value: '<div>\n'},
        {type: 'paragraph', children: [{type: 'text', value: 'After.'}]},
      ],
    },
  ];
  for (const tree of trees) assert.equal(blockwiseWriter().tree(tree), stringifyMarkdown(tree));
});
