/**
 * Deprecation, machine-readable end to end: the contract marks what is deprecated (a model version
 * in `x-model-versions` with the day of its deprecation and its sunset; a field or parameter with
 * `deprecated: true` and `x-deprecation`), documents the `Deprecation`, `Sunset` and `Link` headers
 * on every success response of a request that can use it, and the reference shows it: a
 * "deprecated" badge with the day and the replacement, the model versions' status with the day,
 * the replacement and the headers. The loader fails on a mark without its details or a response
 * without its headers, naming the line and the field.
 *
 * Run: node --import tsx --test tests/unit/deprecation.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {deprecationHeaders} from '../../plugins/vultus-contract/contract/contract';
import {renderModelVersions} from '../../plugins/vultus-contract/contract/catalogues';
import {renderOperation} from '../../plugins/vultus-contract/contract/operation';
import {fieldList, typeLinks} from '../../plugins/vultus-contract/contract/fieldList';
import {fieldTree, flattenFields} from '../../plugins/vultus-contract/contract/schemaTable';
import {stringifyMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import {contractLoadError, withContractSource} from './helpers/contract-copy';
import type {Element} from 'hast';
import {toHast} from 'mdast-util-to-hast';
import {toString} from 'hast-util-to-string';
import {visit} from 'unist-util-visit';
import {searchDeprecatedAttribute} from '../../src/lib/search/facets';
import {siteDir, sources} from './helpers/pages';

const real = readFileSync(path.join(siteDir, 'contract/openapi.yaml'), 'utf8');

/** The contract with one edit, which must change it. */
function edited(from: string | RegExp, to: string): string {
  const source = real.replace(from, to);
  assert.notEqual(source, real, `the edit of ${String(from)} applies`);
  return source;
}

/** FaceMatchConfig's `threshold` marked deprecated, with `details` (its x-deprecation lines) or none. */
const deprecatedThreshold = (details: string): string =>
  edited(
    /(\n {4}FaceMatchConfig:\n(?: {6}.*\n)*? {8}threshold:)( \{\$ref: '[^']+'\}|\n)/,
    `$1\n          deprecated: true\n${details}`,
  );

test('every success response of a request that can pin a model version documents Deprecation, Link and Sunset', async () => {
  const contract = await sources.contract();
  /** Whether a request body (dereferenced, which may hold circles) has a `model_version` field. */
  const takesModelVersion = (node: unknown, seen = new Set<unknown>()): boolean => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return false;
    seen.add(node);
    if (Object.hasOwn(node, 'model_version')) return true;
    return Object.values(node).some((child) => takesModelVersion(child, seen));
  };
  const pinning = [...contract.operations.values()].filter(
    (entry) =>
      !entry.webhook &&
      entry.operation['x-deployment']?.cloud !== false &&
      takesModelVersion(entry.operation.requestBody?.content['application/json']?.schema?.properties),
  );
  const documented = [...contract.operations.values()].filter((entry) =>
    Object.values(entry.operation.responses).some(
      (response) => response.headers?.[deprecationHeaders.sunset],
    ),
  );
  assert.ok(pinning.length >= 10, `cloud operations that take a model_version: ${pinning.length}`);
  assert.deepEqual(
    pinning.filter((entry) => !documented.includes(entry)).map((entry) => entry.operation.operationId),
    [],
    'every cloud operation that takes a model_version documents the headers',
  );
  assert.ok(documented.length >= 10, `operations documenting Sunset: ${documented.length}`);
  for (const entry of documented)
    for (const [status, response] of Object.entries(entry.operation.responses)) {
      if (!status.startsWith('2')) continue;
      for (const name of Object.values(deprecationHeaders))
        assert.ok(response.headers?.[name], `${entry.operation.operationId} ${status} documents ${name}`);
    }
  // A header of that name that is not the deprecation's own does not do.
  assert.match(
    await contractLoadError(
      edited(
        /(\n {12}Link: \{\$ref: ')#\/components\/headers\/DeprecationLink('\})/,
        '$1#/components/headers/VultusRequestId$2',
      ),
    ),
    /^contract\/openapi\.yaml:\d+: #\/paths\/.+\/responses\/2\d\d\/headers\/Link: expected \{\$ref: '#\/components\/headers\/DeprecationLink'\}$/,
  );
  // The loader finds one that lacks them, and names where.
  const message = await contractLoadError(
    edited(/(\n {12}Sunset: \{\$ref: '#\/components\/headers\/Sunset'\})/, ''),
  );
  assert.match(
    message,
    /^contract\/openapi\.yaml:\d+: #\/paths\/.+\/responses\/2\d\d\/headers: its request can pin a model version, so the response documents Deprecation, Link, Sunset \(missing: Sunset\)$/,
  );
});

