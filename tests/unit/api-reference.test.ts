/**
 * The field lists of the API reference (plugins/vultus-contract/contract/fieldList.ts): every
 * nested level shown (below the second, collapsed in <details> on the site, expanded in the
 * Markdown twins), oneOf read as "exactly one of", type names linked to /parameters/responses,
 * recursive schemas that stop, and field items anchored and indexed as the table rows were.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {load, type CheerioAPI} from 'cheerio';
import type {Element as HastElement, Root as HastRoot, RootContent as HastContent} from 'hast';
import type {Root, RootContent} from 'mdast';
import {toHast} from 'mdast-util-to-hast';
import {ContractError, type Contract} from '../../plugins/vultus-contract/contract/contract';
import {renderOperation} from '../../plugins/vultus-contract/contract/operation';
import {
  firstSentence,
  responseHeaders,
  sentWith,
  sharedHeaders,
} from '../../plugins/vultus-contract/contract/headers';
import {fieldTree, flattenFields} from '../../plugins/vultus-contract/contract/schemaTable';
import {
  fieldList,
  schemaAnchor,
  schemaDirectives,
  typeLinks,
} from '../../plugins/vultus-contract/contract/fieldList';
import {stringifyMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import rehypeRowAnchors from '../../plugins/rehype-row-anchors';
import {extractEntries} from '../../plugins/search/extract';
import {engineOf} from './helpers/search';
import {withContractSource} from './helpers/contract-copy';
import {docsDir, listMarkdown, siteDir, sources, withDocs} from './helpers/pages';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkDirective from 'remark-directive';
import {VFile} from 'vfile';
import remarkVultusContract from '../../plugins/vultus-contract/remark';

const escape = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** hast as HTML: enough for what the directives emit (elements, text, string and list attributes). */
function serialize(node: HastRoot | HastContent): string {
  if (node.type === 'text') return escape(node.value);
  if (node.type === 'root') return node.children.map(serialize).join('');
  if (node.type !== 'element') return '';
  const attributes = Object.entries((node as HastElement).properties)
    .filter(([, value]) => value !== undefined && value !== null && value !== false)
    .map(([name, value]) => {
      const text = Array.isArray(value) ? value.join(' ') : String(value);
      return ` ${name === 'className' ? 'class' : name}="${escape(text)}"`;
    })
    .join('');
  return `<${node.tagName}${attributes}>${node.children.map(serialize).join('')}</${node.tagName}>`;
}

/** Site mode as the build makes it: mdast → hast (`data.hName`), the row anchors, HTML. */
function siteHtml(nodes: RootContent[]): CheerioAPI {
  const hast = toHast({type: 'root', children: nodes} as Root) as HastRoot;
  rehypeRowAnchors()(hast);
  return load(serialize(hast));
}

const markdownOf = (nodes: RootContent[]): string => stringifyMarkdown({type: 'root', children: nodes});

/** A field item's name: its first element, a <code>. */
const nameOf = ($: CheerioAPI, item: unknown): string => {
  const first = $(item as never)
    .children()
    .first();
  return first.is('code') ? first.text() : '';
};

/** Every field item of a page: `ul.api-fields > li` that starts with its name. */
const fieldItems = ($: CheerioAPI) =>
  $('ul.api-fields > li')
    .toArray()
    .filter((item) => nameOf($, item) !== '');

