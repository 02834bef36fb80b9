/**
 * Which checks the sandbox runs for real is one fact of the contract, `x-sandbox`: every check
 * runs for real except those of `always_pass`, whose codes can only be forced (and AML screening
 * runs against the sandbox lists). Everything that says what a test key runs follows it:
 *
 * 1. Each decline reason's `sandbox` text gives a natural trigger exactly when its code is not
 *    in `always_pass`, and says "No natural trigger" when it is.
 * 2. No contract string and no page types what the sandbox runs for real or what always passes:
 *    the contract writes %{sandbox.checks}, a page :sandbox (dated revision-history entries aside).
 * 3. A page that says a code has no natural trigger names only forced-only codes, and one that
 *    gives a natural input for a code names no forced-only code.
 * 4. "Authenticity checks" has one scope, the one `x-sandbox` and `DocumentCheck.name` define:
 *    any list given after the words names those checks only, and no section of that name lists
 *    the other document checks.
 *
 * Run: node --import tsx --test tests/unit/sandbox-natural-triggers.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {forcedOnlyCodes, readSandbox, sandboxClause} from '../../plugins/vultus-contract/contract/sandbox';
import {sources} from './helpers/pages';
import {contractStrings, declineCodePattern, docsSources, rawContract, sentences} from './helpers/prose';

const raw = rawContract();
const sandbox = readSandbox(raw);
const forcedOnly = forcedOnlyCodes(sandbox);
const reasons = raw['x-decline-reasons'] as Array<{code: string; sandbox: string}>;
const codesIn = (text: string): string[] => text.match(new RegExp(declineCodePattern, 'g')) ?? [];

/** A statement of what the sandbox runs, in words a reader would take as the list. */
const sandboxStatement = /\bfor real\b|\balways pass(?:es)?\b/i;

/** Pages whose statements of the sandbox are dated records of a change, not the current rule. */
const datedRecords = new Set(['docs/revision-history.md']);

test('each decline reason has a natural trigger exactly when the sandbox runs its check for real', () => {
  assert.ok(forcedOnly.size > 0, 'x-sandbox lists the checks that always pass');
  const wrong: string[] = [];
  for (const reason of reasons) {
    const natural = /\bNatural trigger:/.test(reason.sandbox);
    const none = /\bNo natural trigger\b/.test(reason.sandbox);
    if (forcedOnly.has(reason.code) && (natural || !none)) {
      wrong.push(`${reason.code}: its check always passes in the sandbox, so "No natural trigger"`);
    }
    if (!forcedOnly.has(reason.code) && (!natural || none)) {
      wrong.push(`${reason.code}: the sandbox runs its check for real, so it needs "Natural trigger: …"`);
    }
  }
  assert.deepEqual(wrong, []);
});

test('each decline reason a KYC session can raise says it can be forced on the KYC create call', () => {
  // The header is accepted on every create call of a service the code lists; the sandbox text is
  // where a reader learns where to send it.
  const kycReasons = (
    raw['x-decline-reasons'] as Array<{code: string; services: string[]; sandbox: string}>
  ).filter((reason) => reason.services.includes('/services/kyc-offsite'));
  assert.ok(kycReasons.length > 5, 'codes a KYC session raises');
  const silent = kycReasons
    .filter(
      (reason) =>
        !/POST \/kyc\/sessions|KYC session create call|any synchronous call or session create call/.test(
          reason.sandbox,
        ),
    )
    .map((reason) => reason.code);
  assert.deepEqual(silent, [], 'KYC codes whose sandbox text leaves out the KYC create call');
});

