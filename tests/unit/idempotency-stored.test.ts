/**
 * Which responses a retry with the same `Idempotency-Key` gets replayed is a fact of each error
 * code (`stored` in `x-error-codes`), and the pages and the responses' headers follow it:
 *
 * 1. No error is stored that the site tells the reader to retry with the same key: a retryable
 *    error, or one whose own fix says "the same key" (the retry would get the stored error back
 *    for the key's lifetime). An error the Web SDKs raise has no response to store.
 * 2. /responses renders the Stored column, and /requests the stored and unstored codes, from the
 *    contract; no page or contract description types which statuses are stored.
 * 3. The headers the idempotency prose promises are declared on the responses that send them:
 *    `Idempotent-Replayed` on exactly the responses that can be replays (the successes of the
 *    operations that take `Idempotency-Key`, and their errors that can carry a stored code);
 *    `Retry-After` on exactly the responses that can carry a code whose fix says to wait for it;
 *    and every `POST` that takes a key can answer `409 idempotency_key_in_use`.
 *
 * Run: node --import tsx --test tests/unit/idempotency-stored.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {type Contract, type ErrorCode, type Response} from '../../plugins/vultus-contract/contract/contract';
import {errorCodesOf} from '../../plugins/vultus-contract/contract/headers';
import {contractLoadError} from './helpers/contract-copy';
import {renderPageMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import {docsDir, listMarkdown, siteDir, sources, withDocs} from './helpers/pages';

/** One page rendered as the site renders it (`/requests` → docs/requests.md). */
const rendered = async (route: string): Promise<string> =>
  (await renderPageMarkdown(await withDocs(), path.join(docsDir, `${route.slice(1)}.md`))).markdown;

let loaded: Promise<Contract> | undefined;
const contract = (): Promise<Contract> => (loaded ??= sources.contract());

/** Advice to send the same request again under the same key. */
const sameKeyAdvice = /same (`?Idempotency-Key`?|key)\b/i;

const apiErrors = (doc: Contract): ErrorCode[] =>
  doc.document['x-error-codes'].filter((entry) => entry.status !== null);

