/**
 * Request signing leaves no case to guess. /auth › "Request signing" and the contract's
 * `Vultus-Signature` request header both say:
 *
 * 1. that a signature is verified whenever it is sent, required or not;
 * 2. what a `POST` without a body signs, `t + "."`, naming every `POST` of the contract whose body
 *    is optional;
 * 3. that the Web SDK's client-token calls are never signed.
 *
 * And no page or contract string says that "every `POST`" must be signed without limiting it to
 * requests made with a secret key, which the SDK's browser calls are not.
 *
 * Run: node --import tsx --test tests/unit/request-signing-cases.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {renderPageMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import {docsDir, withDocs} from './helpers/pages';
import {contractStrings, docsSources, rawContract, sentences} from './helpers/prose';

type Operation = {
  operationId?: string;
  parameters?: Array<{$ref?: string}>;
  requestBody?: {required?: boolean};
  security?: Array<Record<string, unknown>>;
};
const raw = rawContract();
const paths = raw.paths as Record<string, Record<string, Operation>>;
const signed = Object.entries(paths).flatMap(([itemPath, item]) =>
  Object.entries(item)
    .filter(([, operation]) =>
      (operation.parameters ?? []).some(
        (parameter) => parameter.$ref === '#/components/parameters/RequestSignature',
      ),
    )
    .map(([method, operation]) => ({method, path: itemPath, operation})),
);

/** The three cases, as a reader must find them. */
function assertCases(where: string, text: string): void {
  const prose = text.replace(/\s+/g, ' ');
  assert.match(
    prose,
    /(?:verified|checks?|verifies)[^.]*(?:whenever it is sent|even when)/i,
    `${where}: a signature sent when not required`,
  );
  assert.match(
    prose,
    /without a body[^.]*(?:empty string|t \+ "\.")/i,
    `${where}: what a POST without a body signs`,
  );
  assert.match(prose, /client[- ]token/i, `${where}: the Web SDK's client-token calls`);
}

test('only secret-key POSTs take Vultus-Signature', () => {
  assert.ok(signed.length > 10, 'the operations that accept the header');
  for (const {method, path: itemPath, operation} of signed) {
    assert.equal(method, 'post', `${operation.operationId}: only POSTs are signed`);
    const schemes = (operation.security ?? (raw.security as Array<Record<string, unknown>>)).flatMap(
      Object.keys,
    );
    assert.ok(!schemes.includes('clientToken'), `${itemPath}: a client-token call cannot be signed`);
  }
});

test('the contract header and /auth › Request signing state the three cases', async () => {
  const header = (raw.components as {parameters: Record<string, {description: string}>}).parameters
    .RequestSignature;
  assert.ok(header, 'the RequestSignature parameter');
  assertCases('contract RequestSignature', header.description);
  const auth = await renderPageMarkdown(await withDocs(), path.join(docsDir, 'auth.md'));
  const section = /^## Request signing\n([\s\S]*?)^## /m.exec(auth.markdown)?.[1];
  assert.ok(section, '/auth has a Request signing section');
  assertCases('/auth › Request signing', section);
  // Every POST whose body is optional is named, so the reader knows which ones the empty case covers.
  const bodiless = signed.filter(({operation}) => operation.requestBody?.required !== true);
  assert.ok(bodiless.length > 0, 'some signed POSTs take an optional body');
  for (const {path: itemPath} of bodiless) {
    assert.ok(
      section.includes(`POST ${itemPath}`),
      `/auth › Request signing: POST ${itemPath} has an optional body`,
    );
  }
});

test('no page or contract string requires a signature on every POST without naming the secret key', async () => {
  const every =
    /\bevery (?:unsigned )?`?POST`?\b[^.]*\b(?:signature|signed)|\b(?:signature|signed)\b[^.]*\bevery `?POST`?/i;
  const wrong: string[] = [];
  const look = (where: string, text: string): void => {
    for (const sentence of sentences(text)) {
      if (
        every.test(sentence) &&
        /\b(?:must|rejects|carries|required?)\b/i.test(sentence) &&
        !/secret key/i.test(sentence)
      ) {
        wrong.push(`${where}: ${sentence.slice(0, 160)}`);
      }
    }
  };
  for (const source of await docsSources()) look(source.file, source.text);
  for (const {pointer, text} of contractStrings(raw)) look(`contract ${pointer}`, text);
  assert.deepEqual(wrong, []);
});
