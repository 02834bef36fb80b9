/**
 * The photo ID match flows (data/metrics/photo-id-flows.yaml) and /metrics/photo-id-match-use-cases.
 *
 * 1. Every flow is a photo ID match: it creates and reads a document verification, and every call it
 *    names is an operation of the contract.
 * 2. Every flow's threshold is a recommended threshold and a DET point of the current face-to-document
 *    model, with FNMR per document photo age measured there.
 * 3. The FNMR per document photo age added at the other recommended thresholds covers the genuine pairs
 *    of the per-group results, agrees with its counts, averages (pair-weighted) to the DET FNMR at its
 *    threshold, and rises with the threshold for every group.
 * 4. The page has a section per flow with its calls and its rates, renders them, and types no figure.
 *
 * Run: node --import tsx --test tests/unit/photo-id-flows.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {type Contract} from '../../plugins/vultus-contract/contract/contract';
import {rateWithOdds} from '../../plugins/vultus-contract/metrics/figures';
import {percent} from '../../plugins/vultus-contract/numbers';
import {
  loadPhotoIdFlows,
  photoIdRates,
  renderPhotoIdFlows,
} from '../../plugins/vultus-contract/metrics/photoIdFlows';
import {renderedDocs, siteDir, sources} from './helpers/pages';

interface Estimate {
  value: number;
  ci95: [number, number];
}
interface PhotoAgeRow {
  group: string;
  genuine_pairs: number;
  rejected: number;
  fnmr: Estimate;
}
interface Model {
  status: string;
  det: Array<{threshold: number; fmr: number; fnmr: number}>;
  recommended_thresholds: Array<{threshold: number; use_case: string}>;
  groups: {
    threshold: number;
    results: Array<{dimension: string; group: string; genuine_pairs: number; fnmr: Estimate}>;
  };
  document_photo_age_fnmr?: {points: Array<{threshold: number; results: PhotoAgeRow[]}>};
}

const route = '/metrics/photo-id-match-use-cases';
const same = (a: number, b: number): boolean => Math.abs(a - b) < 1e-9;
const faceToDocument = parse(
  readFileSync(path.join(siteDir, 'data/metrics/face-to-document.yaml'), 'utf8'),
) as {models: Model[]};
const current = faceToDocument.models.find((model) => model.status === 'current') as Model;
const photoAgeGroups = current.groups.results.filter((row) => row.dimension === 'document_photo_age');

/** Half a unit in the last of two significant digits: the rounding of the DET's published rates. */
const halfUnit = (rate: number): number => 0.5 * 10 ** (Math.floor(Math.log10(rate)) - 1);

let contract: Contract;
test.before(async () => {
  contract = await sources.contract();
});

test('every flow is a photo ID match, and every call it names is a contract operation', () => {
  const flows = loadPhotoIdFlows(sources);
  assert.equal(flows.length, 5, 'five flows');
  assert.equal(new Set(flows.map((flow) => flow.id)).size, flows.length, 'unique ids');
  for (const flow of flows) {
    const operations = flow.steps.map((step) => step.operation);
    for (const id of operations) {
      const entry = contract.operations.get(id);
      assert.ok(entry && !entry.webhook, `${flow.id}: ${id} is not an operation of the contract`);
    }
    const create = operations.indexOf('createDocumentVerification');
    assert.ok(create >= 0, `${flow.id}: no document verification, so no photo ID match`);
    assert.ok(
      operations.indexOf('getDocumentVerification') > create,
      `${flow.id}: reads the verification after creating it`,
    );
    // A flow that binds a liveness session creates it before the verification.
    const liveness = operations.findIndex((id) => /^create\w*(?:Liveness|Deepfake)Session$/.test(id));
    if (liveness >= 0) assert.ok(liveness < create, `${flow.id}: liveness comes before the verification`);
  }
});

test('every flow threshold is a recommended threshold, with FMR, FNMR and FNMR per photo age', () => {
  for (const flow of loadPhotoIdFlows(sources)) {
    const point = current.det.find((item) => same(item.threshold, flow.threshold));
    assert.ok(point, `${flow.id}: ${flow.threshold} is not a DET point`);
    const rates = photoIdRates(sources, flow.threshold);
    assert.equal(rates.fmr, point.fmr, `${flow.id}: FMR`);
    assert.equal(rates.fnmr, point.fnmr, `${flow.id}: FNMR`);
    assert.deepEqual(
      rates.photoAge.map((row) => row.group),
      photoAgeGroups.map((row) => row.group),
      `${flow.id}: every document photo age group`,
    );
  }
  // So the page can say that every recommended row has FNMR per photo age.
  for (const recommended of current.recommended_thresholds) {
    assert.doesNotThrow(() => photoIdRates(sources, recommended.threshold), recommended.use_case);
  }
});

