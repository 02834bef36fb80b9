/** The contract loader turns a malformed contract into a message naming the file and the place. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {loadContract} from '../../plugins/vultus-contract/contract/contract';
import {contractLoadError as loadError} from './helpers/contract-copy';

const real = readFileSync(path.resolve(__dirname, '../../contract/openapi.yaml'), 'utf8');

test('the real contract loads, with every operation', async () => {
  const dir = path.resolve(__dirname, '../..');
  const contract = await loadContract(dir);
  assert.ok(contract.operations.size >= 40);
  assert.ok(contract.operations.has('matchFaces'));
});

test('a YAML syntax error names the file and the line', async () => {
  const message = await loadError('openapi: 3.1.0\ninfo: {title: x\n');
  assert.match(message, /^contract\/openapi\.yaml:\d+: not valid YAML: .*\(column \d+\)$/);
});

test('a reference to a missing schema names the file, the line, the JSON pointer and the reference', async () => {
  const broken = real.replace("$ref: '#/components/schemas/Result'", "$ref: '#/components/schemas/Outcome'");
  const line =
    broken.split('\n').findIndex((row) => row.includes("$ref: '#/components/schemas/Outcome'")) + 1;
  const message = await loadError(broken);
  assert.match(
    message,
    new RegExp(
      `contract/openapi\\.yaml:${line}: #/components/schemas/[\\w/]+: Can't resolve \\$ref \\(\\$ref "#/components/schemas/Outcome"\\)`,
    ),
  );
});

test('a structural error names the field and its line', async () => {
  const broken = real.replace(/^openapi: 3\.1\.0$/m, 'openapi: 3.1.0\nnot_a_field: true');
  const line = broken.split('\n').indexOf('not_a_field: true') + 1;
  const message = await loadError(broken);
  assert.match(message, new RegExp(`contract/openapi\\.yaml:${line}: #/not_a_field`));
});

test('a missing catalogue names the extension', async () => {
  const message = await loadError(real.replace(/^x-error-codes:/m, 'x-error-codes-moved:'));
  assert.match(message, /#\/x-error-codes: missing or empty/);
});
