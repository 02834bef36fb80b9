/**
 * /parameters/responses promises that "a field typed with `| null` is always present and can be
 * `null`", and strict parsers are written from that rule. It holds for every schema of the
 * contract: a property that can be `null` is in its object's `required`. A field that is absent
 * when it does not apply is not typed `| null`.
 *
 * Run: node --import tsx --test tests/unit/nullable-fields.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {renderPageMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import {docsDir, siteDir, withDocs} from './helpers/pages';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A schema that admits `null`: `type: [x, 'null']`, a `null` branch of oneOf/anyOf, or a `null` in its enum. */
function nullable(schema: unknown): boolean {
  if (!isNode(schema)) return false;
  const type = schema.type;
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  if (schema.const === null || (Array.isArray(schema.enum) && schema.enum.includes(null))) return true;
  return [schema.oneOf, schema.anyOf].some(
    (branches) =>
      Array.isArray(branches) && branches.some((branch) => isNode(branch) && branch.type === 'null'),
  );
}

/** Every `null`-able property outside `required`, with its JSON pointer, in the contract as written. */
function optionalNullables(node: unknown, pointer: string): string[] {
  if (Array.isArray(node))
    return node.flatMap((item, index) => optionalNullables(item, `${pointer}/${index}`));
  if (!isNode(node)) return [];
  const found: string[] = [];
  if (isNode(node.properties)) {
    const required = Array.isArray(node.required) ? node.required : [];
    for (const [name, property] of Object.entries(node.properties)) {
      if (nullable(property) && !required.includes(name)) found.push(`${pointer}/properties/${name}`);
    }
  }
  for (const [key, child] of Object.entries(node)) {
    // Examples are values, not schemas; the x- catalogues hold no schemas.
    if (key === 'example' || key === 'examples' || key.startsWith('x-')) continue;
    found.push(...optionalNullables(child, `${pointer}/${key}`));
  }
  return found;
}

test('every field typed `| null` is required, so it is always present as /parameters/responses says', async () => {
  const page = await renderPageMarkdown(await withDocs(), path.join(docsDir, 'parameters/responses.md'));
  assert.match(
    page.markdown.replace(/\s+/g, ' '),
    /a field typed with `\| null` is always present/,
    'the rule',
  );
  const document = parse(readFileSync(path.join(siteDir, 'contract/openapi.yaml'), 'utf8')) as unknown;
  assert.deepEqual(optionalNullables(document, '#'), [], 'null-able fields that are not required');
});

test('the check finds a null-able field left out of required', () => {
  const schema = {
    properties: {mrz: {oneOf: [{type: 'object'}, {type: 'null'}]}, id: {type: 'string'}},
    required: ['id'],
  };
  assert.deepEqual(optionalNullables({components: {schemas: {Doc: schema}}}, '#'), [
    '#/components/schemas/Doc/properties/mrz',
  ]);
});
