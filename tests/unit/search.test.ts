/** Search: the terms, spellings and synonyms a query finds, the ranking, and bad input. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {buildSearchIndex, SearchEngine, type SearchEntry} from '../../src/lib/search/engine';
import {partUrl, postingsInto, splitSearchIndex, storedPostings} from '../../src/lib/search/indexFiles';
import {LazySearch} from '../../src/lib/search/lazy';
import {engineOf} from './helpers/search';
import {spellingVariants} from '../../src/lib/search/spelling';
import {tokenize, wordTerms} from '../../src/lib/search/terms';
import {extractEntries, withoutRepeats} from '../../plugins/search/extract';
import {withBreaks} from '../../plugins/rehype-inline-code';
import {loadSynonyms} from '../../plugins/search/synonyms';
import {commentClass} from '../../src/lib/codeHtml';
import {heldOut, querySets, readQueries, tuningQuestions} from '../../scripts/lib/searchQuality';
import {contentKindOf, deploymentsOf, filterOf, type SearchFilter} from '../../src/lib/search/facets';

const siteDir = path.resolve(__dirname, '../..');

test('British and American spellings are variants of each other', () => {
  assert.ok(spellingVariants('licence').includes('license'));
  assert.ok(spellingVariants('license').includes('licence'));
  assert.ok(spellingVariants('localisation').includes('localization'));
  assert.ok(spellingVariants('enrolment').includes('enrollment'));
  assert.ok(spellingVariants('colour').includes('color'));
  assert.ok(spellingVariants('catalogue').includes('catalog'));
});

test('an identifier is found whole and by its parts', () => {
  assert.deepEqual(wordTerms('FACE.NO_FACE').slice(0, 1), ['face.no_face']);
  for (const part of ['face', 'no']) assert.ok(wordTerms('FACE.NO_FACE').includes(part), part);
  assert.ok(wordTerms('air-gapped').includes('airgapped'));
  assert.deepEqual(wordTerms('0.0054'), [], 'figures are not search words');
  assert.deepEqual(tokenize("driver's licence"), ['driver', 'licence'], 'a possessive is its word');
});

const page = (url: string, title: string, body: string): string =>
  `<html><head><meta name="description" content="About ${title}."></head><body><article><div class="theme-doc-markdown markdown"><header><h1>${title}</h1></header>${body}</div></article></body></html>`;

test('a page yields its sections, its table rows with their anchors and its code identifiers', () => {
  const entries = extractEntries(
    page(
      '/responses',
      'Responses',
      '<p>Intro.</p><h2 id="error-codes">Error codes<a class="hash-link" href="#error-codes">#</a></h2><p>Each code.</p>' +
        '<table><thead><tr><th>Code<th>HTTP status</thead><tbody><tr><td><a id="error-signature-invalid" href="#error-signature-invalid"><code>signature_invalid</code></a><td>401</tbody></table>' +
        '<div class="language-bash"><pre><code>curl -H "Idempotency-Key: $(uuidgen)" https://api.vultus.example/v1/media</code></pre></div>' +
        `<div class="language-css"><pre><code><span class="${commentClass}">/* Mirror the selfie preview only. */</span></code></pre></div>` +
        '<h2 id="related-pages">Related pages</h2><ul><li><a href="/webhooks">Webhooks</a>: delivery and retries</li></ul>' +
        '<h2 id="limits">Limits</h2><p>Ten per second.</p>' +
        '<h2 id="pagination">Pagination</h2><ul><li><code>starting_after</code>: the cursor.</li><li><code>limit</code> and more.</li></ul>' +
        '<table><thead><tr><th>Dimension<th>Group<th>Error</thead><tbody>' +
        '<tr id="pagination-skin_tone"><td>skin_tone<td>1–3<td>2.1</tr><tr id="pagination-skin_tone-1"><td>skin_tone<td>4–7<td>2.4</tr></tbody></table>',
    ),
    '/responses',
  );
  assert.deepEqual(
    entries.filter((entry) => /retries|Related/.test(`${entry.title} ${entry.text}`)),
    [],
    'a "Related pages" section only points elsewhere and is not indexed',
  );
  assert.equal(entries.find((entry) => entry.hash === '#limits')?.text, 'Ten per second.');
  const defined = entries.filter((entry) => entry.kind === 'row' && entry.hash === '#pagination');
  assert.deepEqual(
    defined.map((entry) => [entry.title, entry.text]),
    [['starting_after', 'the cursor.']],
    'a list item that defines an identifier is an entry of its own; other items are not',
  );
  const rows = entries.filter((entry) => entry.title === 'skin_tone');
  assert.equal(rows.length, 1, 'rows in a row about the same thing are one entry');
  assert.equal(rows[0]?.hash, '#pagination-skin_tone');
  assert.equal(rows[0]?.text, '1–3 · 2.1 · 4–7 · 2.4');
  assert.match(entries.find((entry) => entry.hash === '#error-codes')?.text ?? '', /Each code/);
  const row = entries.find((entry) => entry.kind === 'row');
  assert.equal(row?.title, 'signature_invalid');
  assert.equal(row?.hash, '#error-signature-invalid');
  assert.deepEqual(row?.path, ['Responses', 'Error codes']);
  const section = entries.find((entry) => entry.kind === 'section');
  assert.equal(section?.hash, '#error-codes');
  assert.match(section?.text ?? '', /Idempotency-Key/);
  assert.match(section?.text ?? '', /api\.vultus\.example\/v1\/media/);
  assert.match(section?.text ?? '', /Mirror the selfie preview only/, 'code comments are prose');
});

const entries: SearchEntry[] = [
  {
    kind: 'page',
    url: '/decline-reasons',
    hash: '',
    title: 'Decline reasons',
    path: [],
    text: 'Every decline code.',
  },
  {
    kind: 'section',
    url: '/decline-reasons',
    hash: '#decline-face-no-face',
    title: 'FACE.NO_FACE',
    path: ['Decline reasons', 'Face quality'],
    text: 'No face was found in the image.',
  },
  {
    kind: 'page',
    url: '/services/face-match',
    hash: '',
    title: 'Face match',
    path: [],
    text: 'Compares two faces.',
  },
  {
    kind: 'section',
    url: '/services/face-match',
    hash: '#errors',
    title: 'Errors',
    path: ['Face match'],
    text: 'FACE.NO_FACE when no face is found, and other codes of face match.',
  },
  {
    kind: 'page',
    url: '/revision-history',
    hash: '',
    title: 'Revision history',
    path: [],
    text: 'Dated entries.',
  },
  {
    kind: 'page',
    url: '/onprem',
    hash: '',
    title: 'On-premise licence',
    path: [],
    text: 'The licence file binds the server.',
  },
  {
    kind: 'section',
    url: '/compatibility-matrix',
    hash: '#desktop',
    title: 'Desktop',
    path: ['Compatibility matrix'],
    text: 'Desktop browsers.',
  },
  {
    kind: 'row',
    url: '/compatibility-matrix',
    hash: '#desktop-safari',
    title: 'Safari',
    path: ['Compatibility matrix', 'Desktop'],
    text: '14.1 · macOS 11 or later.',
  },
  {
    kind: 'row',
    url: '/parameters/config-parameters',
    hash: '#account-settings-default-allowed-origins',
    title: 'Default allowed origins',
    path: ['Configuration parameters', 'Account settings'],
    text: 'The origins a client token works from when a request sends none.',
  },
  {
    kind: 'section',
    url: '/auth',
    hash: '#client-tokens',
    title: 'Client tokens',
    path: ['Authentication'],
    text: 'A token works only from the origins in allowed_origins.',
  },
  {
    kind: 'row',
    url: '/services/aml',
    hash: '#config-config-match_threshold',
    title: 'config.match_threshold',
    path: ['AML screening', 'Config'],
    text: 'Minimum match_score for a listed entry to be returned as a hit.',
  },
  {
    kind: 'row',
    url: '/services/aml',
    hash: '#fields-match_fields',
    title: 'match_fields',
    path: ['AML screening', 'Fields'],
    text: 'The subject fields that match the listed entry.',
  },
  {
    kind: 'section',
    url: '/compatibility-matrix',
    hash: '#supported-browsers',
    title: 'Supported browsers',
    path: ['Compatibility matrix'],
    text: 'The two latest versions of each browser below run the Web SDK.',
  },
  {
    kind: 'row',
    url: '/webSDK/web-sdk',
    hash: '#errors-browser_not_supported',
    title: 'browser_not_supported',
    path: ['Web SDK', 'Errors'],
    text: 'The browser is not supported: ask the user to open the page in one of the supported browsers.',
  },
  {
    kind: 'page',
    url: '/keys',
    hash: '',
    title: 'Keys',
    path: [],
    text: 'Rotate keys once a year: key rotation.',
  },
];
const engine = engineOf(entries, [
  ['changelog', 'revision history'],
  ['licence renewal', 'key rotation'],
]);

test("a term's postings are stored compactly and load back to exactly what MiniSearch wrote", () => {
  const postings = {0: {3: 1, 40: 2}, 2: {1: 1, 7: 1, 1300: 12, 1301: 1}};
  const stored = storedPostings(postings);
  assert.deepEqual(stored, ['3 11*2', '', '1 6 zx*c 1']);
  const loaded = (fields: string[]): Map<number, Map<number, number>> => {
    const data = new Map<number, Map<number, number>>();
    postingsInto(data, fields);
    return data;
  };
  const asMaps = (plain: Record<number, Record<number, number>>) =>
    new Map(
      Object.entries(plain).map(([field, counts]) => [
        Number(field),
        new Map(Object.entries(counts).map(([id, count]) => [Number(id), count])),
      ]),
    );
  assert.deepEqual(loaded(stored), asMaps(postings));
  assert.deepEqual(storedPostings({1: {0: 1}}), ['', '0']);
  assert.deepEqual(loaded(['', '0']), asMaps({1: {0: 1}}));
});

test('the index file is what the engine searches, and a row lands on its own anchor', () => {
  const [first] = engine.search('safari');
  assert.equal(first?.url, '/compatibility-matrix#desktop-safari');
  assert.equal(first?.section, 'Desktop');
  assert.equal(engine.search('desktop')[0]?.url, '/compatibility-matrix#desktop');
  assert.equal(engine.search('Decline reasons')[0]?.url, '/decline-reasons');
});

test('an exact identifier ranks the entry that defines it first, on its anchor', () => {
  const [first] = engine.search('FACE.NO_FACE');
  assert.equal(first?.url, '/decline-reasons#decline-face-no-face');
});

test('an identifier ranks the places that name it above those that only share its words', () => {
  assert.equal(engine.search('allowed_origins')[0]?.url, '/auth#client-tokens');
  assert.equal(
    engine.search('allowed origins')[0]?.url,
    '/parameters/config-parameters#account-settings-default-allowed-origins',
  );
});

test('typos, other spellings and synonyms find their page', () => {
  assert.equal(engine.search('revison history')[0]?.route, '/revision-history');
  assert.equal(engine.search('reivsion')[0]?.route, '/revision-history', 'two letters swapped');
  assert.equal(engine.search('license file')[0]?.route, '/onprem');
  assert.equal(engine.search('changelog')[0]?.route, '/revision-history');
  // A word no entry has is also searched as the closest indexed word: the heading whose title is
  // the phrase comes first, as it does for the phrase spelled right.
  assert.equal(engine.search('supported browsers')[0]?.url, '/compatibility-matrix#supported-browsers');
  assert.equal(engine.search('supprted browsers')[0]?.url, '/compatibility-matrix#supported-browsers');
  // A typo inside one part of an identifier: the part has the typo allowance of a word.
  assert.equal(engine.search('match_treshold')[0]?.url, '/services/aml#config-config-match_threshold');
  assert.equal(engine.search('config.match_treshold')[0]?.url, '/services/aml#config-config-match_threshold');
  assert.ok(
    engine.search('license renewal').some((hit) => hit.route === '/keys'),
    'a synonym phrase is found in either spelling',
  );
});

test('a field row that several operations repeat is kept once, as a shared field; a repeated section once', () => {
  const field = (url: string, text: string): SearchEntry => ({
    kind: 'field',
    url,
    hash: '',
    title: 'client_token_ttl_seconds',
    path: [],
    text,
  });
  const kept = withoutRepeats([
    field('/services/interactive', 'integer · Lifetime of the client token.'),
    field('/services/kyc-offsite', 'integer · Lifetime of the client token.'),
    field('/services/aml', 'integer · Something else.'),
  ]);
  assert.deepEqual(
    kept.map((entry) => [entry.url, entry.kind]),
    [
      ['/services/interactive', 'shared-field'],
      ['/services/aml', 'field'],
    ],
  );
  // A section that pages repeat word for word (a partial) is kept once too; a heading alone is not a repeat.
  const section = (url: string, text: string): SearchEntry => ({
    kind: 'section',
    url,
    hash: '#licence-failures',
    title: 'Licence failures',
    path: [],
    text,
  });
  assert.deepEqual(
    withoutRepeats([
      section('/onprem-services/face-match', 'The container stops and logs the reason.'),
      section('/onprem-services/face-search', 'The container stops and logs the reason.'),
      section('/onprem-services/age-estimation', 'The age container stops.'),
      section('/onprem-services/face-liveness', ''),
      section('/onprem-services/deepfake-detection', ''),
    ]).map((entry) => entry.url),
    [
      '/onprem-services/face-match',
      '/onprem-services/age-estimation',
      '/onprem-services/face-liveness',
      '/onprem-services/deepfake-detection',
    ],
  );
});

test('hostile and empty queries return no results without throwing', () => {
  for (const query of ['', '   ', '!!!', '(a+)+$', '<script>', '🔐😀', 'x'.repeat(1000)]) {
    assert.deepEqual(engine.search(query), [], query);
    assert.deepEqual(engine.nearestQueries(query), [], `${query}: no nearest query`);
  }
});

test('a query that finds nothing is offered the nearest queries that find something, from the titles', () => {
  // Too short for a typo allowance, so the search itself finds nothing.
  assert.deepEqual(engine.search('kys'), []);
  assert.deepEqual(engine.nearestQueries('kys'), ['keys']);
  assert.equal(engine.search(engine.nearestQueries('kys')[0] ?? '')[0]?.route, '/keys');
  // The other words of the query stay; the word near a title word is replaced.
  assert.deepEqual(engine.search('kys zzzz'), []);
  const nearest = engine.nearestQueries('kys zzzz');
  assert.ok(nearest.includes('keys zzzz'), nearest.join(', '));
  assert.ok(nearest.every((query) => engine.search(query).length > 0));
  // A query that finds something, or that has no word near a title's, is offered nothing.
  assert.deepEqual(engine.nearestQueries('keys'), []);
  assert.deepEqual(engine.nearestQueries('xqzt'), []);
});

test('a malformed synonyms file fails with a message that names the file, the line and the field', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vultus-synonyms-'));
  try {
    cpSync(path.join(siteDir, 'data/search'), path.join(dir, 'data/search'), {recursive: true});
    writeFileSync(
      path.join(dir, 'data/search/synonyms.yaml'),
      'groups:\n  - [changelog]\n  - [config, 12]\n',
    );
    assert.throws(
      () => loadSynonyms(dir),
      /^DataError: data\/search\/synonyms\.yaml:2: \/groups\/0: must NOT have fewer than 2 items\ndata\/search\/synonyms\.yaml:3: \/groups\/1\/1: must be string$/,
    );
    assert.ok(loadSynonyms(siteDir).length > 10, 'the real file loads');
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('random example ids, digests, URLs and time stamps are not search words; their words are', () => {
  assert.deepEqual(wordTerms('med_klhcm5ogukjw4pb2v1bguyfu'), ['med']);
  assert.deepEqual(wordTerms('7f3a9c2e41b6d058'), []);
  assert.deepEqual(
    wordTerms('face-match@sha256:6b1d18c6c30354e3fa3d95e545d2fc45f689d843079a08bcd3fef80718ad8115'),
    ['face', 'match@sha256'],
  );
  assert.deepEqual(wordTerms('cdn.vultus.example/web-sdk/3.4.1/vultus-web-sdk.min.js'), [
    'cdn',
    'vultus',
    'example',
    'web',
    'sdk',
    'min',
    'js',
  ]);
  assert.deepEqual(wordTerms('2025-06-14T06:38:12Z'), []);
  assert.deepEqual(wordTerms('aml/screenings'), ['aml/screenings', 'aml', 'screenings']);
  assert.deepEqual(wordTerms('client_token_ttl_seconds')[0], 'client_token_ttl_seconds');
});

test('a heading or table a renderer marked gives its entries their kind; the filter keeps one kind and one deployment', () => {
  const onprem = extractEntries(
    page(
      '/onprem-services/face-match',
      'On-premise face match',
      '<h2 id="keys">Keys</h2><table data-search-kind="config-key"><thead><tr><th>Key<th>Default</thead><tbody>' +
        '<tr id="keys-serverport"><td><code>server.port</code><td>8080</tbody></table>' +
        '<h2 id="ports">Ports</h2><p>The server port is 8080.</p>',
    ),
    '/onprem-services/face-match',
  );
  const cloud = extractEntries(
    page(
      '/services/face-match',
      'Face match',
      '<h3 data-search-kind="operation" id="op-match-faces">Match two faces</h3><p>Compares the faces on a port.</p>' +
        '<table data-search-kind="error-code"><thead><tr><th>Code<th>When</thead><tbody>' +
        '<tr><td><a id="error-port-closed" href="#error-port-closed"><code>port_closed</code></a><td>The port is closed.</tbody></table>',
    ),
    '/services/face-match',
  );
  assert.deepEqual(
    [...onprem, ...cloud].filter((entry) => entry.marked).map((entry) => [entry.hash, entry.marked]),
    [
      ['#keys-serverport', 'config-key'],
      ['#op-match-faces', 'operation'],
      ['#error-port-closed', 'error-code'],
    ],
  );
  const faceted = engineOf([...onprem, ...cloud], []);
  const urls = (filter: SearchFilter): string[] => faceted.search('port', 10, filter).map((hit) => hit.url);
  assert.ok(urls({}).length >= 4, urls({}).join(', '));
  assert.deepEqual(urls({kind: 'config-key'}), ['/onprem-services/face-match#keys-serverport']);
  assert.deepEqual(urls({kind: 'error-code'}), ['/services/face-match#error-port-closed']);
  assert.deepEqual(urls({kind: 'operation'}), ['/services/face-match#op-match-faces']);
  assert.ok(urls({deployment: 'on-premise'}).every((url) => url.startsWith('/onprem-services/')));
  assert.ok(urls({deployment: 'cloud'}).every((url) => url.startsWith('/services/')));
  assert.deepEqual(urls({kind: 'config-key', deployment: 'cloud'}), []);
  assert.equal(faceted.search('port', 10, {kind: 'error-code'})[0]?.contentKind, 'error-code');
  assert.throws(
    () => extractEntries(page('/x', 'X', '<h2 id="a" data-search-kind="recipe">A</h2>'), '/x'),
    /data-search-kind="recipe" is no kind/,
  );
});

test('a row or field item a renderer marked deprecated is found by the status filter, and says so', () => {
  const entries = extractEntries(
    page(
      '/services/interactive',
      'Interactive liveness',
      '<h2 id="model-versions">Model versions</h2><table><thead><tr><th>Model version<th>Status</thead><tbody>' +
        '<tr id="model-versions-liveness-v31"><td><code>liveness-v3.1</code><td>Current: the default' +
        '<tr id="model-versions-liveness-v30" data-search-deprecated=""><td><code>liveness-v3.0</code><td>Deprecated</tbody></table>' +
        '<h3 id="op-create">Create a session</h3><ul class="api-fields">' +
        '<li id="op-create-threshold"><code>threshold</code> <span>number</span><p>Minimum liveness score.</p></li>' +
        '<li id="op-create-min-score" data-search-deprecated=""><code>min_score</code> <span>number</span> <mark>deprecated</mark><p>Minimum liveness score.</p></li>' +
        '</ul>',
    ),
    '/services/interactive',
  );
  assert.deepEqual(
    entries.filter((entry) => entry.deprecated).map((entry) => entry.hash),
    ['#model-versions-liveness-v30', '#op-create-min-score'],
  );
  const engine = engineOf(entries, []);
  const hits = (query: string, filter: SearchFilter): string[] =>
    engine.search(query, 10, filter).map((hit) => `${hit.url}${hit.deprecated ? ' deprecated' : ''}`);
  assert.deepEqual(hits('liveness', {status: 'deprecated'}).sort(), [
    '/services/interactive#model-versions-liveness-v30 deprecated',
    '/services/interactive#op-create-min-score deprecated',
  ]);
  assert.equal(
    hits('min_score', {status: 'deprecated'})[0],
    '/services/interactive#op-create-min-score deprecated',
  );
  assert.ok(hits('liveness', {}).length > 1, 'without the filter, the others too');
  assert.ok(!hits('liveness', {}).includes('/services/interactive#model-versions-liveness-v31 deprecated'));
});

test('the search page reads its facets from the address and ignores what it does not know', () => {
  assert.deepEqual(filterOf('?q=port&kind=config-key&deployment=on-premise&status=deprecated'), {
    kind: 'config-key',
    deployment: 'on-premise',
    status: 'deprecated',
  });
  assert.deepEqual(filterOf('?q=port&kind=<script>&deployment=mars&status=old'), {});
  assert.deepEqual(filterOf(''), {});
  assert.deepEqual(deploymentsOf('/onprem-services/face-match'), ['on-premise']);
  assert.deepEqual(deploymentsOf('/webSDK/web-sdk'), ['cloud']);
  assert.deepEqual(deploymentsOf('/responses'), ['cloud', 'on-premise']);
  assert.equal(contentKindOf({kind: 'section', route: '/revision-history'}), 'changelog');
  assert.equal(contentKindOf({kind: 'page', route: '/revision-history'}), 'guide');
  assert.equal(contentKindOf({kind: 'shared-field', route: '/services/face-match'}), 'field');
});

test('a heading that many pages repeat word for word ranks below the page its subject belongs to', () => {
  const shared = (route: string, title: string): string =>
    page(
      route,
      title,
      `<p>${title} in short.</p><h2 id="test-each-decline-reason-in-the-sandbox">Test each decline reason in the sandbox</h2>` +
        '<p>With your test key, send the sandbox trigger of a decline code to get that decline code back.</p>',
    );
  const entries = [
    ...['face-match', 'face-search', 'aml', 'age-estimation', 'document-verification', 'interactive'].flatMap(
      (service) =>
        extractEntries(shared(`/services/${service}`, `Service ${service}`), `/services/${service}`),
    ),
    ...extractEntries(
      page(
        '/decline-reasons',
        'Decline reasons',
        '<p>Every decline code and what to do about it.</p>' +
          '<h2 id="sandbox-triggers">Sandbox triggers</h2><p>With a test key, a sandbox trigger forces a decline code.</p>',
      ),
      '/decline-reasons',
    ),
  ];
  const repeated = engineOf(entries, []);
  assert.deepEqual(
    repeated.search('decline reason sandbox', 1).map((hit) => hit.url),
    ['/decline-reasons#sandbox-triggers'],
  );
});

test('a comparison ("A vs B", "difference between A and B") searches for the things compared, not for its connecting words', () => {
  const entries = [
    ...extractEntries(
      page('/services/interactive', 'Interactive liveness', '<p>The user turns their head on request.</p>'),
      '/services/interactive',
    ),
    ...extractEntries(
      page(
        '/services/passive',
        'Passive liveness',
        '<p>One selfie, no movement. A versus sign is not a word of this page.</p>',
      ),
      '/services/passive',
    ),
    ...extractEntries(
      page(
        '/liveness',
        'Liveness',
        '<h2 id="choosing">Choosing a check</h2><p>Interactive liveness resists replays; passive liveness keeps sign-up short.</p>',
      ),
      '/liveness',
    ),
  ];
  const compared = engineOf(entries, []);
  for (const query of [
    'interactive vs passive',
    'difference between interactive and passive',
    'interactive versus passive',
  ])
    assert.equal(compared.search(query, 1)[0]?.url, '/liveness#choosing', query);
  assert.ok(compared.search('versus', 5).length > 0, 'a query of connecting words alone still searches them');
});

/** A section entry of a page, for the ranking tests below. */
const sectionEntry = (url: string, title: string, text: string): SearchEntry => ({
  kind: 'section',
  url,
  hash: '',
  title,
  path: ['Page'],
  text,
});

test('a query no place answers in full still finds the place that has its words in a synonym, above places with fewer', () => {
  const pad = engineOf(
    [
      sectionEntry(
        '/metrics/liveness',
        'Presentation attack detection',
        'Results of the independent evaluation.',
      ),
      sectionEntry('/sandbox', 'Test mode', 'A test key returns the results you force.'),
      sectionEntry('/responses', 'Results', 'Every result has a decision.'),
    ],
    [['PAD', 'presentation attack detection']],
  );
  // No place has every word, in the words typed or in the synonym's: the place that says
  // "presentation attack detection" is the answer, not the one that has "test" and "results".
  assert.equal(pad.search('PAD test results')[0]?.url, '/metrics/liveness');
});

test('the answer to a question that lacks one of its words still ranks when more than a page of places have them all', () => {
  // Nine places mention every word of the question in passing; the answer is titled with its
  // subject and lacks the filler "keep". Whether it ranked depended on how many pages happened to
  // hold every word: with fewer than a page of them it did, with a page or more it vanished.
  const passing = Array.from({length: 9}, (_, at) =>
    sectionEntry(
      `/other-${String(at)}`,
      `Topic ${String(at)}`,
      'Webhooks keep failing when a signed request has an invalid signature.',
    ),
  );
  const answer = sectionEntry('/auth', 'signature_invalid', 'The signed request failed its signature check.');
  const engine = engineOf([...passing, answer], []);
  const top = engine
    .search('why do my signed requests keep failing with signature_invalid', 8)
    .map((hit) => hit.url);
  assert.ok(top.includes('/auth'), `the answer is among the first 8: ${top.join(', ')}`);
});

test('split into small parts, an index answers every query exactly as whole, reading only the parts each query needs', async () => {
  const synonyms = [
    ['changelog', 'revision history'],
    ['licence renewal', 'key rotation'],
  ];
  const whole = engineOf(entries, synonyms);
  // Parts of a few terms and a few entries each, so that a query reads some of them and not others.
  const {head, postings, details} = splitSearchIndex(buildSearchIndex(entries, synonyms), {
    postingsChars: 20,
    detailsEntries: 2,
  });
  assert.ok(postings.length > 5 && details.length > 5, `${postings.length} and ${details.length} parts`);
  const files = new Map<string, unknown>([['/index.json', head]]);
  postings.forEach((part, at) => files.set(partUrl('/index.json', 'postings', at), part));
  details.forEach((part, at) => files.set(partUrl('/index.json', 'details', at), part));
  let fetched: string[] = [];
  let failing = '';
  const lazySearch = (): LazySearch =>
    new LazySearch('/index.json', async (url) => {
      fetched.push(url);
      if (url === failing) throw new Error(`${url}: the network is down`);
      return JSON.parse(JSON.stringify(files.get(url))) as unknown;
    });
  // Each query on a fresh page, so that no part another query loaded stands in for one it needs:
  // some queries, and every word of the index, whole and as its first letters.
  const queries = [
    'safari',
    'key rotation',
    'revision hstory',
    'Decline reasons',
    ...head.index.terms.flatMap((term) => [term, term.slice(0, 3)]),
  ];
  for (const query of queries) {
    fetched = [];
    assert.deepEqual(
      (await lazySearch().search(query, 8)).map((hit) => [hit.url, hit.section, hit.score]),
      whole.search(query, 8).map((hit) => [hit.url, hit.section, hit.score]),
      `"${query}" answers as the whole index`,
    );
    assert.ok(fetched.length < files.size / 2, `"${query}" fetched ${fetched.length} of ${files.size} files`);
  }
  const search = lazySearch();
  for (const query of ['safary browsr', 'kys', 'kys zzzz', 'licence renwal'])
    for (const limit of [1, 3])
      assert.deepEqual(
        await lazySearch().nearest(query, limit),
        whole.nearestQueries(query, limit),
        `the nearest ${limit} of "${query}" on a new page`,
      );
  assert.ok(whole.nearestQueries('kys', 3).length > 0, 'a query with nearest queries');
  assert.deepEqual(await search.nearest('safary browsr'), whole.nearestQueries('safary browsr'));

  // A query refused rather than answered from part of the index, and a failed fetch tried again.
  const bare = new SearchEngine(head);
  assert.ok(bare.missingParts('postings', 'safari').length > 0);
  assert.throws(() => bare.rank('safari'), /postings parts .* are not loaded/);
  const fresh = lazySearch();
  const needed = new SearchEngine(head).missingParts('postings', 'safari');
  failing = partUrl('/index.json', 'postings', needed[0] ?? 0);
  await assert.rejects(fresh.search('safari'), /the network is down/);
  failing = '';
  assert.deepEqual(
    (await fresh.search('safari')).map((hit) => hit.url),
    whole.search('safari').map((hit) => hit.url),
  );

  // A file that is not what the head names (cut short, another index's, an older version left in
  // a cache) is refused with a message that names it, the page stays as it was, and the next query
  // fetches the part again.
  const cut = (url: string): unknown => {
    const content = files.get(url);
    return Array.isArray(content) ? content.slice(1) : content;
  };
  let broken = (url: string): unknown => files.get(url);
  const brokenPage = (): LazySearch =>
    new LazySearch('/index.json', async (url) => JSON.parse(JSON.stringify(broken(url) ?? null)) as unknown);
  for (const [kind, query, message] of [
    ['postings', 'safari', /search index: postings part \d+ holds \d+ terms?, the head names \d+/],
    ['details', 'safari', /search index: details part \d+ holds \d+ entr(y|ies), the head names \d+/],
  ] as const) {
    const page = brokenPage();
    broken = (url) => (url.includes(kind === 'postings' ? '-p' : '-d') ? cut(url) : files.get(url));
    await assert.rejects(page.search(query), message);
    broken = (url) => files.get(url);
    assert.deepEqual(
      (await page.search(query)).map((hit) => hit.url),
      whole.search(query).map((hit) => hit.url),
      `${kind}: fetched again at the next query`,
    );
  }
  const renamed = new SearchEngine(head);
  const part = renamed.missingParts('postings', 'safari')[0] ?? 0;
  const length = postings[part]?.length ?? 0;
  assert.throws(
    () => renamed.addPart('postings', part, [['not base 36!']]),
    new RegExp(`search index: postings part ${part} holds 1 term, the head names ${length}`),
  );
  assert.throws(
    () => renamed.addPart('postings', part, [...(postings[part] ?? []).slice(1), ['not base 36!']]),
    new RegExp(`search index: postings part ${part} item ${length - 1} is not a term's postings`),
  );
  assert.throws(
    () => renamed.addPart('details', 0, [...(details[0] ?? []).slice(1), ['#anchor']]),
    /search index: details part 0 item 1 is not an \[anchor, section\] pair/,
  );
  assert.throws(
    () => renamed.addPart('details', 0, {rows: []}),
    /search index: details part 0 is not a list/,
  );
  assert.deepEqual(renamed.missingParts('postings', 'safari')[0], part, 'a refused part is not loaded');
  broken = (url) => (url === '/index.json' ? {...head, version: 4} : files.get(url));
  await assert.rejects(
    brokenPage().search('safari'),
    /search index \/index\.json is version 4; this page reads version 5/,
  );
});

