/**
 * The rendered API reference shows values, types and code, never the contract's internals: no
 * x-limits key where its value belongs ("`media_retention_hours` (x-limits)"), no "object" for the
 * `null` alternative of a nullable reference ("string | object | null"), and no backtick shown as a
 * character ("in status \`created\`") where a description's code span belongs.
 *
 * Run: node --import tsx --test tests/unit/reference-text.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Root} from 'mdast';
import {visit} from 'unist-util-visit';
import {fieldTree, flattenFields} from '../../plugins/vultus-contract/contract/schemaTable';
import {renderedDocs, sources} from './helpers/pages';

/** The leaf keys of x-limits that name a number: `media_retention_hours`, `max_attempts`, … */
function limitKeys(limits: unknown, path: string[] = []): string[][] {
  if (typeof limits === 'number') return [path];
  if (!limits || typeof limits !== 'object' || Array.isArray(limits)) return [];
  return Object.entries(limits).flatMap(([key, child]) => limitKeys(child, [...path, key]));
}

/** Every property and parameter name of the contract: a field name a page rightly shows as code. */
function fieldNames(document: unknown): Set<string> {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const object = node as Record<string, unknown>;
      if (object.properties && typeof object.properties === 'object') {
        for (const name of Object.keys(object.properties)) names.add(name);
      }
      if (typeof object.name === 'string' && typeof object.in === 'string') names.add(object.name);
      Object.values(object).forEach(walk);
    }
  };
  walk(document);
  return names;
}

test('no rendered page names an x-limits key where its value belongs', async () => {
  const contract = await sources.contract();
  const fields = fieldNames(contract.document);
  // A key that is also a field name (`max_attempts`) is the field; the others only name a limit.
  const keys = limitKeys(contract.document['x-limits'])
    .map((path) => path.join('.'))
    .filter((key) => !fields.has(key.split('.').at(-1) ?? ''));
  const found: string[] = [];
  for (const page of await renderedDocs()) {
    if (page.markdown.includes('(x-limits)')) found.push(`${page.route}: "(x-limits)"`);
    visit(page.tree as Root, 'inlineCode', (node) => {
      if (keys.includes(node.value) || keys.some((key) => key.split('.').at(-1) === node.value)) {
        found.push(`${page.route}: \`${node.value}\``);
      }
    });
  }
  assert.deepEqual(found, [], 'write %{limits.…} in the contract string, so the value shows');
});

test('a nullable reference shows its type and null, never "object"', async () => {
  const contract = await sources.contract();
  const wrong: string[] = [];
  for (const name of Object.keys(contract.document.components.schemas)) {
    const fields = flattenFields(fieldTree(contract, {$ref: `#/components/schemas/${name}`}));
    for (const field of fields) {
      const shown = field.type.map((part) => (typeof part === 'string' ? part : part.schema)).join('');
      if (/ \| object \| null$/.test(shown)) wrong.push(`${name}.${field.name}: ${shown}`);
    }
  }
  assert.deepEqual(wrong, []);
  const pages: string[] = [];
  for (const page of await renderedDocs()) {
    for (const match of page.markdown.matchAll(/^\s*- `[^`]+` \(([^()\n]* \| object \| null)\)/gm)) {
      pages.push(`${page.route}: ${match[1]}`);
    }
  }
  assert.deepEqual(pages, []);
});

test('no rendered page shows a backtick as a character outside code', async () => {
  const found: string[] = [];
  for (const page of await renderedDocs()) {
    visit(page.tree as Root, 'text', (node) => {
      if (node.value.includes('`')) found.push(`${page.route}: ${node.value.slice(0, 90)}`);
    });
    // The Markdown twin escapes such a backtick.
    const prose = page.markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
    if (prose.includes('\\`')) found.push(`${page.route}: an escaped backtick in the Markdown twin`);
  }
  assert.deepEqual(found, [], 'render descriptions as Markdown (inlineMarkdown), not as text');
});
