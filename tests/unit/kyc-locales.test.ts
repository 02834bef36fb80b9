/**
 * The languages of the hosted KYC flow are those the GUI Web SDK ships (data/sdk/gui-web-sdk.yaml
 * `locales`, which the hosted flow runs): the contract's `locale` of a KYC session accepts every one
 * of them (`zh-Hans` included), and an enum, if it has one, names no language the GUI does not ship.
 *
 * Run: node --import tsx --test tests/unit/kyc-locales.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020.js';
import {resolve} from '../../plugins/vultus-contract/contract/schemaTable';
import type {JsonSchema} from '../../plugins/vultus-contract/contract/contract';
import {sources} from './helpers/pages';

const pointers = [
  'CreateKycSessionRequest/properties/locale',
  'KycSession/allOf/1/properties/locale',
] as const;

test('the KYC locale accepts every locale the GUI Web SDK ships', async () => {
  const contract = await sources.contract();
  const gui = sources.data('sdk/gui-web-sdk.yaml').locales.map((locale) => String(locale.code));
  assert.ok(gui.length > 0);
  const ajv = new Ajv2020({strict: false});
  ajv.addSchema({$id: 'https://docs.vultus.example/openapi.yaml', components: contract.raw.components});
  for (const pointer of pointers) {
    const validate = ajv.getSchema(`https://docs.vultus.example/openapi.yaml#/components/schemas/${pointer}`);
    assert.ok(validate, `no schema at #/components/schemas/${pointer}`);
    const rejected = gui.filter((code) => !validate(code));
    assert.deepEqual(rejected, [], `${pointer} rejects locales the GUI Web SDK ships`);
    const [schema, ...path] = pointer.split('/');
    let node: unknown = contract.raw.components.schemas[schema ?? ''];
    for (const key of path) node = (node as Record<string, unknown>)[key];
    // An enum, where there is one, lists no language the GUI does not ship.
    const listed = resolve(contract, node as JsonSchema).value.enum ?? [];
    assert.deepEqual(
      listed.map(String).filter((code) => !gui.includes(code)),
      [],
      `${pointer} lists languages the GUI Web SDK does not ship`,
    );
  }
});
