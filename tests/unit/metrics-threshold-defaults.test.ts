/**
 * A threshold table marks as "(API default)" exactly the rows at the contract's default for the
 * service the page documents: on a service page, the default of that page's own operations (account
 * deduplication shows the face search evaluation but marks DedupConfig.threshold's default); on any
 * other page, the default of the evaluation's own service.
 *
 * Run: node --import tsx --test tests/unit/metrics-threshold-defaults.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {tablesOf} from './helpers/tables';
import {renderedDocs, sources} from './helpers/pages';

type Json = Record<string, unknown>;

/** The service page whose default an evaluation's table marks when the page documents no threshold of its own. */
const ownService: Record<string, string> = {
  'face-match': '/services/face-match',
  'face-to-document': '/services/document-verification',
  'face-search': '/services/face-search',
  'liveness:interactive': '/services/interactive',
  'liveness:non-interactive': '/services/non-interactive',
  'liveness:3d': '/services/3d-liveness-detection',
  'liveness:deepfake': '/services/deepfake-liveness',
  age: '/services/age-estimation',
};

/** The config property each evaluation's threshold is set by in a request. */
const settings: Record<string, RegExp> = {
  'face-match': /^threshold$/,
  'face-to-document': /^selfie_match_threshold$/,
  'face-search': /^threshold$/,
  liveness: /^(threshold|liveness_threshold)$/,
  age: /^challenge_age_offset$/,
};

/** The defaults of the request `config` properties of a page's operations, by property name. */
async function configDefaults(route: string): Promise<Map<string, number>> {
  const contract = await sources.contract();
  const defaults = new Map<string, number>();
  for (const {operation} of contract.operations.values()) {
    const op = operation as unknown as Json;
    if (op['x-doc-page'] !== route) continue;
    const body = (
      ((op.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as
        Json | undefined
    )?.schema as Json | undefined;
    const config = (body?.properties as Json | undefined)?.config as Json | undefined;
    for (const [name, property] of Object.entries((config?.properties as Json | undefined) ?? {})) {
      const value = (property as Json).default;
      if (typeof value === 'number') defaults.set(name, value);
    }
  }
  return defaults;
}

/** The legal age an age estimate checks when the request sends no `age_threshold`. */
async function ageThresholdDefault(): Promise<number> {
  const contract = await sources.contract();
  const schema = contract.document.components.schemas.EstimateAgeRequest as
    {properties?: Record<string, {default?: unknown}>} | undefined;
  const value = schema?.properties?.age_threshold?.default;
  assert.equal(typeof value, 'number', 'EstimateAgeRequest.age_threshold has a default');
  return value as number;
}

/** The default a page's table of an evaluation must mark. */
async function expectedDefault(route: string, evaluation: string, mode: string | undefined): Promise<number> {
  const pattern = settings[evaluation];
  assert.ok(pattern, `unknown evaluation ${evaluation}`);
  const own = [...(await configDefaults(route))].filter(([name]) => pattern.test(name));
  if (own.length > 0) {
    const values = new Set(own.map(([, value]) => value));
    assert.equal(values.size, 1, `${route}: several defaults for ${evaluation}`);
    return own[0]?.[1] as number;
  }
  const service = ownService[mode ? `${evaluation}:${mode}` : evaluation];
  assert.ok(service, `${evaluation} ${mode ?? ''}: no service`);
  const fallback = [...(await configDefaults(service))].filter(([name]) => pattern.test(name));
  assert.equal(fallback.length, 1, `${service}: one default for ${evaluation}`);
  return fallback[0]?.[1] as number;
}

test('every threshold table marks exactly the rows at the contract default of its page’s service', async () => {
  const failures: string[] = [];
  const legalAgeDefault = await ageThresholdDefault();
  let tables = 0;
  for (const page of await renderedDocs()) {
    const directives = [...page.source.matchAll(/^::thresholds\{([^}]*)\}/gm)].map((match) => ({
      evaluation: /evaluation="([^"]+)"/.exec(match[1] ?? '')?.[1] ?? '',
      mode: /mode="([^"]+)"/.exec(match[1] ?? '')?.[1],
    }));
    if (directives.length === 0) continue;
    const rendered = tablesOf(page.tree).filter(
      (table) =>
        table.header[0] === 'Use case' &&
        (table.header.includes('Threshold') || table.header.includes('Challenge age')),
    );
    assert.equal(rendered.length, directives.length, `${page.route}: threshold tables found`);
    for (const [index, {evaluation, mode}] of directives.entries()) {
      const table = rendered[index];
      assert.ok(table);
      tables += 1;
      const expected = await expectedDefault(page.route, evaluation, mode);
      const legal = table.header.indexOf('Legal age');
      const challenge = table.header.indexOf('Challenge age');
      const threshold = table.header.indexOf('Threshold');
      for (const row of table.rows) {
        // Age: the default is an offset on the request's legal age, which has a default of its own;
        // the API default is the row at both, and the default offset for another legal age says so.
        const atOffset = Number(row[challenge]) - Number(row[legal]) === expected;
        const atDefault =
          evaluation === 'age'
            ? atOffset && Number(row[legal]) === legalAgeDefault
            : Math.abs(Number(row[threshold]) - expected) < 1e-9;
        if (evaluation === 'age' && atOffset && !atDefault && !/\(default offset\)/.test(row[0] ?? ''))
          failures.push(
            `${page.route} age: "${(row[0] ?? '').slice(0, 40)}…" is at the default offset and does not say so`,
          );
        const marked = /\(API default\)/.test(row[0] ?? '');
        if (atDefault !== marked) {
          failures.push(
            `${page.route} ${evaluation}${mode ? ` ${mode}` : ''}: "${(row[0] ?? '').slice(0, 40)}…" is ${
              marked ? '' : 'not '
            }marked, the contract default is ${expected}`,
          );
        }
      }
      if (!table.rows.some((row) => /\(API default\)/.test(row[0] ?? ''))) {
        failures.push(`${page.route} ${evaluation}: no row at the contract default ${expected}`);
      }
    }
  }
  assert.ok(tables >= 20, `only ${tables} threshold tables`);
  assert.deepEqual(failures, [], failures.join('\n'));
});
