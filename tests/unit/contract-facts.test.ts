/**
 * One fact, one place, for the contract itself: a description, summary, error `fix`, decline
 * reason detail or retention note of contract/openapi.yaml never types a number that x-limits or
 * a schema default holds. It writes a placeholder, `%{limits.image.max_bytes|MB}` or
 * `%{default.FaceSearchConfig.threshold}`, and the loader (plugins/vultus-contract/contract/
 * contract.ts) puts the value in, for the pages, their Markdown twins and /openapi.yaml alike.
 *
 * The detector here reads every string of the contract as written and looks for each spelling of
 * each x-limits number and default threshold (the facts of plugins/vultus-contract/facts/facts.ts): a
 * spelling with a unit or of four digits or more ("10 MB", "112 px", "24 hours", "10,000,000")
 * anywhere, a bare one ("50", "0.85") only beside a word that names the fact, in the string or
 * in its JSON pointer (`top_k`, `attempts`, `metadata`, and `default` for a default).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {
  ContractError,
  expandContractStrings,
  expandContractString,
  placeholderValues,
  publishedContract,
} from '../../plugins/vultus-contract/contract/contract';
import type {Fact} from '../../plugins/vultus-contract/facts/fact';
import {collectFacts} from '../../plugins/vultus-contract/facts/facts';
import {findTypedCopies} from './helpers/typed-facts';
import {siteDir, sources} from './helpers/pages';
import {contractLoadError} from './helpers/contract-copy';
import {contractStrings} from './helpers/prose';

const contractFile = path.join(siteDir, 'contract/openapi.yaml');
const source = readFileSync(contractFile, 'utf8');

/** Subtrees that are the source of a value or sample data, not statements about it. */
const notProse = new Set(['example', 'examples', 'x-limits', 'x-signature-test-vectors', 'pattern']);

/** A spelling that says what it is on its own: it has a unit, or digits grouped by commas. */
const selfEvident = (form: string): boolean => /[a-z]/i.test(form) || /\d,\d{3}/.test(form);

/**
 * The spellings of a fact in contract prose: those of facts.ts, an adjective ("24-hour",
 * "10-second"), and the bare number of a limit in seconds ("60 to 3600"), which needs a name
 * beside it.
 */
function contractForms(fact: Fact): string[] {
  const forms = [...fact.forms];
  for (const form of fact.forms) {
    const duration = /^([\d,.]+) (second|minute|hour|day)s?$/.exec(form);
    if (duration) forms.push(`${duration[1]}-${duration[2]}`);
  }
  if (/^limits\..*_seconds\b/.test(fact.key)) forms.push(fact.value, fact.value.replace(/,/g, ''));
  return [...new Set(forms)];
}

/** The words of a pointer, for the names of a fact: `#/components/schemas/Metadata/…` → "metadata". */
const pointerWords = (pointer: string): string =>
  pointer
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join(' ')
    .toLowerCase();

export interface ContractCopy {
  pointer: string;
  fact: string;
  facts: string[];
  form: string;
  text: string;
}

/** Each typed copy of an x-limits number or a default threshold in a parsed contract's strings. */
export function findContractCopies(document: unknown, facts: Fact[]): ContractCopy[] {
  const copies: ContractCopy[] = [];
  for (const {pointer, text} of contractStrings(document, notProse)) {
    const words = pointerWords(pointer);
    const named = (name: string): boolean => new RegExp(`(?<![a-z0-9])${name}`).test(words);
    // Each fact split in two: its self-evident spellings count anywhere, its bare ones beside a
    // name, which the pointer may already give.
    const split = facts.flatMap((fact): Fact[] => {
      const nameless = fact.names.length === 0 || fact.names.some(named);
      const requires = fact.requires && !named(fact.requires) ? {requires: fact.requires} : {};
      const forms = contractForms(fact);
      return [
        {...fact, forms: forms.filter(selfEvident), names: [], ...requires},
        {...fact, forms: forms.filter((form) => !selfEvident(form)), names: nameless ? [] : fact.names},
      ];
    });
    for (const copy of findTypedCopies(pointer, text, split)) {
      copies.push({pointer, fact: copy.fact, facts: copy.facts, form: copy.form, text});
    }
  }
  return copies;
}

