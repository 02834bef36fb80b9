/**
 * The client-token questions an integrator otherwise puts to support are answered where they look:
 *
 * 1. `refreshToken` (both SDKs' options table) says what the SDK does when the promise rejects,
 *    naming the error codes the page then gets, each of the contract's catalogue.
 * 2. `allowed_origins` of `POST /client-tokens` says it is this token's list only, and what an
 *    omitted list means; the shared `AllowedOrigins` text does not claim a session-wide effect
 *    on a call that mints one token.
 *
 * Run: node --import tsx --test tests/unit/client-token-answers.test.ts
 */
import {before, test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {renderPageMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import {bundledContract, siteDir, sources, withDocs} from './helpers/pages';

type Json = Record<string, unknown>;
let contract: Json;
let errorCodes: Set<string>;
before(async () => {
  contract = await bundledContract();
  errorCodes = new Set((contract['x-error-codes'] as Json[]).map((entry) => String(entry.code)));
});

test('refreshToken says what happens when the promise rejects, in both SDKs', () => {
  for (const file of ['web-sdk.yaml', 'gui-web-sdk.yaml'] as const) {
    const option = sources.data(`sdk/${file}`).options.find((entry) => entry.name === 'refreshToken');
    const description = String(option?.description);
    assert.match(description, /\brejects?\b/, `${file}: refreshToken does not say what a rejection does`);
    const codes = [...description.matchAll(/`([a-z]+(?:_[a-z0-9]+)+)`/g)].map((match) => match[1] as string);
    assert.ok(codes.length >= 2, `${file}: refreshToken names no error code a rejection leads to`);
    for (const code of codes) assert.ok(errorCodes.has(code), `${file}: refreshToken names ${code}`);
  }
});

test('allowed_origins of POST /client-tokens applies to the minted token only', async () => {
  const schemas = (contract.components as {schemas: Record<string, Json>}).schemas;
  const request = schemas.CreateClientTokenRequest as {properties: Record<string, Json>};
  const own = String(request.properties.allowed_origins?.description ?? '');
  assert.match(own, /this token only/, 'CreateClientTokenRequest.allowed_origins: its own scope');
  assert.match(own, /other tokens/, 'CreateClientTokenRequest.allowed_origins: the other tokens');
  assert.match(own, /omit/, 'CreateClientTokenRequest.allowed_origins: an omitted list');
  const shared = String((schemas.AllowedOrigins as Json).description);
  assert.doesNotMatch(shared, /may use the session's client tokens/, 'AllowedOrigins: a session-wide claim');
  // What the reader sees on /auth: the operation's field shows the token's own description.
  const {markdown} = await renderPageMarkdown(await withDocs(), path.join(siteDir, 'docs/auth.md'));
  assert.ok(
    markdown.includes(own.replace(/\s+/g, ' ').trim()),
    '/auth: createClientToken shows the token’s own scope',
  );
});
