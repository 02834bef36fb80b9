/**
 * The on-premise licence errors, as the contract declares them to generated clients and as the
 * pages state their scope:
 * 1. `License.features` lists exactly the licence features of the containers of
 *    data/onprem/services.yaml (the gateway's `none` aside): no feature that no container serves.
 * 2. Every operation a container serves (`x-deployment.on-premise` names one) declares, in its `403`
 *    response, every `license_error` code of `x-error-codes`, besides the cloud's own `403` codes
 *    when it also runs in the cloud. `GET /license` declares `license_missing` only, and the health
 *    probes none.
 * 3. The scope is stated one way everywhere (contract strings, data files, rendered pages): a
 *    sentence that says the licence errors come from every endpoint or any call excepts the health
 *    probes, and one that excepts `GET /license` names `license_missing`, the one it returns.
 *
 * Run: node --import tsx --test tests/unit/onprem-licence-errors.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {
  deploymentOf,
  everyContainer,
  type Contract,
  type Response,
} from '../../plugins/vultus-contract/contract/contract';
import {renderedDocs, siteDir, sources} from './helpers/pages';

type Json = Record<string, unknown>;

let contract: Contract;
test.before(async () => {
  contract = await sources.contract();
});

const services = parse(readFileSync(path.join(siteDir, 'data/onprem/services.yaml'), 'utf8')) as {
  services: Array<{name: string; licence_feature: string}>;
};
const servicesSchema = JSON.parse(
  readFileSync(path.join(siteDir, 'data/onprem/services.schema.json'), 'utf8'),
) as {$defs: {service: {properties: {licence_feature: {enum: string[]}}}}};

/** The error codes a response's examples show. */
function codesOf(response: Response | undefined): string[] {
  const examples = response?.content?.['application/json']?.examples ?? {};
  return Object.values(examples).map((example) =>
    String((example.value as {error?: {code?: string}}).error?.code),
  );
}

const codesOfType = (type: string): string[] =>
  contract.document['x-error-codes']
    .filter((entry) => entry.type === type && entry.status === 403)
    .map((entry) => entry.code)
    .sort();

test('License.features lists exactly the licence features the containers need', () => {
  const features = (
    (contract.document.components?.schemas?.License as Json).properties as Record<
      string,
      {items: {enum: string[]}}
    >
  ).features?.items.enum;
  assert.ok(features, 'License.features.items.enum');
  const needed = [...new Set(services.services.map((service) => service.licence_feature))]
    .filter((feature) => feature !== 'none')
    .sort();
  assert.deepEqual([...features].sort(), needed, 'License.features.items.enum');
  const allowed = servicesSchema.$defs.service.properties.licence_feature.enum;
  assert.deepEqual(
    allowed.filter((feature) => feature !== 'none').sort(),
    needed,
    'services.schema.json: licence_feature takes the features of the containers',
  );
});

test('every operation a container serves declares the licence errors in its 403 response', () => {
  const licence = codesOfType('license_error');
  assert.ok(licence.length >= 6, 'the license_* codes');
  const problems: string[] = [];
  let served = 0;
  for (const [operationId, entry] of contract.operations) {
    if (entry.webhook) continue;
    const deployment = deploymentOf(entry);
    const onPremise = deployment['on-premise'];
    const declared = codesOf(entry.operation.responses['403']);
    if (onPremise === false) {
      const stray = declared.filter((code) => licence.includes(code));
      if (stray.length > 0) problems.push(`${operationId}: cloud only, declares ${stray.join(', ')}`);
      continue;
    }
    if (onPremise === everyContainer) {
      const expected = operationId === 'getLicense' ? ['license_missing'] : [];
      if (JSON.stringify(declared) !== JSON.stringify(expected)) {
        problems.push(`${operationId}: declares [${declared.join(', ')}], expected [${expected.join(', ')}]`);
      }
      continue;
    }
    served += 1;
    const missing = licence.filter((code) => !declared.includes(code));
    if (missing.length > 0)
      problems.push(`${operationId} (${onPremise}): its 403 lacks ${missing.join(', ')}`);
    const description = entry.operation.responses['403']?.description ?? '';
    if (!/licen[cs]e/i.test(description))
      problems.push(`${operationId}: its 403 description names no licence`);
    if (deployment.cloud) {
      const cloud = ['permission_denied'];
      const lacking = cloud.filter((code) => !declared.includes(code));
      if (lacking.length > 0)
        problems.push(`${operationId}: runs in the cloud, its 403 lacks ${lacking.join(', ')}`);
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(served >= 10, `only ${served} operations served by a container`);
});

/** Every string of a YAML/JSON value, with its path. */
function strings(value: unknown, where: string, out: Array<[string, string]> = []): Array<[string, string]> {
  if (typeof value === 'string') out.push([where, value]);
  else if (Array.isArray(value)) value.forEach((item, index) => strings(item, `${where}/${index}`, out));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) strings(item, `${where}/${key}`, out);
  }
  return out;
}

const sentencesOf = (text: string): string[] =>
  text
    .replace(/```[\s\S]*?```/g, ' ')
    .split(/(?<=[.;])\s+|\n\n+/)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

const licenceErrors = /licen[cs]e[ _]errors?|`?license_\*`?|`license_error`|licence failure/i;
const everywhere = /\b(?:every|any|all) (?:endpoints?|calls?|operations?|requests?)\b/i;

test('the scope of the licence errors is stated one way: not the health probes, and GET /license only license_missing', async () => {
  const texts: Array<[string, string]> = [
    ...strings(
      parse(readFileSync(path.join(siteDir, 'contract/openapi.yaml'), 'utf8')),
      'contract/openapi.yaml#',
    ),
    ...strings(
      parse(readFileSync(path.join(siteDir, 'data/onprem/licence-errors.yaml'), 'utf8')),
      'data/onprem/licence-errors.yaml#',
    ),
  ];
  for (const page of await renderedDocs()) texts.push([`docs/${page.file}`, page.markdown]);
  const problems: string[] = [];
  let scoped = 0;
  for (const [where, text] of texts) {
    for (const sentence of sentencesOf(text)) {
      if (/except[^.]*GET \/license/.test(sentence) && !/license_missing/.test(sentence)) {
        problems.push(
          `${where}: excepts GET /license without naming license_missing: "${sentence.slice(0, 160)}"`,
        );
      }
      if (licenceErrors.test(sentence) && everywhere.test(sentence)) {
        scoped += 1;
        if (!/\bprobes?\b/i.test(sentence)) {
          problems.push(
            `${where}: licence errors on every endpoint, the health probes not excepted: "${sentence.slice(0, 160)}"`,
          );
        }
      }
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(scoped >= 5, `only ${scoped} sentences state the scope`);
});
