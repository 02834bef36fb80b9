/**
 * What document OCR reads (data/ocr/coverage.yaml) and how accurately (data/metrics/ocr.yaml), and the
 * /services/document-ocr page that renders both.
 *
 * 1. coverage.yaml validates against its JSON Schema, and agrees with the contract: its fields are the
 *    OCR response's fields (DocumentFields and the keys of OcrResult.field_confidence), its document types
 *    are DocumentType values, its countries are CountryCode values, its model is the current one.
 * 2. ocr.yaml names the same fields, its rates agree with its counts, and its breakdowns (by document
 *    type, by field_confidence band) add up to the per-field totals; the evaluation covers every country.
 * 3. The page renders both files through ::data-table and types none of their figures.
 *
 * Run: node --import tsx --test tests/unit/ocr-data.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {renderedDocs, siteDir} from './helpers/pages';
import {loadData} from '../../plugins/vultus-contract/data/load';

type Json = Record<string, unknown>;
const load = (relative: string): unknown => parse(readFileSync(path.join(siteDir, relative), 'utf8'));
const coverage = loadData(siteDir, 'ocr/coverage.yaml');
const metrics = loadData(siteDir, 'metrics/ocr.yaml');
const contract = load('contract/openapi.yaml') as {components: {schemas: Record<string, Json>}};
const schemas = contract.components.schemas;

const responseFields = Object.keys(schemas.DocumentFields?.properties as Json);
const confidenceKeys = (
  (schemas.OcrResult?.properties as Record<string, Json>).field_confidence?.propertyNames as {enum: string[]}
).enum;
const documentTypes = schemas.DocumentType?.enum as string[];

/** A rate stored to four decimals must be its count ratio, rounded. */
function assertRate(rate: number, numerator: number, denominator: number, label: string): void {
  assert.ok(numerator <= denominator, `${label}: ${numerator} of ${denominator}`);
  assert.ok(
    Math.abs(rate - numerator / denominator) <= 0.00005 + 1e-12,
    `${label}: ${rate} is not ${numerator}/${denominator}`,
  );
}

test('coverage.yaml agrees with the contract: fields, document types, countries and model', () => {
  assert.deepEqual(responseFields, confidenceKeys, 'the contract: DocumentFields and field_confidence keys');
  assert.deepEqual(
    coverage.fields.map((item) => item.field),
    responseFields,
    'coverage fields are the OCR response fields, in the order of DocumentFields',
  );
  const inOrder = (types: string[], label: string): void => {
    for (const type of types)
      assert.ok(documentTypes.includes(type), `${label}: ${type} is not a DocumentType`);
    assert.deepEqual(
      types,
      documentTypes.filter((type) => types.includes(type)),
      `${label}: order of DocumentType`,
    );
  };
  for (const item of coverage.fields) inOrder(item.document_types, item.field);
  const pattern = new RegExp(schemas.CountryCode?.pattern as string);
  const codes = coverage.countries.map((country) => country.code);
  assert.equal(new Set(codes).size, codes.length, 'unique country codes');
  for (const country of coverage.countries) {
    assert.match(country.code, pattern, `${country.name}: not a CountryCode`);
    inOrder(country.document_types, country.code);
  }
  const names = coverage.countries.map((country) => country.name);
  assert.deepEqual(
    names,
    [...names].sort((a, b) => a.localeCompare(b, 'en')),
    'countries in order of name',
  );
  // Every document type is read somewhere.
  for (const type of documentTypes) {
    assert.ok(
      coverage.countries.some((country) => country.document_types.some((listed) => listed === type)),
      `${type}: no country`,
    );
  }
  assert.equal(coverage.model_version, schemas.DocumentModelVersion?.default, 'the current document model');
});