test('an operation that runs on-premise only documents none of them: the cloud sends them', async () => {
  const source = edited(
    /(operationId: checkLiveness\n(?:.*\n)*? {10}headers:\n)/,
    "$1            Deprecation: {$ref: '#/components/headers/Deprecation'}\n",
  );
  assert.match(
    await contractLoadError(source),
    /^contract\/openapi\.yaml:\d+: #\/paths\/~1liveness~1check\/post\/responses\/200\/headers: Deprecation is sent by the cloud only, and the operation runs on-premise only$/,
  );
});

test('a deprecated model version has the day of its deprecation and a sunset at least six months later', async () => {
  const row = /(\n {4}deprecated: )'2026-11-28'(\n {4}sunset: )'2027-05-31'/;
  assert.match(
    await contractLoadError(edited(row, `$1'2026-11-28'$2'2027-05-27'`)),
    /^contract\/openapi\.yaml:\d+: #\/x-model-versions\/\d+\/sunset: a deprecated version needs its sunset date, at least 6 months after its deprecation \(2026-11-28\)$/,
  );
  assert.match(
    await contractLoadError(edited(row, `$1null$2'2027-05-31'`)),
    /#\/x-model-versions\/\d+\/deprecated: a deprecated version needs the date its deprecation was announced/,
  );
  assert.match(
    await contractLoadError(
      edited(/(status: current\n(?: {4}.*\n)*? {4}deprecated: )null/, `$1'2026-01-01'`),
    ),
    /#\/x-model-versions\/\d+\/deprecated: a current version is not deprecated \(null\)/,
  );
});

test('a deprecated field needs x-deprecation, and x-deprecation needs deprecated: true', async () => {
  assert.match(
    await contractLoadError(deprecatedThreshold('')),
    /^contract\/openapi\.yaml:\d+: #\/components\/schemas\/FaceMatchConfig\/properties\/threshold\/deprecated: needs x-deprecation, with the day it was announced and what replaces it$/,
  );
  assert.match(
    await contractLoadError(
      deprecatedThreshold("          x-deprecation: {announced: '2026-13-01', replacement: '`x`'}\n"),
    ),
    /threshold\/x-deprecation\/announced: expected a quoted date \(YYYY-MM-DD\)$/,
  );
  assert.match(
    await contractLoadError(
      deprecatedThreshold("          x-deprecation: {announced: '2026-11-28', replacement: '`x`'}\n").replace(
        '          deprecated: true\n',
        '',
      ),
    ),
    /threshold\/x-deprecation: stands without `deprecated: true`$/,
  );
});

test('the reference shows a deprecated field with a badge, the day and its replacement, on the site and in Markdown', async () => {
  const source = deprecatedThreshold(
    "          x-deprecation: {announced: '2026-11-28', replacement: '`config.match_threshold`'}\n",
  );
  await withContractSource(source, (contract) => {
    const schema = contract.document.components.schemas.FaceMatchConfig;
    assert.ok(schema);
    const threshold = flattenFields(fieldTree(contract, schema)).find((field) => field.name === 'threshold');
    assert.deepEqual(threshold?.deprecation, {
      announced: '2026-11-28',
      replacement: '`config.match_threshold`',
    });
    const links = typeLinks(sources);
    // The site's HTML, as the page gets it: the field's <li> holds <mark>deprecated</mark> and the
    // mark the search page's status facet reads.
    const site = toHast({
      type: 'root',
      children: fieldList(fieldTree(contract, schema), {mode: 'site', links, badges: true}),
    });
    const items: Element[] = [];
    visit(site, 'element', (node: Element) => {
      if (node.tagName === 'li') items.push(node);
    });
    const item = items.find(
      (node) => toString(node.children[0] ?? {type: 'text', value: ''}) === 'threshold',
    );
    assert.ok(item, 'the threshold field has its item');
    const mark = item.children.find(
      (child): child is Element => child.type === 'element' && child.tagName === 'mark',
    );
    assert.equal(mark ? toString(mark) : undefined, 'deprecated', 'the site shows the badge');
    assert.equal(item.properties[searchDeprecatedAttribute] ?? item.properties.dataSearchDeprecated, '');
    const markdown = stringifyMarkdown({
      type: 'root',
      children: [fieldList(fieldTree(contract, schema), {mode: 'markdown', links, badges: true})].flat(),
    });
    assert.match(
      markdown,
      /`threshold` \(number, deprecated\): .*Deprecated on 2026-11-28: use `config.match_threshold` instead\. It keeps working for the life of `v1`, as the \[deprecation policy\]\([^)]*#deprecation-policy\) says\./,
    );
  });
});