test('FNMR per document photo age at the other thresholds agrees with its counts, the groups and the DET', () => {
  const points = current.document_photo_age_fnmr?.points ?? [];
  assert.ok(points.length > 0, 'face-to-document.yaml: document_photo_age_fnmr.points');
  for (const point of points) {
    const label = `document_photo_age_fnmr at ${point.threshold}`;
    assert.ok(!same(point.threshold, current.groups.threshold), `${label}: the groups give this threshold`);
    assert.ok(
      current.recommended_thresholds.some((item) => same(item.threshold, point.threshold)),
      `${label}: not a recommended threshold`,
    );
    assert.deepEqual(
      point.results.map((row) => [row.group, row.genuine_pairs]),
      photoAgeGroups.map((row) => [row.group, row.genuine_pairs]),
      `${label}: the genuine pairs of the per-group results`,
    );
    for (const row of point.results) {
      const exact = row.rejected / row.genuine_pairs;
      assert.ok(
        Math.abs(row.fnmr.value - exact) <= exact * 0.005,
        `${label} ${row.group}: ${row.fnmr.value} is not ${row.rejected}/${row.genuine_pairs}`,
      );
    }
    const det = current.det.find((item) => same(item.threshold, point.threshold));
    assert.ok(det, `${label}: no DET point`);
    const rejected = point.results.reduce((sum, row) => sum + row.rejected, 0);
    const pairs = point.results.reduce((sum, row) => sum + row.genuine_pairs, 0);
    assert.ok(
      Math.abs(rejected / pairs - det.fnmr) <= halfUnit(det.fnmr),
      `${label}: pair-weighted FNMR ${(rejected / pairs).toFixed(5)} is not the DET's ${det.fnmr}`,
    );
  }
  const thresholds = [...points.map((point) => point.threshold), current.groups.threshold].sort(
    (a, b) => a - b,
  );
  for (const group of photoAgeGroups.map((row) => row.group)) {
    const rates = thresholds.map(
      (threshold) => photoIdRates(sources, threshold).photoAge.find((row) => row.group === group)?.fnmr.value,
    );
    for (let index = 1; index < rates.length; index += 1) {
      assert.ok(
        (rates[index] ?? 0) >= (rates[index - 1] ?? Infinity),
        `${group}: FNMR falls from ${thresholds[index - 1]} to ${thresholds[index]}`,
      );
    }
  }
});

test('the page has a section per flow with its calls and rates, and types no figure', async () => {
  const page = (await renderedDocs()).find((candidate) => candidate.route === route);
  assert.ok(page, `${route}: no page`);
  assert.match(page.source, /^::photo-id-flows$/m, 'the summary of every flow');
  const headings = [...page.source.matchAll(/^### (.+)$/gm)].map((match) =>
    (match[1] ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  );
  for (const flow of loadPhotoIdFlows(sources)) {
    assert.ok(headings.includes(flow.id), `no "### ${flow.name}" section (anchor #${flow.id})`);
    for (const show of ['calls', 'rates']) {
      assert.match(
        page.source,
        new RegExp(`^::photo-id-flows\\{flow="${flow.id}" show="${show}"\\}$`, 'm'),
        `${flow.id}: its ${show}`,
      );
    }
    const rates = photoIdRates(sources, flow.threshold);
    assert.ok(page.markdown.includes(rateWithOdds(rates.fmr)), `${flow.id}: FMR rendered`);
    assert.ok(page.markdown.includes(`${percent(rates.fnmr)} of all documents`), `${flow.id}: FNMR rendered`);
  }
  assert.doesNotMatch(page.markdown, /^::[a-z-]+\{/m, 'an unexpanded directive');
  const prose = page.source
    .replace(/^---[\s\S]*?---/, '')
    .replace(/^::.*$/gm, '')
    .replace(/:fact\{[^}]*\}/g, '');
  const typed = prose.match(/\b0\.\d+\b|\b(?!95%)\d+(?:\.\d+)?\s*%|\b1 in [\d,]+/g) ?? [];
  assert.deepEqual(typed, [], 'figures typed into the page instead of rendered from the data');
});

test('the directive names what is wrong: an unknown flow, or show without a flow', () => {
  assert.throws(() => renderPhotoIdFlows(contract, sources, {flow: 'checkout'}), /no flow "checkout"/);
  assert.throws(() => renderPhotoIdFlows(contract, sources, {show: 'calls'}), /needs flow/);
  assert.throws(
    () => renderPhotoIdFlows(contract, sources, {flow: 'onboarding', show: 'chart'}),
    /unknown show="chart"/,
  );
});
