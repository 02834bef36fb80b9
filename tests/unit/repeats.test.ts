/**
 * llms-full.txt states a long block once: a later copy becomes a line naming the section that has
 * it, with a link to that section's anchor on the site.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Root} from 'mdast';
import {stringifyMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import {blockMarkdown, heading} from '../../plugins/vultus-contract/mdast';
import {referRepeats, repeatedBlockMinBytes} from '../../plugins/vultus-contract/outputs/repeats';

const parse = (markdown: string): Root => ({type: 'root', children: blockMarkdown(markdown)});

const table = [
  '| Code | When | Fix |',
  '| - | - | - |',
  ...[
    'license_missing',
    'license_expired',
    'license_invalid',
    'license_host_mismatch',
    'license_feature_missing',
  ].map(
    (code) =>
      `| \`${code}\` | The container starts and finds a licence it cannot use (${code}). | Install a valid licence file and restart. |`,
  ),
].join('\n');
const shortTable = '| A | B |\n| - | - |\n| 1 | 2 |';

test('a long block shown on an earlier page becomes a reference to the section that shows it', () => {
  assert.ok(
    Buffer.byteLength(table) >= repeatedBlockMinBytes,
    'the sample table is long enough to be referred to',
  );
  const pages = [
    {
      route: '/onprem-services/face-match',
      title: 'On-premise face match',
      tree: parse(`Intro.\n\n## Licence errors\n\n${table}\n\n${shortTable}`),
    },
    {
      route: '/onprem-services/face-search',
      title: 'On-premise face search',
      tree: parse(`## Licence errors\n\n${table}\n\n${shortTable}\n\nOnly here.`),
    },
  ];
  const before = pages.map((page) => stringifyMarkdown(page.tree));
  const bodies = referRepeats(pages);
  // llms-full.txt then reuses the Markdown its Markdown version was written with.
  assert.equal(bodies[0], pages[0]?.tree, 'a page with nothing referred to comes back as it was passed');
  assert.notEqual(bodies[1], pages[1]?.tree);
  const [first = '', second = ''] = bodies.map(stringifyMarkdown);
  assert.equal(first, before[0], 'the first page keeps every block');
  assert.ok(!second.includes('license_missing'), second);
  assert.ok(
    second.includes(
      'The same table as under [Licence errors](https://docs.vultus.example/onprem-services/face-match#licence-errors) (On-premise face match), above.',
    ),
    second,
  );
  assert.ok(second.includes('## Licence errors'), 'headings stay');
  assert.ok(second.includes('| 1 | 2 |'), 'a short block stays where it is');
  assert.ok(second.includes('Only here.'));
  assert.deepEqual(
    pages.map((page) => stringifyMarkdown(page.tree)),
    before,
    'the pages passed in are not changed',
  );
});

test('a reference uses the id Docusaurus gives the heading: a directive id, or the slug made unique on the page', () => {
  const pages = [
    {
      route: '/a',
      title: 'A',
      tree: {
        type: 'root',
        children: [heading(3, 'Match faces', 'op-match-faces'), ...parse(table).children],
      } as Root,
    },
    {route: '/b', title: 'B', tree: parse(`## Compare two faces\n\n${table}`)},
    {route: '/c', title: 'C', tree: parse(`${table}`)},
  ];
  const [, b = '', c = ''] = referRepeats(pages).map(stringifyMarkdown);
  assert.ok(b.includes('(https://docs.vultus.example/a#op-match-faces) (A), above.'), b);
  assert.ok(c.includes('(https://docs.vultus.example/a#op-match-faces)'), c);

  const repeatsOnItsPage = [
    {route: '/d', title: 'D', tree: parse(`${table}\n\n## Again\n\n## Again\n\nx\n\n${table}`)},
  ];
  const [d = ''] = referRepeats(repeatsOnItsPage).map(stringifyMarkdown);
  assert.ok(d.includes('The same table as at the start of [D](https://docs.vultus.example/d.md), above.'), d);

  const labelled = [
    {route: '/f', title: 'F', tree: parse(`## Delete a face\n\n**Error responses**\n\n${table}`)},
    {route: '/g', title: 'G', tree: parse(`## Delete a collection\n\n**Error responses**\n\n${table}`)},
  ];
  const [, g = ''] = referRepeats(labelled).map(stringifyMarkdown);
  assert.ok(
    g.includes(
      'The same table as “Error responses” under [Delete a face](https://docs.vultus.example/f#delete-a-face) (F), above.',
    ),
    g,
  );

  const slugs = [{route: '/e', title: 'E', tree: parse(`## Again\n\nx\n\n## Again\n\n${table}\n\n${table}`)}];
  const [e = ''] = referRepeats(slugs).map(stringifyMarkdown);
  assert.ok(e.includes('[Again](https://docs.vultus.example/e#again-1) (E), above.'), e);
});

test('a block that links to places on its own page is the same block on each page that shows it', () => {
  const linked = (route: string) =>
    table.replace(
      '`license_expired`',
      `[\`license_expired\`](https://docs.vultus.example${route}#error-license-expired)`,
    );
  const pages = ['/onprem-services/face-match', '/onprem-services/face-search'].map((route) => ({
    route,
    title: route,
    tree: parse(`## Licence errors\n\n${linked(route)}`),
  }));
  const [, second = ''] = referRepeats(pages).map(stringifyMarkdown);
  assert.ok(!second.includes('license_missing'), second);
  assert.ok(second.includes('The same table as under [Licence errors]'), second);
  const [faceMatch, faceSearch] = pages;
  assert.ok(faceMatch && faceSearch);
  const elsewhere = referRepeats([
    faceMatch,
    {...faceSearch, tree: parse(`## Licence errors\n\n${linked('/responses')}`)},
  ]).map(stringifyMarkdown);
  assert.ok(elsewhere[1]?.includes('license_missing'), 'a link to another page makes another block');
});

test('a nested list an earlier place shows (the fields of a shared object) is stated once', () => {
  const fields = ['decision', 'score', 'threshold', 'reasons', 'model_version']
    .map((field) => `  - \`result.${field}\` (string): What the ${field} of the result block says, in full.`)
    .join('\n');
  const page = (route: string, operation: string) => ({
    route,
    title: route,
    tree: parse(
      `## ${operation}\n\n- \`id\` (string): The ${operation} id.\n- \`result\` (Result):\n${fields}`,
    ),
  });
  const [first = '', second = ''] = referRepeats([
    page('/services/face-match', 'Match'),
    page('/services/face-search', 'Search'),
  ]).map(stringifyMarkdown);
  assert.ok(first.includes('result.model_version'), 'the first place lists the fields');
  assert.ok(second.includes('The Search id.'), 'the rest of the list stays');
  assert.ok(!second.includes('result.model_version'), second);
  assert.ok(second.includes('The same list as under [Match]'), second);
});