/** The part of a rendered page under a heading, up to the next heading of that level or above. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `no "${heading}"`);
  const level = /^#+/.exec(heading)?.[0].length ?? 2;
  const rest = markdown.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`\\n#{1,${level}} `));
  return end < 0 ? rest : rest.slice(0, end);
}

test('no error the site says to retry with the same Idempotency-Key is stored, nor one raised in the browser', async () => {
  const wrong = (await contract()).document['x-error-codes'].flatMap((entry) => {
    const problems: string[] = [];
    if (typeof entry.stored !== 'boolean') problems.push(`${entry.code}: stored is not true or false`);
    if (entry.stored && entry.retryable) {
      problems.push(
        `${entry.code}: retryable (retried with the same key) and stored (the retry gets it back)`,
      );
    }
    if (entry.stored && sameKeyAdvice.test(`${entry.message} ${entry.fix}`)) {
      problems.push(`${entry.code}: its fix says to retry with the same key, yet it is stored`);
    }
    if (entry.stored && entry.status === null)
      problems.push(`${entry.code}: raised in the browser, yet stored`);
    return problems;
  });
  assert.deepEqual(wrong, []);
});

test('/responses says a retryable error is retried with the same key, and never stored', async () => {
  const page = {markdown: await rendered('/responses')};
  const guidance = section(page.markdown, '### Retry guidance').replace(/\s+/g, ' ');
  assert.match(guidance, /`retryable` is `true`\*\*: retry the same request with the same `Idempotency-Key`/);
  assert.match(guidance, /a retryable error is never stored/);
});

test('the loader refuses a stored retryable error, and an entry without stored', async () => {
  const real = readFileSync(path.join(siteDir, 'contract/openapi.yaml'), 'utf8');
  const entry = /( {2}- code: image_url_unreachable\n(?: {4}.*\n)*? {4}retryable: true\n {4})stored: false/;
  assert.match(real, entry, 'image_url_unreachable: retryable and not stored');
  assert.match(
    await contractLoadError(real.replace(entry, '$1stored: true')),
    /#\/x-error-codes\/\d+\/stored: a retryable error is retried with the same Idempotency-Key/,
  );
  assert.match(
    await contractLoadError(real.replace(entry, '$1stored_not: false')),
    /#\/x-error-codes\/\d+\/stored: expected true or false/,
  );
});

test('/responses renders the Stored column of the error codes from the contract', async () => {
  const doc = await contract();
  const page = {markdown: await rendered('/responses')};
  const table = section(page.markdown, '### Error codes');
  const header = table.split('\n').find((line) => line.startsWith('| Code |')) ?? '';
  const columns = header.split('|').map((cell) => cell.trim());
  const stored = columns.indexOf('Stored');
  assert.ok(stored > 0, `no Stored column in ${header}`);
  const wrong = doc.document['x-error-codes'].flatMap((entry) => {
    const row = table.split('\n').find((line) => line.startsWith(`| [\`${entry.code}\`](`));
    const cell = row?.split('|').map((value) => value.trim())[stored];
    const expected = entry.status === null ? '—' : entry.stored ? 'Yes' : 'No';
    return cell === expected ? [] : [`${entry.code}: Stored shows ${String(cell)}, the contract ${expected}`];
  });
  assert.deepEqual(wrong, []);
});

test('/requests renders which responses are stored, and which a retry runs again, from the contract', async () => {
  const doc = await contract();
  const page = {markdown: await rendered('/requests')};
  const idempotency = section(page.markdown, '## Idempotency');
  const storedLine = idempotency.split('\n').find((line) => line.includes('**Stored and replayed:**')) ?? '';
  const notStoredLine = idempotency.split('\n').find((line) => line.includes('**Not stored**')) ?? '';
  assert.ok(storedLine && notStoredLine, 'the stored and not stored lists of the Idempotency section');
  assert.match(storedLine, /`2xx`/, 'every success is stored');
  const errors = apiErrors(doc);
  const wrong = errors.flatMap((entry) => {
    const named = `\`${String(entry.status)} ${entry.code}\``;
    const wholeStatus = errors.every((other) => other.status !== entry.status || !other.stored);
    if (entry.stored)
      return storedLine.includes(named) ? [] : [`${entry.code}: stored, not listed as stored`];
    if (storedLine.includes(named)) return [`${entry.code}: not stored, listed as stored`];
    const listed =
      notStoredLine.includes(named) || (wholeStatus && notStoredLine.includes(`\`${String(entry.status)}\``));
    return listed ? [] : [`${entry.code}: not stored, missing from the not stored list`];
  });
  assert.deepEqual(wrong, []);
});

test('no page or contract description types which statuses are stored for replay', async () => {
  const doc = await contract();
  // A sentence about what is stored or replayed that names a status (`4xx`, `429`) restates the
  // Stored column by hand.
  const typed =
    /[^.]*\b(stored|replayed)\b[^.]*`[1-5](xx|\d\d)`[^.]*|[^.]*`[1-5](xx|\d\d)`[^.]*\b(is|are) (not )?stored\b[^.]*/i;
  const problems: string[] = [];
  for (const file of await listMarkdown(docsDir)) {
    const source = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
    const found = typed.exec(source.replace(/\s+/g, ' '));
    if (found) problems.push(`docs/${path.relative(docsDir, file)}: "${found[0].trim()}"`);
  }
  const parameters = doc.document.components.parameters as Record<string, {description?: string}>;
  for (const [name, parameter] of Object.entries(parameters)) {
    const found = typed.exec((parameter.description ?? '').replace(/\s+/g, ' '));
    if (found) problems.push(`components.parameters.${name}: "${found[0].trim()}"`);
  }
  assert.deepEqual(problems, []);
});

/** Every response of every API operation, with the operation and whether it takes Idempotency-Key. */
function responses(
  doc: Contract,
): Array<{where: string; status: string; response: Response; keyed: boolean; codes: string[]}> {
  return [...doc.operations.values()]
    .filter((entry) => !entry.webhook)
    .flatMap((entry) => {
      const keyed = (entry.operation.parameters ?? []).some(
        (parameter) => parameter.name === 'Idempotency-Key',
      );
      return Object.entries(entry.operation.responses).map(([status, response]) => ({
        where: `${entry.method.toUpperCase()} ${entry.path} ${status}`,
        status,
        response,
        keyed,
        codes: errorCodesOf({entry, status}),
      }));
    });
}

