/**
 * Origins have no default until an account sets one, so every example of a session the Web SDK
 * captures in your page sends `allowed_origins`. The one exception is a session whose
 * `allowed_origins` description says it needs none (the hosted KYC flow runs on Vultus's origin):
 * its examples may leave it out, and its description must say so for the reader.
 *
 * Run: node --import tsx --test tests/unit/allowed-origins.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {type JsonSchema} from '../../plugins/vultus-contract/contract/contract';
import {mergeAllOf} from '../../plugins/vultus-contract/contract/schemaTable';
import {sources} from './helpers/pages';

test('every session example sends allowed_origins, unless the field says the flow needs none', async () => {
  const contract = await sources.contract();
  const missing: string[] = [];
  let checked = 0;
  for (const [operationId, entry] of contract.operations) {
    const media = entry.rawOperation.requestBody?.content?.['application/json'];
    if (!media?.schema) continue;
    const property = mergeAllOf(contract, media.schema).properties?.allowed_origins as JsonSchema | undefined;
    if (!property) continue;
    const optional = /needs none/.test(property.description ?? '');
    for (const [name, example] of Object.entries(media.examples ?? {})) {
      checked += 1;
      const value = example.value as Record<string, unknown>;
      if (!optional && !('allowed_origins' in value)) missing.push(`${operationId} example ${name}`);
    }
  }
  assert.ok(checked > 0);
  assert.deepEqual(
    missing,
    [],
    'an example without allowed_origins fails for an account without default origins',
  );
});
