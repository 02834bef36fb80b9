/**
 * A forced sandbox outcome ends a session the one way the catalogue says the code ends a real one.
 * The catalogue's internal detail names the codes that end a session without a result ("The
 * session ends `failed` …", "… `expired` …"); every other outcome ends it `completed`.
 *
 * 1. Every statement that a code ends a session `completed`, `failed` or `expired` (pages, partials,
 *    contract strings) gives the catalogue's status.
 * 2. The sandbox completion (its description, `SandboxCompletion.status`, and /decline-reasons ›
 *    "Complete a session without a camera") names each such code with its status, and never says
 *    the session ends `completed` without naming them.
 * 3. A session that ends `failed` sends no event (the webhooks say so), so the completion's
 *    `event_id` can be `null`.
 * 4. The example event of a forced decline on /decline-reasons carries the catalogue's decision and
 *    message.
 *
 * Run: node --import tsx --test tests/unit/sandbox-forced-outcomes.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {renderPageMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import {docsDir, withDocs} from './helpers/pages';
import {
  clauses,
  contractStrings,
  declineCodePattern,
  docsSources,
  rawContract,
  sentences,
} from './helpers/prose';

type Json = Record<string, unknown>;
type Reason = {code: string; decision: string; user_message: string; internal_detail: string};
const raw = rawContract();
const reasons = raw['x-decline-reasons'] as Reason[];

/** The status a session ends in when this code ends it, from the catalogue's internal detail. */
const endsIn = new Map(
  reasons.map((reason) => [
    reason.code,
    /The session ends `(failed|expired)`/.exec(reason.internal_detail)?.[1] ?? 'completed',
  ]),
);
const withoutResult = [...endsIn].filter(([, status]) => status !== 'completed');

const near = (text: string, status: string, code: string): boolean =>
  clauses(text).some((clause) => clause.includes(`\`${status}\``) && clause.includes(code));

test('the catalogue says which codes end a session without a result', () => {
  assert.ok(
    withoutResult.some(([, status]) => status === 'failed'),
    'a code ends a session failed',
  );
});

test('every statement that a code ends a session gives the catalogue’s status', async () => {
  const wrong: string[] = [];
  const code = `\\[?\`(?:${declineCodePattern})\`\\]?`;
  const ends = '\\bends? (?:it |the session |in )?`(completed|failed|expired)`';
  // "`CODE` (and `CODE`) end(s) it `failed`", and "ends `failed` with (the decline reason) `CODE`".
  const before = new RegExp(`((?:${code}(?:,? (?:and|or) |, )?)+) ${ends}`, 'g');
  const after = new RegExp(`${ends},? with (?:the decline reason |the code )?(${code})`, 'g');
  const look = (where: string, text: string): void => {
    for (const sentence of sentences(text)) {
      const pairs = [
        ...[...sentence.matchAll(before)].map((match) => ({codes: match[1] ?? '', status: match[2] ?? ''})),
        ...[...sentence.matchAll(after)].map((match) => ({codes: match[2] ?? '', status: match[1] ?? ''})),
      ];
      for (const pair of pairs) {
        for (const found of pair.codes.match(new RegExp(declineCodePattern, 'g')) ?? []) {
          const status = endsIn.get(found);
          if (status && status !== pair.status) {
            wrong.push(`${where}: ${found} ends a session ${status}: "${sentence.slice(0, 140)}"`);
          }
        }
      }
    }
  };
  for (const source of await docsSources()) look(source.file, source.text);
  for (const {pointer, text} of contractStrings(raw)) look(`contract ${pointer}`, text.replace(/\s+/g, ' '));
  assert.deepEqual(wrong, []);
});

test('the sandbox completion names each code that ends a session without a result, with its status', async () => {
  const paths = raw.paths as Record<string, Record<string, {description: string}>>;
  const complete = paths['/sandbox/sessions/{session_id}/complete']?.post;
  assert.ok(complete, 'POST /sandbox/sessions/{session_id}/complete');
  const schema = (raw.components as {schemas: Record<string, {properties: Record<string, Json>}>}).schemas
    .SandboxCompletion;
  const status = schema?.properties.status as {enum: string[]; description: string} | undefined;
  assert.ok(status, 'SandboxCompletion.status');
  const page = await renderPageMarkdown(await withDocs(), path.join(docsDir, 'decline-reasons.md'));
  const section = /^### Complete a session without a camera\n([\s\S]*?)(?=^#{2,3} )/m.exec(
    page.markdown,
  )?.[1];
  assert.ok(section, '/decline-reasons › Complete a session without a camera');
  const texts: Array<[string, string]> = [
    ['the completion description', complete.description.replace(/\s+/g, ' ')],
    ['SandboxCompletion.status', status.description.replace(/\s+/g, ' ')],
    ['/decline-reasons › Complete a session without a camera', section],
  ];
  for (const [code, ends] of withoutResult) {
    assert.ok(status.enum.includes(ends), `SandboxCompletion.status can be ${ends}`);
    for (const [where, text] of texts) {
      assert.ok(
        sentences(text).some((sentence) => near(sentence, ends, code)),
        `${where}: ${code} ends it ${ends}`,
      );
    }
  }
  for (const [where, text] of texts) {
    for (const sentence of sentences(text)) {
      if (/ends `completed`/.test(sentence)) {
        for (const [code] of withoutResult) {
          assert.ok(sentence.includes(code), `${where}: "ends \`completed\`" without the exception ${code}`);
        }
      }
    }
  }
});

test('a session that ends failed sends no event, so the completion’s event_id can be null', () => {
  const webhooks = JSON.stringify(raw.webhooks);
  assert.match(webhooks, /`failed` send no event/, 'the webhooks say failed sessions send no event');
  const schema = (raw.components as {schemas: Record<string, {properties: Record<string, Json>}>}).schemas
    .SandboxCompletion;
  const eventId = JSON.stringify(schema?.properties.event_id);
  assert.ok(withoutResult.some(([, ends]) => ends === 'failed'));
  assert.match(eventId, /"type":"null"/, 'SandboxCompletion.event_id is nullable');
});

test('the example event of a forced decline carries the catalogue’s decision and message', async () => {
  const page = await renderPageMarkdown(await withDocs(), path.join(docsDir, 'decline-reasons.md'));
  const blocks = [...page.markdown.matchAll(/^```json[^\n]*schema=Event[^\n]*\n([\s\S]*?)^```/gm)];
  assert.ok(blocks.length > 0, '/decline-reasons shows an example completion event');
  for (const block of blocks) {
    const event = JSON.parse(block[1] ?? '') as {
      data: {object: {result?: {decision: string; reasons: Array<{code: string; message: string}>}}};
    };
    const result = event.data.object.result;
    assert.ok(result && result.reasons.length > 0, 'the example is a forced decline');
    for (const reason of result.reasons) {
      const entry = reasons.find((item) => item.code === reason.code);
      assert.ok(entry, reason.code);
      assert.equal(reason.message, entry.user_message, `${reason.code}: the catalogue's message`);
      assert.equal(result.decision, entry.decision, `${reason.code}: the catalogue's decision`);
    }
  }
});
