/**
 * A code sample handles only the statuses the API sends: every status a bash, JavaScript or
 * Python block of a page compares with (`response.status === 204`, `status_code in (404, 410)`,
 * `"$STATUS" = "409"`) is one that an operation the block calls declares, or, when the block names
 * no path of the contract, one that some operation declares. A branch on a status the contract never
 * returns suggests it does (the `DELETE /media` sample once handled a `204`).
 *
 * The generated samples of `::operation` are on the pages, so they are checked with the rest.
 *
 * Run: node --import tsx --test tests/unit/sample-statuses.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {type Contract} from '../../plugins/vultus-contract/contract/contract';
import {javascriptSample, pythonSample, curlSample} from '../../plugins/vultus-contract/contract/samples';
import {operationMatchers, type OperationMatcher} from './helpers/operations';
import {codeBlocks, renderedDocs, sources} from './helpers/pages';

const languages = new Set(['bash', 'sh', 'shell', 'javascript', 'js', 'python', 'py']);

/** The HTTP statuses a piece of code compares a status with. */
function comparedStatuses(source: string): number[] {
  const found: string[] = [];
  const variable = String.raw`(?:\bstatus(?:_code|Code)?|\$\{?(?:STATUS|HTTP_CODE|CODE|status|http_code)\}?"?)`;
  const patterns = [
    // status === 204, status_code != 404, "$STATUS" = "409", $STATUS -eq 409
    new RegExp(String.raw`${variable}\s*(?:===?|!==?|-eq|-ne|=)\s*["']?(\d{3})\b`, 'g'),
    // 204 === response.status
    /\b(\d{3})\s*(?:===?|!==?)\s*[\w.]*status/g,
    // status_code in (404, 410), status in [404]
    new RegExp(String.raw`${variable}\s+(?:not\s+)?in\s*[([{]([\d,\s]+)[)\]}]`, 'g'),
    // switch (response.status) { case 409:
    /\bcase\s+(\d{3})\s*:/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) found.push(...(match[1] ?? '').split(/[,\s]+/));
  }
  return [...new Set(found.filter((status) => /^[1-5]\d\d$/.test(status)).map(Number))];
}

/** The operations a block calls: those whose path one of its path literals matches (any method). */
function operationsNamed(matchers: OperationMatcher[], source: string): OperationMatcher[] {
  const paths = [...source.matchAll(/\/[^\s'"`?#()<>,\\]+/g)].map((match) =>
    match[0].replace(/^.*?\/v1(?=\/)/, '').replace(/\/$/, ''),
  );
  return matchers.filter((matcher) => paths.some((candidate) => matcher.pattern.test(candidate)));
}

/** What is wrong with a block: each status it compares with that the operations it calls never return. */
function undeclared(contract: Contract, source: string): string[] {
  const matchers = operationMatchers(contract);
  const called = operationsNamed(matchers, source);
  const scope = called.length > 0 ? called : matchers;
  const declared = new Set(
    scope.flatMap((matcher) => Object.keys(matcher.entry.operation.responses).map(Number)),
  );
  const names = called.map((matcher) => `${matcher.method} ${matcher.path}`).join(', ') || 'any operation';
  return comparedStatuses(source)
    .filter((status) => !declared.has(status))
    .map((status) => `compares with ${status}, which ${names} never returns`);
}

test('the check finds a branch on a status the operation never returns', async () => {
  const contract = await sources.contract();
  const sample = [
    "const response = await fetch('https://api.vultus.example/v1/media/med_8f3KqP2xLm9VtR4sWz7YbN1c', {method: 'DELETE'});",
    'const result = response.status === 204 ? null : await response.json();',
  ].join('\n');
  assert.deepEqual(undeclared(contract, sample), [
    'compares with 204, which GET /media/{media_id}, DELETE /media/{media_id} never returns',
  ]);
  assert.deepEqual(
    comparedStatuses('if response.status_code in (404, 410):\n  [ "$STATUS" = "409" ]'),
    [409, 404, 410],
  );
  assert.deepEqual(comparedStatuses('if [ "$STATUS" -ge 200 ] && [ "$STATUS" -lt 300 ]; then'), []);
});

test('the generated samples of every operation branch on no status', async () => {
  const contract = await sources.contract();
  const request = {
    method: 'DELETE',
    path: '/media/med_8f3KqP2xLm9VtR4sWz7YbN1c',
    query: [],
    idempotent: false,
    headers: [],
  };
  for (const sample of [curlSample(request), javascriptSample(request), pythonSample(request)]) {
    assert.deepEqual(undeclared(contract, sample), [], sample);
  }
});

test('no code sample on a page compares with a status the operations it calls never return', async () => {
  const contract = await sources.contract();
  const problems: string[] = [];
  let blocks = 0;
  for (const page of await renderedDocs()) {
    codeBlocks(page.tree).forEach((block, index) => {
      if (!languages.has(block.lang ?? '')) return;
      blocks += 1;
      for (const problem of undeclared(contract, block.value)) {
        problems.push(`${page.route} block ${index + 1} (${block.lang ?? ''}): ${problem}`);
      }
    });
  }
  assert.ok(blocks > 100, `only ${blocks} code blocks read`);
  assert.deepEqual(problems, []);
});