test('Idempotent-Replayed is declared on exactly the responses that can be replays', async () => {
  const doc = await contract();
  const stored = new Set(
    doc.document['x-error-codes'].filter((entry) => entry.stored).map((entry) => entry.code),
  );
  const wrong = responses(doc).flatMap(({where, status, response, keyed, codes}) => {
    const replayable = keyed && (/^2\d\d$/.test(status) || codes.some((code) => stored.has(code)));
    const declared = response.headers?.['Idempotent-Replayed'] !== undefined;
    if (replayable === declared) return [];
    return [
      `${where}: ${declared ? 'declares Idempotent-Replayed but is never a replay' : 'can be a replay, declares no Idempotent-Replayed'} (${codes.join(', ') || 'success'})`,
    ];
  });
  assert.deepEqual(wrong, []);
});

test('Retry-After is declared on exactly the responses that can carry a code whose fix waits for it', async () => {
  const doc = await contract();
  const waits = new Set(
    doc.document['x-error-codes']
      .filter((entry) => /`Retry-After`/.test(entry.fix))
      .map((entry) => entry.code),
  );
  assert.ok(
    waits.has('rate_limited') && waits.has('idempotency_key_in_use'),
    'the codes that wait Retry-After',
  );
  const wrong = responses(doc).flatMap(({where, response, codes}) => {
    const carries = codes.some((code) => waits.has(code));
    const declared = response.headers?.['Retry-After'] !== undefined;
    return carries === declared
      ? []
      : [
          `${where}: ${declared ? 'declares Retry-After, carries no code that waits for it' : `can carry ${codes.filter((code) => waits.has(code)).join(', ')}, declares no Retry-After`}`,
        ];
  });
  assert.deepEqual(wrong, []);
});

test('every operation that takes Idempotency-Key can answer 409 idempotency_key_in_use and idempotency_key_reused', async () => {
  const doc = await contract();
  const wrong = responses(doc)
    .filter(({keyed}) => keyed)
    .filter(
      ({where}, index, all) =>
        all.findIndex(
          (other) => other.where.split(' ').slice(0, 2).join(' ') === where.split(' ').slice(0, 2).join(' '),
        ) === index,
    )
    .flatMap(({where}) => {
      const operation = where.split(' ').slice(0, 2).join(' ');
      const conflict = responses(doc).find((response) => response.where === `${operation} 409`);
      const codes = conflict?.codes ?? [];
      return ['idempotency_key_in_use', 'idempotency_key_reused']
        .filter((code) => !codes.includes(code))
        .map((code) => `${operation}: its 409 cannot return ${code}`);
    });
  assert.deepEqual(wrong, []);
});

test('every response header the idempotency prose names is one the responses declare', async () => {
  const doc = await contract();
  const page = {markdown: await rendered('/requests')};
  const declared = new Set(responses(doc).flatMap(({response}) => Object.keys(response.headers ?? {})));
  const requestHeaders = new Set(
    Object.values(doc.document.components.parameters as Record<string, {name: string; in: string}>)
      .filter((parameter) => parameter.in === 'header')
      .map((parameter) => parameter.name),
  );
  const key = (doc.document.components.parameters as Record<string, {description?: string}>).IdempotencyKey;
  const prose = `${section(page.markdown, '## Idempotency')} ${key?.description ?? ''}`;
  // A header name in code: `Retry-After`, `Idempotent-Replayed: true`.
  const named = [...prose.matchAll(/`([A-Z][A-Za-z]+(?:-[A-Z][A-Za-z]+)+)(?::[^`]*)?`/g)].map(
    (match) => match[1] ?? '',
  );
  const unknown = [...new Set(named)].filter((name) => !declared.has(name) && !requestHeaders.has(name));
  assert.ok(
    named.includes('Idempotent-Replayed') && named.includes('Retry-After'),
    'the prose names its headers',
  );
  assert.deepEqual(unknown, [], 'headers the idempotency prose names but no response declares');
});