/** The facts a contract string must not type: the x-limits numbers and the default thresholds. */
async function limitAndDefaultFacts(): Promise<Fact[]> {
  const contract = await sources.contract();
  return [...collectFacts(contract, sources).values()].filter((fact) => /^(limits|default)\./.test(fact.key));
}

/**
 * Typed copies that stay typed, each with the reason; `text` is a piece of the string. An entry
 * that matches nothing fails the test, so the list cannot go stale.
 */
const typedOnPurpose: Array<{pointer: string; fact: string; text: string; why: string}> = [
  {
    pointer: '#/components/schemas/Result/properties/threshold/description',
    fact: 'default.InteractiveLivenessConfig.threshold',
    text: 'For age estimation it is always 0.50',
    why: 'the fixed score at which an age estimate equals the challenge age, not a configurable default',
  },
  {
    pointer: '#/x-data-retention/1/retention',
    fact: 'limits.webhooks.event_retention_days',
    text: '30 days',
    why: 'the session images’ own retention (the source of retention.session-images), equal to the event retention by chance',
  },
  {
    pointer: '#/x-data-retention/2/retention',
    fact: 'limits.kyc_link_lifetime_seconds.max',
    text: '7 days',
    why: 'the liveness media’s own retention (the source of retention.liveness-media), not a KYC link lifetime',
  },
  {
    pointer: '#/x-data-retention/2/configurable',
    fact: 'limits.webhooks.event_retention_days',
    text: '0 to 30 days',
    why: 'the range of the liveness media retention setting, not the event retention',
  },
  {
    pointer: '#/x-data-retention/9/retention',
    fact: 'limits.webhooks.event_retention_days',
    text: '30 days',
    why: 'the request logs’ own retention (the source of retention.request-logs), equal to the event retention by chance',
  },
];

test('no contract string types an x-limits number or a default threshold', async () => {
  const facts = await limitAndDefaultFacts();
  const copies = findContractCopies(parse(source), facts);
  const used = new Set<(typeof typedOnPurpose)[number]>();
  const unexplained = copies.filter((copy) => {
    const entry = typedOnPurpose.find(
      (candidate) =>
        candidate.pointer === copy.pointer &&
        candidate.fact === copy.fact &&
        copy.text.includes(candidate.text),
    );
    if (entry) used.add(entry);
    return !entry;
  });
  console.log(
    `typed copies in the contract: ${copies.length} found, ${copies.length - unexplained.length} on the list`,
  );
  assert.deepEqual(
    unexplained.map(
      (copy) =>
        `contract/openapi.yaml: ${copy.pointer}: "${copy.form}" is ${copy.facts.join(' or ')}: write %{${copy.fact}} (with |MB, |minutes, |hours or |days where the unit needs it)`,
    ),
    [],
  );
  assert.deepEqual(
    typedOnPurpose.filter((entry) => !used.has(entry)),
    [],
    'typedOnPurpose entries that match no typed copy: remove them',
  );
});

