/**
 * "Generate a client" on the intro page tells the whole cost of its openapi-typescript command:
 * the version it pins is the one the tests generate with, and when its flags make response fields
 * with a default optional in the generated types, the section names such a field, so a reader
 * knows to read it with `!` or `??`.
 *
 * Run: node --import tsx --test tests/unit/generate-client.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Heading, RootContent} from 'mdast';
import {toString} from 'mdast-util-to-string';
import {visit} from 'unist-util-visit';
import openapiTS, {astToString} from 'openapi-typescript';
import {pathToFileURL} from 'node:url';
import type {Contract, JsonSchema} from '../../plugins/vultus-contract/contract/contract';
import {mergeAllOf, resolve} from '../../plugins/vultus-contract/contract/schemaTable';
import {codeBlocks, renderedDocs, siteDir, sources} from './helpers/pages';

function section(children: RootContent[], title: string): RootContent[] {
  const start = children.findIndex((node) => node.type === 'heading' && toString(node) === title);
  assert.ok(start >= 0, `the intro page has a "${title}" section`);
  const depth = (children[start] as Heading).depth;
  const end = children.findIndex(
    (node, index) => index > start && node.type === 'heading' && (node as Heading).depth <= depth,
  );
  return children.slice(start + 1, end === -1 ? undefined : end);
}

/** Response schemas' properties with a default, as `schema.property` (`InteractiveLivenessConfig.threshold`). */
function responseDefaults(contract: Contract): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<string>();
  const visitSchema = (schema: JsonSchema): void => {
    const {name} = resolve(contract, schema);
    if (name) {
      if (seen.has(name)) return;
      seen.add(name);
    }
    const merged = mergeAllOf(contract, schema);
    for (const [property, raw] of Object.entries(merged.properties ?? {})) {
      if (resolve(contract, raw).value.default !== undefined && name)
        found.set(`${name}.${property}`, property);
      visitSchema(raw);
    }
    for (const option of [...(merged.oneOf ?? []), ...(merged.anyOf ?? [])]) visitSchema(option);
    if (merged.items) visitSchema(merged.items);
  };
  for (const entry of contract.operations.values()) {
    for (const response of Object.values(entry.rawOperation.responses ?? {})) {
      const schema = resolve(contract, response).value.content?.['application/json']?.schema;
      if (schema) visitSchema(schema);
    }
  }
  return found;
}

test('"Generate a client" pins the tested openapi-typescript and says which response fields its flags make optional', async () => {
  const intro = (await renderedDocs()).find((page) => page.route === '/');
  assert.ok(intro);
  const nodes = section(intro.tree.children, 'Generate a client');
  const command = nodes
    .flatMap((node) => codeBlocks({type: 'root', children: [node]}))
    .find((block) => /\bopenapi-typescript@/.test(block.value));
  assert.ok(command, 'the section shows a pinned openapi-typescript command');
  const pinned = /openapi-typescript@([\d.]+)/.exec(command.value)?.[1];
  const packageJson = JSON.parse(readFileSync(path.join(siteDir, 'package.json'), 'utf8')) as {
    devDependencies?: Record<string, string>;
    dependencies?: Record<string, string>;
  };
  const tested =
    packageJson.devDependencies?.['openapi-typescript'] ?? packageJson.dependencies?.['openapi-typescript'];
  assert.equal(pinned, tested, 'the page pins the openapi-typescript version the tests generate with');

  const nullable = !/--default-non-nullable\s+false/.test(command.value);
  if (nullable) return;
  const contract = await sources.contract();
  const types = astToString(
    await openapiTS(pathToFileURL(path.join(siteDir, 'contract/openapi.yaml')), {defaultNonNullable: false}),
  );
  const optional = [...responseDefaults(contract)].filter(([qualified, property]) => {
    const schema = qualified.split('.')[0] ?? '';
    const block = new RegExp(`\\b${schema}: \\{[\\s\\S]*?\\n {8}\\};`).exec(types)?.[0] ?? '';
    return new RegExp(`\\b${property}\\?:`).test(block);
  });
  assert.ok(
    optional.length > 0,
    'with --default-non-nullable false, response fields with a default are optional',
  );
  const spans: string[] = [];
  // Only where the section speaks of responses: a request field of the same name does not count.
  for (const node of nodes) {
    visit(node, 'paragraph', (paragraph) => {
      if (!/\bresponse/i.test(toString(paragraph))) return;
      visit(paragraph, 'inlineCode', (code) => {
        spans.push(code.value);
      });
    });
  }
  const named = optional.filter(([, property]) =>
    spans.some((span) => span === property || span.endsWith(`.${property}`)),
  );
  assert.ok(
    named.length > 0,
    `the section names none of the response fields its flag makes optional (${optional
      .slice(0, 5)
      .map(([qualified]) => qualified)
      .join(', ')}, …)`,
  );
});
