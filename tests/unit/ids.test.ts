/**
 * The id prefixes are stated once, by the contract's id schemas; /common-parameters renders them
 * (::id-prefixes). Every id the docs and the contract show starts with one of them.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {idPrefixes} from '../../plugins/vultus-contract/contract/ids';
import {renderedDocs, sources} from './helpers/pages';

const idLike = /(?<![\w-])([a-z]+)_[0-9A-Za-z]{24}(?![\w-])/g;

test('every id prefix is one id schema, and /common-parameters lists them all', async () => {
  const contract = await sources.contract();
  const prefixes = idPrefixes(contract);
  const names = prefixes.map((entry) => entry.prefix);
  assert.ok(names.length >= 19, `${names.length} id schemas`);
  assert.deepEqual(
    names.filter((name, index) => names.indexOf(name) !== index),
    [],
    'two id schemas share a prefix',
  );
  const page = (await renderedDocs()).find((entry) => entry.route === '/common-parameters');
  assert.ok(page);
  for (const {prefix, object} of prefixes) {
    assert.match(page.markdown, new RegExp(`\\| \`${prefix}_\` +\\|`), `${prefix}_ in the table`);
    if (object) assert.ok(page.markdown.includes(`\`${object}\``), `${object} in the table`);
  }
});

test('every id in the contract and on the pages starts with a prefix the contract defines', async () => {
  const contract = await sources.contract();
  const known = new Set(idPrefixes(contract).map((entry) => entry.prefix));
  const unknown = new Set<string>();
  const scan = (where: string, text: string) => {
    for (const match of text.matchAll(idLike)) {
      if (!known.has(match[1] ?? '')) unknown.add(`${where}: ${match[0]}`);
    }
  };
  scan('contract/openapi.yaml', JSON.stringify(contract.document));
  for (const page of await renderedDocs()) scan(page.file, page.markdown);
  assert.deepEqual([...unknown], []);
});