test('every query of every query set names routes of the page map, and each query once per set', () => {
  const pageMap = JSON.parse(readFileSync(path.join(siteDir, 'tests/page-map.json'), 'utf8')) as Record<
    'docs' | 'other',
    {route: string}[]
  >;
  const routes = new Set([...pageMap.docs, ...pageMap.other].map(({route}) => route));
  const sets = [
    ...querySets(siteDir).map(({label, file}) => ({label, queries: readQueries(file)})),
    {label: 'questions', queries: tuningQuestions(siteDir).queries},
    {label: 'held out', queries: heldOut(siteDir).queries},
  ];
  for (const {label, queries} of sets) {
    // A misspelt route would count the query as missed, silently lowering the figures.
    const unknown = queries.flatMap(({q, routes: answers}) =>
      answers.filter((route) => !routes.has(route)).map((route) => `"${q}": ${route}`),
    );
    assert.deepEqual(unknown, [], `${label}: routes that no page has`);
    const seen = new Set<string>();
    const repeated = queries.filter(({q}) => seen.size === seen.add(q.toLowerCase()).size).map(({q}) => q);
    assert.deepEqual(repeated, [], `${label}: queries written twice`);
    assert.ok(
      queries.every(({routes: answers}) => answers.length > 0),
      `${label}: every query names a route`,
    );
  }
});

test('long code with the places it may break (<wbr>) is indexed as written, one word', () => {
  const image = 'registry.vultus.example/onprem/face-search:5.3.0';
  const code = withBreaks(image)
    .map((node) => (node.type === 'text' ? node.value : '<wbr>'))
    .join('');
  assert.ok(code.includes('<wbr>'), 'the image name has places it may break');
  const [section] = extractEntries(
    page(
      '/onprem',
      'On-premise',
      `<h2 id="images">Images</h2><p>Pull <code class="code-long">${code}</code> first.</p>`,
    ),
    '/onprem',
  ).filter((entry) => entry.hash === '#images');
  assert.equal(section?.text, `Pull ${image} first.`);
});