test('the detector finds typed limits and defaults in a contract string, and passes placeholders and examples', async () => {
  const facts = await limitAndDefaultFacts();
  const fixture = {
    paths: {
      '/face/search': {
        post: {
          description:
            'Returns up to `top_k` candidates (1 to 50, default 5). The default threshold is 0.85. ' +
            'The session expires 15 minutes after creation; uploads last 24 hours.',
          requestBody: {content: {'application/json': {example: {note: 'at most 10 MB', top_k: 50}}}},
        },
      },
    },
    components: {
      schemas: {
        Image: {description: 'At most 10 MB (10,485,760 bytes), with a 10-second fetch timeout.'},
        Templated: {
          description: 'At most %{limits.image.max_bytes|MB}; default %{default.FaceSearchConfig.threshold}.',
        },
      },
      securitySchemes: {clientToken: {description: 'Expires after 600 seconds by default (60 to 3600).'}},
    },
    'x-error-codes': [{code: 'x', fix: 'A liveness session allows at most 5 attempts (max_attempts).'}],
    'x-decline-reasons': [{code: 'Y', internal_detail: 'Below `match_threshold` (default 0.85).'}],
  };
  const found = findContractCopies(fixture, facts).map((copy) => `${copy.pointer} ${copy.form} ${copy.fact}`);
  for (const expected of [
    '#/paths/~1face~1search/post/description 50 limits.face_search_top_k.max',
    '#/paths/~1face~1search/post/description 5 limits.face_search_top_k.default',
    '#/paths/~1face~1search/post/description 0.85 default.FaceSearchConfig.threshold',
    '#/paths/~1face~1search/post/description 15 minutes limits.session_expiry_minutes',
    '#/components/schemas/Image/description 10 MB limits.image.max_bytes',
    '#/components/schemas/Image/description 10,485,760 limits.image.max_bytes',
    '#/components/schemas/Image/description 10-second limits.image.url_fetch_timeout_seconds',
    '#/components/securitySchemes/clientToken/description 600 seconds limits.client_token_lifetime_seconds.default',
    '#/components/securitySchemes/clientToken/description 60 limits.client_token_lifetime_seconds.min',
    '#/components/securitySchemes/clientToken/description 3600 limits.client_token_lifetime_seconds.max',
    '#/x-error-codes/0/fix 5 limits.liveness_max_attempts.max',
  ]) {
    assert.ok(found.includes(expected), `${expected} in:\n${found.join('\n')}`);
  }
  assert.ok(
    found.some((copy) => copy.startsWith('#/paths/~1face~1search/post/description 24 hours ')),
    found.join('\n'),
  );
  assert.ok(
    found.some((copy) => copy.startsWith('#/x-decline-reasons/0/internal_detail 0.85 ')),
    found.join('\n'),
  );
  assert.ok(!found.some((copy) => copy.includes('/example')), 'example values are the source, not copies');
  assert.ok(!found.some((copy) => copy.includes('Templated')), 'placeholders are not typed copies');
});

/** The message of loading a copy of the site's contract changed by `edit`, or '' if it loads. */
async function loadError(edit: (source: string) => string): Promise<string> {
  const edited = edit(source);
  assert.notEqual(edited, source, 'the fault was injected');
  return contractLoadError(edited);
}

test('an unknown placeholder key or format fails loading, naming the string’s line and JSON pointer', async () => {
  const unknownKey = await loadError((text) =>
    text.replace(
      'The default threshold is %{default.FaceMatchConfig.threshold};',
      'The default threshold is %{limits.nope};',
    ),
  );
  assert.match(
    unknownKey,
    /^contract\/openapi\.yaml:\d+: #\/paths\/~1face~1match\/post\/description: %\{limits\.nope\}: no such fact/,
  );
  const unknownFormat = await loadError((text) =>
    text.replace(
      'at most %{limits.collection_max_faces} faces.\n',
      'at most %{limits.collection_max_faces|GB} faces.\n',
    ),
  );
  assert.match(
    unknownFormat,
    /^contract\/openapi\.yaml:\d+: #\/paths\/~1collections\/post\/description: %\{limits\.collection_max_faces\|GB\}: unknown format "GB"/,
  );

  // The same checks without a file: every key kind, formats and misspellings.
  const values = placeholderValues(parse(source));
  const expand = (text: string): string => expandContractString(text, values, '#/x');
  assert.throws(() => expand('%{default.NoSuchConfig.threshold}'), ContractError);
  assert.throws(
    () => expand('%{limits.webhooks.source_ip_ranges}'),
    /no such fact/,
    'a list is not a number',
  );
  assert.throws(() => expand('%{limits.collection_max_faces|hours}'), /needs a key in seconds/);
  assert.throws(() => expand('%{limits.session_expiry_minutes|MB}'), /needs a key in bytes/);
  assert.throws(() => expand('%{retention.aml-screenings|days}'), /takes no format/);
  assert.throws(
    () => expand('%{Limits.image.max_bytes}'),
    /#\/x: %\{Limits\.image\.max_bytes\}: not a placeholder/,
  );
  assert.throws(() => expand('%{limits.image.max_bytes|MB'), /not a placeholder/);
  assert.equal(expand('curl -w "%{http_code}"'), 'curl -w "%{http_code}"', 'curl’s own %{name} is not one');
});