test('the contract states what the sandbox runs once, through %{sandbox.checks}', async () => {
  const typed = contractStrings(raw, new Set(['example', 'examples', 'x-decline-reasons', 'x-sandbox']))
    .filter(({text}) => sandboxStatement.test(text) && !text.includes('%{sandbox.checks}'))
    .map(({pointer}) => pointer);
  assert.deepEqual(typed, [], 'contract strings that type the sandbox checks instead of %{sandbox.checks}');
  const users = contractStrings(raw).filter(({text}) => text.includes('%{sandbox.checks}'));
  assert.ok(users.length >= 2, 'the key scheme and the Vultus-Sandbox-Outcome header describe the sandbox');
  // The loaded contract shows the clause itself.
  const contract = await sources.contract();
  const clause = sandboxClause(contract.document);
  const schemes = JSON.stringify(contract.document.components.securitySchemes);
  assert.ok(schemes.includes(clause.replace(/"/g, '\\"')), 'secretKey describes the sandbox with the clause');
  for (const entry of sandbox.always_pass) assert.ok(clause.includes(entry.check), entry.check);
});

test('no page types what the sandbox runs for real or what always passes: it uses :sandbox', async () => {
  const typed: string[] = [];
  for (const source of await docsSources()) {
    if (datedRecords.has(source.file)) continue;
    for (const sentence of sentences(source.text)) {
      if (sandboxStatement.test(sentence) && !/:sandbox\b/.test(sentence)) {
        typed.push(`${source.file}: ${sentence.slice(0, 160)}`);
      }
    }
  }
  assert.deepEqual(typed, []);
});

test('a page that says whether a code has a natural trigger agrees with x-sandbox', async () => {
  const wrong: string[] = [];
  for (const source of await docsSources()) {
    for (const sentence of sentences(source.text)) {
      const codes = codesIn(sentence);
      if (codes.length === 0) continue;
      if (/\bno natural trigger\b/i.test(sentence)) {
        for (const code of codes.filter((code) => !forcedOnly.has(code))) {
          wrong.push(`${source.file}: ${code} has a natural trigger: ${sentence.slice(0, 120)}`);
        }
      } else if (/\bnatural (?:trigger|input)s?\b/i.test(sentence)) {
        for (const code of codes.filter((code) => forcedOnly.has(code))) {
          wrong.push(`${source.file}: ${code} can only be forced: ${sentence.slice(0, 120)}`);
        }
      }
    }
  }
  assert.deepEqual(wrong, []);
});

test('"authenticity checks" has one scope everywhere: the checks x-sandbox and DocumentCheck name', async () => {
  const entry = sandbox.always_pass.find((item) => /authenticity/.test(item.check));
  assert.ok(entry, 'x-sandbox names the authenticity checks');
  const scope = [...entry.check.matchAll(/`(\w+)`/g)].map((match) => match[1] ?? '');
  assert.ok(scope.length > 0, 'the authenticity checks are named in backticks');
  const schemas = (raw.components as {schemas: Record<string, {properties?: Record<string, unknown>}>})
    .schemas;
  const name = schemas.DocumentCheck?.properties?.name as {enum: string[]; description: string};
  for (const check of scope) assert.ok(name.enum.includes(check), `${check} is a DocumentCheck name`);
  assert.match(
    name.description,
    new RegExp(`${scope.map((check) => `\`${check}\``).join(' and ')} are the authenticity checks`),
    'DocumentCheck.name defines the authenticity checks',
  );
  // The words of each check as prose names it: `screen_capture`, "screen capture", "screen-capture".
  const words = (check: string): RegExp =>
    new RegExp(check.replace(/_/g, '[ _-]').replace(/^tamper$/, 'tamper'), 'i');
  const others = name.enum.filter((check) => !scope.includes(check));
  const otherWords: Record<string, RegExp> = {
    ...Object.fromEntries(others.map((check) => [check, words(check)])),
    expiry: /expir/i,
    mrz_checksum: /\bMRZ\b|check digit/i,
    data_consistency: /consisten/i,
    minimum_age: /minimum age|under-?age/i,
    document_type: /document type|\btype\b/i,
  };
  const wrong: string[] = [];
  const look = (where: string, text: string): void => {
    for (const match of text.matchAll(/authenticity checks?\s*\(([^)]*)\)/gi)) {
      const listed = match[1] ?? '';
      for (const [check, pattern] of Object.entries(otherWords)) {
        if (pattern.test(listed)) wrong.push(`${where}: "${match[0]}" lists ${check}`);
      }
    }
  };
  for (const source of await docsSources()) {
    look(source.file, source.text);
    // A section named for the authenticity checks lists only them.
    for (const section of source.text.split(/^(?=#{2,4} )/m)) {
      if (!/^#{2,4} [^\n]*authenticity/i.test(section)) continue;
      for (const check of others) {
        if (section.includes(`\`${check}\``))
          wrong.push(`${source.file}: the section "${section.split('\n')[0]}" lists ${check}`);
      }
    }
  }
  for (const {pointer, text} of contractStrings(raw)) look(`contract ${pointer}`, text);
  assert.deepEqual(wrong, []);
});