test('a deprecated operation needs the headers on its responses, and its reference says since when and what replaces it', async () => {
  const deprecate = (operationId: string): string =>
    edited(
      new RegExp(`(\\n( +)operationId: ${operationId}\\n)`),
      `$1$2deprecated: true\n$2x-deprecation: {announced: '2026-11-28', replacement: '\`POST /face/search\`'}\n`,
    );
  assert.match(
    await contractLoadError(deprecate('createMedia')),
    /^contract\/openapi\.yaml:\d+: #\/paths\/~1media\/post\/responses\/2\d\d\/headers: its request can use a deprecated operation, field or parameter, so the response documents Deprecation, Link \(missing: Deprecation, Link\)$/,
  );
  await withContractSource(deprecate('matchFaces'), (contract) => {
    const markdown = stringifyMarkdown({
      type: 'root',
      children: renderOperation(contract, 'matchFaces', 'markdown', typeLinks(sources)),
    });
    assert.match(
      markdown,
      /\*\*Deprecated\*\* on 2026-11-28: use `POST \/face\/search` instead\. It keeps working for the life of `v1`, as the \[deprecation policy\]\([^)]*#deprecation-policy\) says, and a response to it carries the `Deprecation` header\./,
    );
    const [title] = renderOperation(contract, 'matchFaces', 'site', typeLinks(sources));
    assert.equal(
      (title?.data as {hProperties?: Record<string, unknown>} | undefined)?.hProperties?.[
        searchDeprecatedAttribute
      ],
      '',
      'the search page finds the operation as deprecated',
    );
  });
});

test('the model versions say which is deprecated, since when, what replaces it and the headers its pin gets', async () => {
  const contract = await sources.contract();
  const deprecated = contract.document['x-model-versions'].filter((row) => row.status === 'deprecated');
  assert.ok(deprecated.length > 0, 'a deprecated model version to show');
  const table = stringifyMarkdown({type: 'root', children: renderModelVersions(contract)});
  for (const row of deprecated) {
    const current = contract.document['x-model-versions'].find(
      (other) => other.family === row.family && other.status === 'current',
    );
    assert.match(
      table,
      new RegExp(
        `\\| \`${row.model_version}\` \\|[^\\n]*\\*\\*Deprecated\\*\\* on ${row.deprecated}: move pins to \`${current?.model_version}\`\\. The cloud answers them until the sunset, each response with \\[\`Deprecation\`\\]\\([^)]+#response-header-deprecation\\) and \\[\`Sunset\`\\]\\([^)]+#response-header-sunset\\)`,
      ),
    );
  }
  // The request field that pins it says so too.
  const liveness = contract.document.components.schemas.InteractiveLivenessConfig;
  assert.ok(liveness);
  const pin = flattenFields(fieldTree(contract, liveness)).find((field) => field.name === 'model_version');
  const [first] = deprecated;
  assert.ok(
    pin?.constraints.some(
      (line) =>
        line.startsWith(`Deprecated: \`${first?.model_version}\`, on ${first?.deprecated}; move pins to`) &&
        line.includes('the cloud answers its pins with the `Deprecation` and `Sunset` headers') &&
        line.endsWith('an on-premise image answers the versions it ships and has loaded (`models.preload`).'),
    ),
    `model_version's constraints name the deprecated version: ${pin?.constraints.join(' ')}`,
  );
});
