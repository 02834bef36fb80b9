/**
 * A code's decision is a fact of the decline-reason catalogue (`x-decline-reasons`), so no page
 * and no contract string states another one:
 *
 * 1. A page never types a code's decision ("`resubmit` with `FACE.TOO_SMALL`"): it renders it from
 *    the catalogue with `:decision{code="…"}`.
 * 2. Every decision that a page shows next to a code (rendered, so partials and directives are in)
 *    or that a contract string states, is the catalogue's: "`review` with `CODE`", "is declined
 *    with `CODE`", "`CODE` … is final" (the catalogue's `retryable` is false).
 *
 * Run: node --import tsx --test tests/unit/decline-decisions-in-prose.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {renderedDocs} from './helpers/pages';
import {
  contractStrings,
  declineCodePattern,
  docsSources,
  rawContract,
  sentences,
  withoutCode,
} from './helpers/prose';

type Reason = {code: string; decision: string; retryable: boolean};
const raw = rawContract();
const reasons = raw['x-decline-reasons'] as Reason[];
const code = `\\[?\`(${declineCodePattern})\`\\]?(?:\\([^)]*\\))?`;

/** "`review` with `CODE`", "`declined` result with `CODE`", "`resubmit` (`CODE`)": a typed decision. */
const typedDecision = new RegExp(
  `\`(approved|declined|review|resubmit)\`(?: result| decision)?,? (?:with|\\()\\s*(?:the (?:decline )?reason )?${code}`,
  'g',
);
/** "is declined with `CODE`", "declines the verification with `CODE`". */
const declinedVerb = new RegExp(`\\b(?:declined?|declines|declining)\\b (?:[\\w-]+ ){0,4}?with ${code}`, 'g');
/** "`CODE`, which is final", "`CODE` is final". */
const finalCode = new RegExp(`${code},? (?:which )?(?:is|are) final`, 'g');

type Claim = {code: string; decision?: string; final?: true; text: string};

export function decisionClaims(text: string): Claim[] {
  const claims: Claim[] = [];
  for (const match of text.matchAll(typedDecision)) {
    claims.push({code: match[2] ?? '', decision: match[1] ?? '', text: match[0]});
  }
  for (const match of text.matchAll(declinedVerb))
    claims.push({code: match[1] ?? '', decision: 'declined', text: match[0]});
  for (const match of text.matchAll(finalCode))
    claims.push({code: match[1] ?? '', final: true, text: match[0]});
  return claims;
}

function disagreements(where: string, text: string): string[] {
  const wrong: string[] = [];
  for (const sentence of sentences(text)) {
    for (const claim of decisionClaims(sentence)) {
      const reason = reasons.find((entry) => entry.code === claim.code);
      if (!reason) continue;
      if (claim.decision && claim.decision !== reason.decision) {
        wrong.push(`${where}: "${claim.text}", but the catalogue's decision is ${reason.decision}`);
      }
      if (claim.final && reason.retryable) {
        wrong.push(`${where}: "${claim.text}", but the catalogue says ${claim.code} is retryable`);
      }
    }
  }
  return wrong;
}

test('the detector reads the ways prose states a decision', () => {
  assert.deepEqual(
    decisionClaims('anything else is declined with `DOC.UNSUPPORTED_TYPE`.').map((claim) => claim.decision),
    ['declined'],
  );
  assert.deepEqual(
    decisionClaims('is `review` with [`AGE.UNCERTAIN`](x)').map((claim) => claim.code),
    ['AGE.UNCERTAIN'],
  );
  assert.equal(decisionClaims('ends in `DOC.SCREEN_CAPTURE`, which is final.')[0]?.final, true);
});

test('no page types a decline code’s decision: it renders it with :decision', async () => {
  const typed: string[] = [];
  for (const source of await docsSources()) {
    for (const match of source.text.matchAll(typedDecision)) typed.push(`${source.file}: ${match[0]}`);
  }
  assert.deepEqual(typed, []);
});

test('every decision a page shows next to a code, and every one the contract states, is the catalogue’s', async () => {
  const wrong: string[] = [];
  for (const page of await renderedDocs())
    wrong.push(...disagreements(page.file, withoutCode(page.markdown)));
  const skip = new Set(['example', 'examples', 'x-decline-reasons']);
  for (const {pointer, text} of contractStrings(raw, skip))
    wrong.push(...disagreements(`contract ${pointer}`, text));
  assert.deepEqual(wrong, []);
});
