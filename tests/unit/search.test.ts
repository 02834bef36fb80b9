/** Search: the terms, spellings and synonyms a query finds, the ranking, and bad input. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cpSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {buildSearchIndex, SearchEngine, type SearchEntry} from '../../src/lib/search/engine';
import {spellingVariants} from '../../src/lib/search/spelling';
import {wordTerms} from '../../src/lib/search/terms';
import {extractEntries} from '../../plugins/search/extract';
import {loadSynonyms} from '../../plugins/search/synonyms';

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
        '<div class="language-bash"><pre><code>curl -H "Idempotency-Key: $(uuidgen)" https://api.vultus.example/v1/media</code></pre></div>',
    ),
    '/responses',
  );
  const row = entries.find((entry) => entry.kind === 'row');
  assert.equal(row?.title, 'signature_invalid');
  assert.equal(row?.hash, '#error-signature-invalid');
  assert.deepEqual(row?.path, ['Responses', 'Error codes']);
  const section = entries.find((entry) => entry.kind === 'section');
  assert.equal(section?.hash, '#error-codes');
  assert.match(section?.text ?? '', /Idempotency-Key/);
  assert.match(section?.text ?? '', /api\.vultus\.example\/v1\/media/);
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
];
const engine = new SearchEngine(
  JSON.parse(JSON.stringify(buildSearchIndex(entries, [['changelog', 'revision history']]))) as never,
);

test('an exact identifier ranks the entry that defines it first, on its anchor', () => {
  const [first] = engine.search('FACE.NO_FACE');
  assert.equal(first?.url, '/decline-reasons#decline-face-no-face');
});

test('typos, other spellings and synonyms find their page', () => {
  assert.equal(engine.search('revison history')[0]?.route, '/revision-history');
  assert.equal(engine.search('license file')[0]?.route, '/onprem');
  assert.equal(engine.search('changelog')[0]?.route, '/revision-history');
});

test('hostile and empty queries return no results without throwing', () => {
  for (const query of ['', '   ', '!!!', '(a+)+$', '<script>', '🔐😀', 'x'.repeat(1000)]) {
    assert.deepEqual(engine.search(query), [], query);
  }
});

test('a malformed synonyms file fails with a message that names the file and the field', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vultus-synonyms-'));
  try {
    cpSync(path.join(siteDir, 'data/search'), path.join(dir, 'data/search'), {recursive: true});
    writeFileSync(
      path.join(dir, 'data/search/synonyms.yaml'),
      'groups:\n  - [changelog]\n  - [config, 12]\n',
    );
    assert.throws(
      () => loadSynonyms(dir),
      /data\/search\/synonyms\.yaml: \/groups\/0 must NOT have fewer than 2 items; \/groups\/1\/1 must be string/,
    );
    assert.ok(loadSynonyms(siteDir).length > 10, 'the real file loads');
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
