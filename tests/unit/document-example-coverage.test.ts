/**
 * Every document the examples show is one Vultus reads: an example whose document type or issuing
 * country is outside data/ocr/coverage.yaml would come back with `DOC.UNSUPPORTED_TYPE`, not the
 * clean result it shows. The supported list is `countries`; `specimens` are the issuers test keys
 * also read, whose specimen documents the examples use.
 *
 * Checked: every example of the contract (operations, webhooks, components) and every JSON block
 * and sample of the docs pages that names an issuing country (a document's `issuing_country` with
 * its `type`, an OCR hint `issuing_country` with `document_type`, `accepted_countries`), and an
 * MRZ's issuing state, which must be the document's issuing country.
 *
 * Run: node --import tsx --test tests/unit/document-example-coverage.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {loadData} from '../../plugins/vultus-contract/data/load';
import {docsDir, listMarkdown, siteDir} from './helpers/pages';
import {rawContract} from './helpers/prose';

type Json = Record<string, unknown>;
const coverage = loadData(siteDir, 'ocr/coverage.yaml');
const readable = new Map<string, string[]>(
  [...coverage.countries, ...(coverage.specimens ?? [])].map((issuer) => [
    issuer.code,
    issuer.document_types,
  ]),
);

/** Every example value under `example` or `examples` of a parsed contract, with where it is. */
function contractExamples(document: unknown): Array<{where: string; value: unknown}> {
  const found: Array<{where: string; value: unknown}> = [];
  const visit = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) node.forEach((item, index) => visit(item, `${pointer}/${index}`));
    else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        const at = `${pointer}/${key}`;
        if (key === 'example') found.push({where: at, value: child});
        else if (key === 'examples' && child && typeof child === 'object') {
          for (const [name, example] of Object.entries(child as Json)) {
            found.push({where: `${at}/${name}`, value: (example as Json)?.value ?? example});
          }
        } else visit(child, at);
      }
    }
  };
  visit(document, '#');
  return found;
}

/** What is wrong with the documents an example value holds. */
export function unsupported(value: unknown, where: string): string[] {
  const wrong: string[] = [];
  const visit = (node: unknown, at: string): void => {
    if (Array.isArray(node)) return node.forEach((item, index) => visit(item, `${at}/${index}`));
    if (!node || typeof node !== 'object') return;
    const object = node as Json;
    const country = object.issuing_country;
    if (typeof country === 'string') {
      const types = readable.get(country);
      const type = typeof object.type === 'string' ? object.type : object.document_type;
      if (!types) wrong.push(`${where}${at}: issuing_country ${country} is not in data/ocr/coverage.yaml`);
      else if (typeof type === 'string' && !types.includes(type)) {
        wrong.push(`${where}${at}: ${country} ${type} is not in data/ocr/coverage.yaml`);
      }
    }
    if (Array.isArray(object.accepted_countries)) {
      for (const code of object.accepted_countries) {
        if (!readable.has(String(code)))
          wrong.push(`${where}${at}: accepted_countries ${String(code)} is not read`);
      }
    }
    const document = object.document as Json | undefined;
    const lines = (object.mrz as Json | null | undefined)?.lines;
    if (
      typeof document?.issuing_country === 'string' &&
      Array.isArray(lines) &&
      typeof lines[0] === 'string'
    ) {
      const state = lines[0].slice(2, 5).replace(/</g, '');
      if (state !== document.issuing_country) {
        wrong.push(
          `${where}${at}: the MRZ says ${state}, document.issuing_country ${document.issuing_country}`,
        );
      }
    }
    for (const [key, child] of Object.entries(object)) visit(child, `${at}/${key}`);
  };
  visit(value, '');
  return wrong;
}

test('the detector flags a country or type the coverage does not read', () => {
  assert.equal(unsupported({document: {type: 'passport', issuing_country: 'ZZZ'}}, 'x').length, 1);
  const [country] = coverage.countries;
  assert.ok(country);
  assert.deepEqual(
    unsupported({document: {type: country.document_types[0], issuing_country: country.code}}, 'x'),
    [],
  );
});

test('every document and OCR example of the contract shows a document type and issuing country Vultus reads', () => {
  const examples = contractExamples(rawContract());
  const withCountry = examples.filter(({value}) =>
    JSON.stringify(value ?? null).includes('"issuing_country"'),
  );
  assert.ok(withCountry.length >= 5, `only ${withCountry.length} examples name an issuing country`);
  assert.deepEqual(
    examples.flatMap(({where, value}) => unsupported(value, where)),
    [],
  );
});

test('every JSON block and sample of the docs pages names an issuing country Vultus reads', async () => {
  const wrong: string[] = [];
  for (const file of await listMarkdown(docsDir)) {
    const source = readFileSync(file, 'utf8');
    const relative = path.relative(siteDir, file);
    for (const block of source.matchAll(/^```json[^\n]*\n([\s\S]*?)^```/gm)) {
      try {
        wrong.push(...unsupported(JSON.parse(block[1] ?? ''), relative));
      } catch {
        // Not a complete JSON document (a fragment); the samples check below reads it.
      }
    }
    for (const match of source.matchAll(/["']?issuing_country["']?\s*[:=]\s*["'`]([A-Z]{3})["'`]/g)) {
      if (!readable.has(match[1] ?? '')) wrong.push(`${relative}: issuing_country ${match[1]} is not read`);
    }
  }
  assert.deepEqual(wrong, []);
});

test('the page that lists the supported documents also lists the specimens the examples use', async () => {
  const page = readFileSync(path.join(docsDir, 'services/document-ocr.md'), 'utf8');
  if ((coverage.specimens ?? []).length > 0) {
    assert.match(
      page,
      /::data-table\{src="ocr\/coverage\.yaml" path="specimens"/,
      'the specimens are rendered',
    );
  }
});