test('placeholders read the values of x-limits, the schema defaults and x-data-retention, formatted', () => {
  const raw = parse(source) as {'x-limits': Record<string, unknown>};
  const values = placeholderValues(raw);
  const expand = (text: string): string => expandContractString(text, values, '#/x');
  const limits = raw['x-limits'] as {
    image: {max_bytes: number};
    kyc_link_lifetime_seconds: {default: number; min: number; max: number};
    media_retention_hours: number;
    collection_max_faces: number;
    webhooks: {retry_delays_seconds: number[]};
  };
  assert.equal(expand('%{limits.image.max_bytes|MB}'), `${limits.image.max_bytes / 1048576} MB`);
  assert.equal(expand('%{limits.collection_max_faces}'), limits.collection_max_faces.toLocaleString('en-US'));
  assert.equal(
    expand('%{limits.kyc_link_lifetime_seconds.max|days}'),
    `${limits.kyc_link_lifetime_seconds.max / 86400} days`,
  );
  assert.equal(
    expand('%{limits.media_retention_hours|hours}'),
    `${limits.media_retention_hours} hour${limits.media_retention_hours === 1 ? '' : 's'}`,
  );
  assert.equal(
    expand('%{limits.webhooks.retry_delays_seconds.0}'),
    String(limits.webhooks.retry_delays_seconds[0]),
  );
  const singular = expandContractString(
    '%{limits.a_seconds|hours}',
    new Map([['limits.a_seconds', 3600]]),
    '#/x',
  );
  assert.equal(singular, '1 hour');
  assert.match(expand('%{retention.aml-screenings}'), /^\d+ years$/);
  assert.doesNotMatch(
    expand('%{retention.uploaded-media}'),
    /%\{/,
    'a retention period written with a placeholder',
  );
});

test('a placeholder shows what the fact of the same key shows on the pages', async () => {
  const contract = await sources.contract();
  const values = placeholderValues(parse(source));
  const facts = [...collectFacts(contract, sources).values()].filter((fact) =>
    /^(limits|default|retention)\./.test(fact.key),
  );
  assert.ok(facts.length > 60, `${facts.length} facts`);
  for (const fact of facts) {
    assert.equal(expandContractString(`%{${fact.key}}`, values, '#/x'), fact.value, fact.key);
  }
});

test('the loaded contract holds values, not placeholders, in both its documents', async () => {
  const contract = await sources.contract();
  const left: string[] = [];
  for (const [name, document] of [
    ['document', contract.document],
    ['raw', contract.raw],
  ] as const) {
    for (const {pointer, text} of contractStrings(document, notProse)) {
      if (text.includes('%{')) left.push(`${name} ${pointer}`);
    }
  }
  assert.deepEqual(left, []);
  assert.ok(source.includes('%{limits.face_search_top_k.max}'), 'the source writes the placeholder');
  const limits = contract.document['x-limits'] as {
    face_search_top_k: {min: number; max: number; default: number};
  };
  const search = contract.operations.get('searchFaces')?.operation.description ?? '';
  const {min, max} = limits.face_search_top_k;
  assert.ok(
    search.includes(`candidates (${min} to ${max}, default ${limits.face_search_top_k.default})`),
    search,
  );
});

test('the published contract is the file as written with every placeholder replaced', async () => {
  const published = await publishedContract(siteDir);
  assert.doesNotMatch(published, /%\{/);
  assert.deepEqual(parse(published), expandContractStrings(parse(source)));
  assert.equal(published.split('\n').length, source.split('\n').length, 'the formatting of the file is kept');
  assert.ok(published.includes('# Worked examples of Vultus-Signature'), 'comments are kept');
});