test('ocr.yaml: fields match the response, rates match the counts, breakdowns add up', () => {
  assert.equal(metrics.evaluation.model_version, coverage.model_version, 'the same model as the coverage');
  assert.equal(
    metrics.evaluation_set.issuing_countries,
    coverage.countries.length,
    'the evaluation covers every supported country',
  );
  assert.deepEqual(
    metrics.fields.map((item) => item.field),
    responseFields,
    'one row per OCR response field, in the order of DocumentFields',
  );
  const total = metrics.evaluation_set.documents;
  for (const item of metrics.fields) {
    assert.ok(item.documents <= total, `${item.field}: more documents than the set`);
    assertRate(item.read_rate.value, item.returned, item.documents, `${item.field} read rate`);
    assertRate(item.accuracy.value, item.correct, item.returned, `${item.field} accuracy`);
  }
  const returned = metrics.fields.reduce((sum, item) => sum + item.returned, 0);
  const correct = metrics.fields.reduce((sum, item) => sum + item.correct, 0);

  assert.deepEqual(
    metrics.by_document_type.map((row) => row.type),
    documentTypes,
    'one row per DocumentType',
  );
  assert.equal(
    metrics.by_document_type.reduce((sum, row) => sum + row.documents, 0),
    total,
    'documents by type add up to the set',
  );
  for (const row of metrics.by_document_type) {
    const share = metrics.evaluation_set.document_types.find((item) => item.type === row.type);
    assert.ok(share, `${row.type}: no share in evaluation_set.document_types`);
    assert.ok(Math.abs(share.percent - (100 * row.documents) / total) < 0.05, `${row.type}: percent`);
  }
  for (const [name, rows] of [
    ['by_document_type', metrics.by_document_type],
    ['by_confidence', metrics.by_confidence],
  ] as const) {
    assert.equal(
      rows.reduce((sum, row) => sum + row.fields_returned, 0),
      returned,
      `${name}: fields returned add up to the per-field total`,
    );
    assert.equal(
      rows.reduce((sum, row) => sum + row.fields_correct, 0),
      correct,
      `${name}: fields correct add up to the per-field total`,
    );
    for (const row of rows) {
      assertRate(row.accuracy.value, row.fields_correct, row.fields_returned, `${name} accuracy`);
    }
  }

  const bands = metrics.by_confidence;
  assert.equal(bands[0]?.max_confidence, 1, 'the top band reaches 1');
  assert.equal(bands.at(-1)?.min_confidence, 0, 'the bottom band starts at 0');
  bands.forEach((band, index) => {
    const label =
      band.max_confidence === 1
        ? `${band.min_confidence.toFixed(2)} to 1`
        : band.min_confidence === 0
          ? `under ${band.max_confidence.toFixed(2)}`
          : `${band.min_confidence.toFixed(2)} to under ${band.max_confidence.toFixed(2)}`;
    assert.equal(band.band, label, 'the band label states its bounds');
    const next = bands[index + 1];
    if (next) {
      assert.equal(next.max_confidence, band.min_confidence, `${band.band}: bands are contiguous`);
      assert.ok(next.accuracy.value < band.accuracy.value, `${band.band}: more confident, more accurate`);
    }
  });
});

test('/services/document-ocr renders the coverage and the accuracy from the data, and types no figure', async () => {
  const page = (await renderedDocs()).find((candidate) => candidate.route === '/services/document-ocr');
  assert.ok(page, 'no page');
  for (const [src, paths] of [
    ['ocr/coverage.yaml', ['countries', 'fields']],
    ['metrics/ocr.yaml', ['fields', 'by_document_type', 'by_confidence']],
  ] as const) {
    for (const dataPath of paths) {
      assert.match(
        page.source,
        new RegExp(`^::data-table\\{src="${src.replace('.', '\\.')}" path="${dataPath}"`, 'm'),
        `${src} ${dataPath}`,
      );
    }
  }
  for (const country of coverage.countries) {
    assert.ok(page.markdown.includes(`| ${country.name} `), `${country.name}: not rendered`);
    assert.ok(page.markdown.includes(`\`${country.code}\``), `${country.code}: not rendered`);
  }
  for (const item of metrics.fields) {
    assert.match(page.markdown, new RegExp(`^\\| \`${item.field}\` +\\| [\\d,]+ +\\|`, 'm'), item.field);
  }
  assert.doesNotMatch(page.markdown, /^::[a-z-]+\{/m, 'an unexpanded directive');
  const prose = page.source.replace(/^::.*$/gm, '');
  assert.deepEqual(prose.match(/\b\d{1,3}\.\d+\s*%/g) ?? [], [], 'an accuracy figure typed into the page');
});