test('a level-3 field (the decline reasons inside a result) is collapsed in <details> on the site and expanded in Markdown', async () => {
  const contract = await sources.contract();
  const $ = siteHtml(renderOperation(contract, 'matchFaces', 'site', typeLinks(sources)));
  const result = $('#op-match-faces-result');
  assert.equal(result.length, 1, 'the result field keeps the anchor of its table row');
  assert.equal(result.closest('details').length, 0, 'level 1 is shown');
  const reasons = $('#op-match-faces-resultreasons');
  assert.equal(nameOf($, reasons.get(0)), 'result.reasons');
  assert.equal(reasons.closest('details').length, 0, 'level 2 is shown');
  const code = $('#op-match-faces-resultreasonscode');
  assert.equal(nameOf($, code.get(0)), 'result.reasons[].code', 'level 3 is rendered, with its anchor');
  const details = code.closest('details');
  assert.equal(details.length, 1, 'level 3 sits in a <details>');
  assert.equal(details.attr('open'), undefined, 'collapsed by default');
  assert.equal(details.children('summary').first().text(), '2 child fields');
  assert.equal(details.parent().attr('id'), 'op-match-faces-resultreasons', 'under the field that holds it');
  assert.match(nameOf($, code.get(0)), /^\S+$/, 'a name is one unbreakable word');

  const markdown = markdownOf(renderOperation(contract, 'matchFaces', 'markdown', typeLinks(sources)));
  assert.match(markdown, /^- `result` \(\[Result\]\(\/parameters\/responses#schema-result\)\): /m);
  assert.match(markdown, /^ {2}- `result\.reasons` \(array of \[DeclineReason\]\([^)]+\)\): /m);
  assert.match(
    markdown,
    /^ {4}- `result\.reasons\[\]\.code` \(string\): The decline code/m,
    'level 3, indented',
  );
  assert.doesNotMatch(
    markdown,
    /<\/?(details|summary|ul|li|span|div|code)\b/,
    'no HTML in the Markdown twin',
  );
  assert.doesNotMatch(markdown, /^\| (Field|Name) \|/m, 'no field table left');
});

test('the Image field reads "exactly one of" with its three alternatives, not three optional fields', async () => {
  const contract = await sources.contract();
  const $ = siteHtml(renderOperation(contract, 'estimateAge', 'site', typeLinks(sources)));
  const image = $('#op-estimate-age-image');
  assert.equal(nameOf($, image.get(0)), 'image');
  assert.equal(image.children('strong').text(), 'required');
  const choice = image.children('ul.api-fields').children('li.api-choice');
  assert.equal(choice.length, 1, 'one choice under image');
  assert.equal(choice.children('p').first().text(), 'Exactly one of');
  const alternatives = choice.children('ul.api-fields').children('li').toArray();
  assert.deepEqual(
    alternatives.map((item) => nameOf($, item)),
    ['image.data', 'image.url', 'image.media_id'],
  );
  assert.deepEqual(
    alternatives.map((item) => $(item).children('strong').length),
    [0, 0, 0],
    'no alternative is marked required on its own',
  );
  assert.equal(
    fieldItems($).filter((item) => nameOf($, item) === 'image.data').length,
    1,
    'image.data appears once, inside the choice',
  );

  const markdown = markdownOf(renderOperation(contract, 'estimateAge', 'markdown', typeLinks(sources)));
  assert.match(
    markdown,
    /^- `image` \(\[?Image\]?[^)]*\)?, required\): [^\n]+\n {2}- Exactly one of:\n {4}- `image\.data` \([^\n]+\n {4}- `image\.url` \([^\n]+\n {4}- `image\.media_id` \(/m,
  );

  // The Image object on its own (`::schema{name="Image"}` on /requests) is the choice itself.
  const [tree] = [fieldTree(contract, {$ref: '#/components/schemas/Image'})];
  assert.deepEqual(
    tree.map((item) => item.kind),
    ['choice'],
  );
  assert.equal(tree[0]?.kind === 'choice' && tree[0].of, 'oneOf');
});

test('a named type links to its definition on /parameters/responses when that page renders it, and is plain text otherwise', async () => {
  const contract = await sources.contract();
  const links = typeLinks(sources);
  for (const name of ['Result', 'DeclineReason', 'KycSession', 'Error']) {
    assert.equal(links.get(name), `/parameters/responses#schema-${name.toLowerCase()}`, name);
  }
  assert.equal(links.has('KycSessionConfig'), false, 'a config schema is defined on another page');

  const $ = siteHtml(renderOperation(contract, 'createKycSession', 'site', typeLinks(sources)));
  const type = (id: string) => $(`#${id}`).children('span');
  assert.equal(
    type('op-create-kyc-session-result').find('a').attr('href'),
    '/parameters/responses#schema-result',
  );
  assert.equal(
    type('op-create-kyc-session-stepsresultreasons').find('a').attr('href'),
    '/parameters/responses#schema-declinereason',
    'inside a collapsed level too',
  );
  const config = type('op-create-kyc-session-config');
  assert.equal(config.text(), 'KycSessionConfig');
  assert.equal(config.find('a').length, 0, 'not rendered on /parameters/responses: plain text');

  // Every schema the page renders carries the anchor the links point at.
  const schema = schemaDirectives[0];
  assert.ok(schema?.syntax === 'leaf');
  for (const [name, url] of links) {
    const rendered = siteHtml(
      schema.render(
        {name},
        {contract, sources, mode: 'site', listed: new Map()},
        {type: 'leafDirective', name: 'schema', children: []},
      ),
    );
    const anchor = rendered(`#${schemaAnchor(name)}`);
    assert.equal(anchor.length, 1, `${name}: #${schemaAnchor(name)}`);
    assert.equal(url.split('#')[1], schemaAnchor(name));
    assert.equal(anchor.attr('href'), `#${schemaAnchor(name)}`, 'a self-link (the build checks its anchors)');
    assert.equal(anchor.text(), name);
  }
});

/** A contract with nothing but the given component schemas. */
const contractOf = (schemas: Record<string, unknown>): Contract =>
  ({
    file: path.join(siteDir, 'contract/openapi.yaml'),
    raw: {components: {schemas}},
    document: {components: {schemas}},
    operations: new Map(),
  }) as unknown as Contract;

const ref = (name: string) => ({$ref: `#/components/schemas/${name}`});

test('a recursive schema stops where it repeats, in both modes', () => {
  const contract = contractOf({
    Node: {
      type: 'object',
      required: ['name'],
      properties: {
        name: {type: 'string', description: 'The name.'},
        children: {type: 'array', items: ref('Node'), description: 'Child nodes.'},
        parent: {oneOf: [ref('Node'), {type: 'null'}], description: 'The parent.'},
        link: ref('Link'),
      },
    },
    Link: {
      type: 'object',
      properties: {
        target: ref('Node'),
        either: {oneOf: [ref('Node'), ref('Link')]},
        extra: {allOf: [ref('Extended')]},
      },
    },
    Extended: {allOf: [ref('Extended'), {type: 'object', properties: {note: {type: 'string'}}}]},
  });
  const tree = fieldTree(contract, ref('Node'));
  const fields = flattenFields(tree);
  assert.deepEqual(
    fields.map((field) => [field.name, Boolean(field.recursive)]),
    [
      ['name', false],
      ['children', true],
      ['parent', true],
      ['link', false],
      ['link.target', true],
      ['link.either', false],
      ['link.extra', false],
      ['link.extra.note', false],
    ],
  );
  const links = new Map<string, string>();
  const markdown = markdownOf(fieldList(tree, {mode: 'markdown', links}));
  assert.match(
    markdown,
    /`children` \(array of Node\): Child nodes\. Holds another `Node`, whose fields are listed above\./,
  );
  const $ = siteHtml(fieldList(tree, {mode: 'site', links}));
  assert.equal(fieldItems($).length, fields.length);
  assert.ok(
    fieldItems($).every((item) => $(item).attr('id')),
    'every field item has an anchor',
  );

  const loop = contractOf({A: ref('B'), B: ref('A')});
  assert.throws(() => fieldTree(loop, ref('A')), ContractError, 'a $ref loop fails, naming the reference');
});

test('each field item is a search entry as its table row was: full name, type and description, on its anchor', async () => {
  const contract = await sources.contract();
  const body = siteHtml([
    ...renderOperation(contract, 'createKycSession', 'site', typeLinks(sources)),
    ...renderOperation(contract, 'createInteractiveLivenessSession', 'site', typeLinks(sources)),
  ])('body').html();
  const html = `<html><head></head><body><article><div class="theme-doc-markdown markdown"><header><h1>KYC</h1></header>${body}</div></article></body></html>`;
  const entries = extractEntries(html, '/services/kyc-offsite');
  const field = (title: string) => entries.find((entry) => entry.title === title);
  assert.deepEqual(field('allowed_origins'), {
    kind: 'field',
    url: '/services/kyc-offsite',
    hash: '#op-create-kyc-session-allowed_origins',
    title: 'allowed_origins',
    path: ['KYC', 'Create a hosted KYC session'],
    text: "array of string · Origins from which you embed the flow with the GUI Web SDK instead of sending the end user to url. The hosted flow runs on Vultus's own origin and needs none: omit it unless you embed. At most 10 items.",
  });
  assert.match(
    field('Idempotency-Key')?.text ?? '',
    /^header · string · /,
    'a parameter: where it is sent, its type',
  );
  assert.match(field('return_url')?.text ?? '', /^string \(uri\) · required · HTTPS URL/);
  assert.ok(field('config.challenge_timeout_seconds'), 'a level-2 field of the request');
  assert.ok(field('steps[].status'), 'a level-2 field of an array of objects');
  assert.equal(field('steps[].result.decision'), undefined, 'a collapsed level is found through its parent');
  assert.ok(
    !entries.some((entry) => entry.kind === 'section' && /child fields|Exactly one of/.test(entry.text)),
    'the lists are not section prose',
  );
  const engine = engineOf(entries, []);
  for (const [query, anchor] of [
    ['allowed_origins', '#op-create-kyc-session-allowed_origins'],
    ['challenge_timeout_seconds', '#op-create-interactive-liveness-session-configchallenge_timeout_seconds'],
  ]) {
    const hits = engine.search(query ?? '');
    assert.equal(hits[0]?.route, '/services/kyc-offsite', `${query}: the operation's page`);
    assert.ok(
      hits.some((hit) => hit.hash === anchor),
      `${query}: the field's own entry (${hits.map((hit) => hit.url).join(', ')})`,
    );
  }
});

/** A page's Markdown through the contract directives, as the build runs them, in one mode. */
async function renderPage(source: string, mode: 'site' | 'markdown'): Promise<RootContent[]> {
  const processor = unified()
    .use(remarkParse)
    .use(remarkDirective)
    .use(remarkVultusContract, {sources: await withDocs(), mode});
  const file = new VFile({path: path.join(siteDir, 'docs/example.md'), value: source});
  return ((await processor.run(processor.parse(file), file)) as Root).children;
}

test('a page lists the fields of a schema once: a later operation returning it links to the first', async () => {
  // GET /aml/screenings/{id} and the hit review both return the AmlScreening that creating one returns.
  const source = ['createAmlScreening', 'getAmlScreening', 'reviewAmlHit']
    .map((id) => `::operation{id="${id}"}`)
    .join('\n\n');
  const $ = siteHtml(await renderPage(source, 'site'));
  const screeningFields = (anchor: string) =>
    $(`[id^="${anchor}-"]`)
      .toArray()
      .filter((item) => nameOf($, item) === 'hits[].review_status');
  assert.equal(screeningFields('op-create-aml-screening').length, 1, 'the first operation lists the fields');
  for (const later of ['op-get-aml-screening', 'op-review-aml-hit']) {
    assert.equal(screeningFields(later).length, 0, `${later} does not list them again`);
  }
  const references = $('p:contains("Its fields are listed under")').toArray();
  assert.equal(references.length, 2, $.html());
  for (const reference of references) {
    assert.equal($(reference).find('a').attr('href'), '#op-create-aml-screening');
    assert.equal($(reference).find('a').text(), 'Screen a name against AML lists');
  }
  // The review's request body is another schema: listed.
  assert.ok(
    $('[id^="op-review-aml-hit-"]')
      .toArray()
      .some((item) => nameOf($, item) === 'decision'),
  );

  // The Markdown twin says the same, with the link.
  const markdown = markdownOf(await renderPage(source, 'markdown'));
  assert.equal(markdown.match(/`hits\[\]\.review_status`/g)?.length, 1, 'listed once in Markdown');
  assert.equal(
    markdown.match(
      /Its fields are listed under \[Screen a name against AML lists\]\(#op-create-aml-screening\)/g,
    )?.length,
    2,
  );
});

/** /common-parameters as the site renders it. */
async function commonParameters(): Promise<CheerioAPI> {
  return siteHtml(
    await renderPage(readFileSync(path.join(siteDir, 'docs/common-parameters.md'), 'utf8'), 'site'),
  );
}

test('shared headers are described once, on /common-parameters; each operation lists them with one line and a link there', async () => {
  const contract = await sources.contract();
  const headers = sharedHeaders(contract);
  assert.deepEqual(headers.map((header) => `${header.parameter.name} ${header.anchor}`).sort(), [
    'Idempotency-Key header-idempotency-key',
    'Vultus-Sandbox-Outcome header-vultus-sandbox-outcome',
    'Vultus-Signature header-vultus-signature',
    'Vultus-Signature webhook-header-vultus-signature',
  ]);
  const page = await commonParameters();
  let lines = 0;
  for (const header of headers) {
    // In full on the page, under its anchor, with the operations that accept it.
    const full = page(`li#${header.anchor}`);
    assert.equal(full.length, 1, `#${header.anchor} on /common-parameters`);
    assert.equal(full.children('code').first().text(), header.parameter.name);
    const description = header.parameter.description ?? '';
    const tail = description.slice(-40);
    assert.ok(
      full.children('p').text().includes(tail.replace(/`/g, '')),
      `${header.anchor}: the whole description`,
    );
    assert.match(full.children('small').text(), /(Accepted by|Sent with) /);
    for (const entry of header.operations) {
      const $ = siteHtml(renderOperation(contract, entry.operation.operationId, 'site', typeLinks(sources)));
      const item = $('ul.api-fields > li')
        .toArray()
        .find((li) => nameOf($, li) === header.parameter.name);
      assert.ok(item, `${entry.operation.operationId}: lists ${header.parameter.name}`);
      const text = $(item).children('p').text();
      assert.equal(text, `${firstSentence(description).replace(/`/g, '')} See ${header.parameter.name}.`);
      assert.equal($(item).find('a').attr('href'), `/common-parameters#${header.anchor}`);
      assert.equal($(item).children('small').length, 0, 'no constraints repeated');
      lines += 1;
    }
  }
  assert.ok(lines >= 60, `${lines} header lines on the operations`);
  // What a reader sees on an operation, spelled out.
  const $ = siteHtml(renderOperation(contract, 'matchFaces', 'site', typeLinks(sources)));
  const line = $('ul.api-fields > li')
    .toArray()
    .find((li) => nameOf($, li) === 'Idempotency-Key');
  assert.equal(
    $(line).children('p').text(),
    'A unique key you generate for this request, such as a UUID. See Idempotency-Key.',
  );
  // A header that an account setting makes required says so in its one line.
  const signature = $('ul.api-fields > li')
    .toArray()
    .find((li) => nameOf($, li) === 'Vultus-Signature');
  assert.match(
    $(signature).children('p').text(),
    /^HMAC signature of the request, required when your account enables "require signed requests" and optional otherwise: /,
  );
});

test('response headers are described once, on /common-parameters, from components/headers, with the responses that send them', async () => {
  const contract = await sources.contract();
  const headers = responseHeaders(contract);
  assert.deepEqual(
    headers.map((header) => `${header.name} ${sentWith(contract, header)}`),
    [
      'Vultus-Request-Id Sent with every response.',
      'RateLimit-Limit Sent with every response of the cloud API.',
      'RateLimit-Remaining Sent with every response of the cloud API.',
      'RateLimit-Reset Sent with every response of the cloud API.',
      'Retry-After Sent with `409` and `429` responses.',
      'Idempotent-Replayed Sent with replays of the successful responses of the operations that accept [`Idempotency-Key`](/common-parameters#header-idempotency-key), and of their errors that the [error codes](/responses#error-codes) mark as stored.',
      // The cloud operations whose request can pin a model version (tests/unit/deprecation.test.ts).
      'Deprecation Sent with responses of [`POST /face/match`](/services/face-match#op-match-faces), [`POST /collections`](/enrollment/face-enrollment#op-create-collection), [`POST /age/estimate`](/services/age-estimation#op-estimate-age), [`POST /liveness/interactive/sessions`](/services/interactive#op-create-interactive-liveness-session), [`POST /liveness/non-interactive/sessions`](/services/non-interactive#op-create-passive-liveness-session), [`POST /liveness/3d/sessions`](/services/3d-liveness-detection#op-create-3d-liveness-session), [`POST /liveness/deepfake/sessions`](/services/deepfake-liveness#op-create-deepfake-session), [`POST /documents/verifications`](/services/document-verification#op-create-document-verification), [`POST /documents/ocr`](/services/document-ocr#op-extract-document), [`POST /aml/screenings`](/services/aml#op-create-aml-screening), [`POST /aml/monitors`](/services/aml#op-create-aml-monitor).',
      'Sunset Sent with the same responses as [`Deprecation`](#response-header-deprecation).',
      'Link Sent with the same responses as [`Deprecation`](#response-header-deprecation).',
    ],
  );
  const page = await commonParameters();
  for (const header of headers) {
    const item = page(`li#${header.anchor}`);
    assert.equal(item.length, 1, `#${header.anchor} on /common-parameters`);
    assert.equal(item.children('code').first().text(), header.name);
    const tail = (header.header.description ?? '').slice(-30).replace(/`/g, '');
    assert.ok(item.children('p').text().includes(tail), `${header.name}: the contract's description`);
    assert.match(item.children('small').text(), /Sent with /);
  }
});

test('a response header no response sends, or that two responses name differently, fails the build naming it', async () => {
  const source = readFileSync(path.join(siteDir, 'contract/openapi.yaml'), 'utf8');
  const unused = source.replace(
    /^ {2}headers:\n/m,
    '  headers:\n    Unused:\n      description: Never sent.\n      schema: {type: string}\n',
  );
  const renamed = source.replace(
    "Vultus-Request-Id: {$ref: '#/components/headers/VultusRequestId'}",
    "X-Request-Id: {$ref: '#/components/headers/VultusRequestId'}",
  );
  assert.notEqual(unused, source);
  assert.notEqual(renamed, source);
  for (const [changed, message] of [
    [unused, 'contract/openapi.yaml: #/components/headers/Unused: no response sends it'],
    [
      renamed,
      'contract/openapi.yaml: #/components/headers/VultusRequestId: responses name it X-Request-Id and Vultus-Request-Id',
    ],
  ] as const) {
    await withContractSource(changed, (contract) => {
      assert.throws(
        () => responseHeaders(contract),
        (error: Error) => error instanceof ContractError && error.message.startsWith(message),
      );
    });
  }
});

test('no page types a table of header definitions: headers of the contract are defined on /common-parameters only', async () => {
  const contract = await sources.contract();
  const names = new Set([
    ...responseHeaders(contract).map((header) => header.name),
    ...sharedHeaders(contract).map((header) => header.parameter.name),
  ]);
  const typed: string[] = [];
  for (const file of await listMarkdown(docsDir)) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const first = /^\|\s*`([^`]+)`\s*\|/.exec(line)?.[1];
        if (first && names.has(first)) typed.push(`${path.relative(siteDir, file)}:${index + 1}: ${first}`);
      });
  }
  assert.deepEqual(typed, []);
});

test('the first sentence of a description ends at a full stop outside code', () => {
  assert.equal(
    firstSentence('Signature: `t + "." + raw body`. Then more.'),
    'Signature: `t + "." + raw body`.',
  );
  assert.equal(firstSentence('One sentence only'), 'One sentence only');
  assert.equal(firstSentence('Version 1.2 is current. More.'), 'Version 1.2 is current.');
  // A full stop and a space inside code do not end the sentence.
  assert.equal(firstSentence('Use `a. b` here. More.'), 'Use `a. b` here.');
});
