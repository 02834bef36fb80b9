/**
 * Every data file is validated at load against the JSON Schema beside it
 * (plugins/vultus-contract/data/load.ts): each file of data/ loads, each has its schema and each
 * schema its file, and a value the schema rejects fails with the file, the line and the field. The
 * site compiles the schemas with one `DataSchemas` for its whole life (`Sources`): an edited
 * schema is compiled again, and two schemas cannot share an `$id`.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {DataSchemas, loadData} from '../../plugins/vultus-contract/data/load';
import {siteDir} from './helpers/pages';
import {generatedDataTypes, typesDir} from '../../scripts/lib/dataTypes';

const dataDir = path.join(siteDir, 'data');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(path.join(dir, entry.name))
      : [path.relative(dataDir, path.join(dir, entry.name)).split(path.sep).join('/')],
  );
}

const files = filesUnder(dataDir);
const yamlFiles = files.filter((file) => /\.ya?ml$/.test(file));
const schemas = files.filter((file) => file.endsWith('.schema.json'));

test('every data file loads, validated against its schema, and every schema has its data file', () => {
  assert.ok(yamlFiles.length >= 15, `${yamlFiles.length} data files`);
  const failures: string[] = [];
  // One compiler for every file, as the site loads them.
  const shared = new DataSchemas();
  for (const file of yamlFiles) {
    try {
      loadData(siteDir, file, shared);
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  assert.deepEqual(failures, []);
  const orphans = schemas.filter((schema) => !yamlFiles.includes(schema.replace(/\.schema\.json$/, '.yaml')));
  assert.deepEqual(orphans, [], 'schemas without a data file');
  assert.deepEqual(
    files.filter((file) => !/\.ya?ml$/.test(file) && !file.endsWith('.schema.json')),
    [],
    'data/ holds YAML files and their schemas only',
  );
});

test('the type of every data file is the one generated from its schema (npm run data-types)', async () => {
  const generated = await generatedDataTypes();
  const stale = [...generated]
    .filter(([file, content]) => !existsSync(file) || readFileSync(file, 'utf8') !== content)
    .map(([file]) => path.relative(siteDir, file));
  const present = readdirSync(typesDir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
  const orphans = present.filter((file) => !generated.has(file)).map((file) => path.relative(siteDir, file));
  assert.deepEqual(stale, [], 'types not written from their schema since it changed: run npm run data-types');
  assert.deepEqual(orphans, [], 'types of schemas that no longer exist: run npm run data-types');
  assert.ok(generated.size > yamlFiles.length, 'one type per data file, and the index');
});

test('a YAML mistake, a value the schema rejects, a misspelt field, a colour cut short by a comment and a file without a schema fail naming the file, the line and the field', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vultus-data-'));
  try {
    cpSync(dataDir, path.join(dir, 'data'), {recursive: true});
    const config = path.join(dir, 'data/onprem/config.yaml');
    const source = readFileSync(config, 'utf8');
    const port = source.split('\n').findIndex((line) => /^\s+default: 8080$/.test(line));
    assert.ok(port > 0, 'the API port default is in the file');
    writeFileSync(config, source.replace(/^(\s+)default: 8080$/m, '$1default: eighty'));
    assert.throws(
      () => loadData(dir, 'onprem/config.yaml'),
      (error: Error) => {
        assert.match(
          error.message,
          new RegExp(`^data/onprem/config\\.yaml:${port + 1}: /keys/\\d+/default: `),
        );
        assert.doesNotMatch(error.stack ?? '', /\n\s+at /, 'no stack trace');
        return true;
      },
    );
    writeFileSync(
      config,
      source.replace(/^(\s+)description: Port of the API/m, '$1descripton: Port of the API'),
    );
    assert.throws(
      () => loadData(dir, 'onprem/config.yaml'),
      /^data\/onprem\/config\.yaml:\d+: \/keys\/\d+: unknown field "descripton" \(did you mean "description"\?\)/m,
    );
    const lines = source.split('\n');
    writeFileSync(config, [...lines.slice(0, port), '  - [unclosed', ...lines.slice(port)].join('\n'));
    assert.throws(
      () => loadData(dir, 'onprem/config.yaml'),
      /^DataError: data\/onprem\/config\.yaml:\d+: not valid YAML: /,
      "a YAML syntax error names the file and line first, as the contract's does",
    );
    // A colour after an unquoted value starts a YAML comment: valid YAML, a value cut short.
    const gui = path.join(dir, 'data/sdk/gui-web-sdk.yaml');
    const guiSource = readFileSync(gui, 'utf8');
    const ring = guiSource.split('\n').findIndex((line) => line.includes("light: '3px solid #1d4ed8'"));
    assert.ok(ring > 0, 'the focus ring colour is in the file, quoted');
    writeFileSync(gui, guiSource.replace("light: '3px solid #1d4ed8'", 'light: 3px solid #1d4ed8'));
    assert.throws(
      () => loadData(dir, 'sdk/gui-web-sdk.yaml'),
      new RegExp(
        `^DataError: data/sdk/gui-web-sdk\\.yaml:${ring + 1}: "3px solid #1d4ed8": the # starts a YAML comment, so the value is "3px solid"\\. Quote the value\\.`,
      ),
    );
    rmSync(path.join(dir, 'data/onprem/metrics.schema.json'));
    assert.throws(
      () => loadData(dir, 'onprem/metrics.yaml'),
      /DataError: data\/onprem\/metrics\.yaml: no schema/,
    );
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('one compiler for the life of the site: an edited schema is compiled again, and an $id belongs to one schema', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vultus-data-'));
  try {
    cpSync(dataDir, path.join(dir, 'data'), {recursive: true});
    const schemas = new DataSchemas();
    const schemaFile = path.join(dir, 'data/onprem/config.schema.json');
    const schema = readFileSync(schemaFile, 'utf8');
    assert.match(schema, /"\$id"/, 'the schema has an $id');
    loadData(dir, 'onprem/config.yaml', schemas);
    // The writer forbids a field the file has: the same compiler now rejects the file.
    const edited = JSON.parse(schema) as {required?: string[]; properties: Record<string, unknown>};
    const field = Object.keys(edited.properties)[0] ?? '';
    edited.properties = {...edited.properties, [field]: false};
    writeFileSync(schemaFile, JSON.stringify(edited));
    assert.throws(
      () => loadData(dir, 'onprem/config.yaml', schemas),
      /^DataError: data\/onprem\/config\.yaml:\d+: /,
    );
    // And back: the first text's validator again.
    writeFileSync(schemaFile, schema);
    loadData(dir, 'onprem/config.yaml', schemas);
    // Another schema that takes the same $id fails, naming both files.
    const metricsSchema = path.join(dir, 'data/onprem/metrics.schema.json');
    const id = (JSON.parse(schema) as {$id: string}).$id;
    writeFileSync(
      metricsSchema,
      JSON.stringify({...JSON.parse(readFileSync(metricsSchema, 'utf8')), $id: id}),
    );
    assert.throws(
      () => loadData(dir, 'onprem/metrics.yaml', schemas),
      /^DataError: data\/onprem\/metrics\.schema\.json: "\$id" \S+ is already the id of config\.schema\.json/,
    );
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
