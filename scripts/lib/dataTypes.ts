/**
 * The TypeScript type of every data file, generated from its JSON Schema with
 * json-schema-to-typescript: `data/<dir>/<name>.schema.json` gives
 * plugins/vultus-contract/data/types/<dir>/<name>.ts, whose root type is named from the path
 * (`aml/screening` → `AmlScreening`), and types/index.ts maps each data file to its type
 * (`DataFiles`), which `loadData` returns. The schema is the only place a shape is written.
 */
import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import {compile, type JSONSchema} from 'json-schema-to-typescript';
import {format, resolveConfig} from 'prettier';

const siteDir = path.resolve(__dirname, '../..');
const dataDir = path.join(siteDir, 'data');
export const typesDir = path.join(siteDir, 'plugins/vultus-contract/data/types');

const banner = (schema: string): string =>
  `/* Generated from data/${schema} by \`npm run data-types\`: edit the schema, not this file. */`;

/** `metrics/face-match` → `MetricsFaceMatch`. */
export const typeName = (name: string): string =>
  name
    .split(/[/-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/** Every schema under data/, data-relative and sorted (`aml/screening.schema.json`, …). */
async function schemaFiles(): Promise<string[]> {
  const entries = await readdir(dataDir, {recursive: true, withFileTypes: true});
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.schema.json'))
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * Two forms of JSON Schema 2020-12 in the equivalent form json-schema-to-typescript reads: a tuple
 * (`prefixItems`) as `items` with a list, so a fixed list such as the on-premise containers gets
 * its entries' types; and a `$ref` beside other keywords (which 2020-12 applies together) as
 * `allOf`, so an entry that narrows a shared definition keeps the definition's fields.
 */
function readableSchema(schema: JSONSchema): JSONSchema {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value).map(([key, child]) => [key, walk(child)] as const);
    const node: Record<string, unknown> = Object.fromEntries(entries);
    if (Array.isArray(node.prefixItems)) {
      node.items = node.prefixItems;
      node.additionalItems = false;
      delete node.prefixItems;
    }
    // A bounded list is a tuple type only where the schema says a tuple (`prefixItems`) or a
    // fixed pair or so of plain values (a confidence interval is [low, high]); a list of objects
    // stays a list, so an entry's type is written once, not again for every position a minimum
    // or maximum allows.
    const fixedPlain =
      node.minItems === node.maxItems &&
      typeof node.maxItems === 'number' &&
      node.maxItems <= 4 &&
      typeof node.items === 'object' &&
      node.items !== null &&
      !Array.isArray(node.items) &&
      (node.items as Record<string, unknown>).type !== 'object' &&
      (node.items as Record<string, unknown>).$ref === undefined;
    if (!fixedPlain && !Array.isArray(node.items)) {
      delete node.minItems;
      delete node.maxItems;
    }
    const {$ref, description, ...rest} = node;
    if (typeof $ref === 'string' && Object.keys(rest).length > 0)
      return {...(description === undefined ? {} : {description}), allOf: [{$ref}, rest]};
    return node;
  };
  return walk(schema) as JSONSchema;
}

async function formatted(file: string, text: string): Promise<string> {
  const options = await resolveConfig(file);
  return format(text, {...options, filepath: file});
}

/** Each generated file by its absolute path, with its content. */
export async function generatedDataTypes(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const entries: Array<{name: string; type: string; module: string}> = [];
  for (const schemaFile of await schemaFiles()) {
    const name = schemaFile.replace(/\.schema\.json$/, '');
    const schema = JSON.parse(await readFile(path.join(dataDir, schemaFile), 'utf8')) as JSONSchema;
    // The root takes its name from the path, not from the schema's title or $id.
    const root = {...schema};
    delete root.title;
    delete root.$id;
    const type = typeName(name);
    const source = await compile(readableSchema(root), type, {
      bannerComment: banner(schemaFile),
      additionalProperties: false,
      strictIndexSignatures: true,
      format: false,
      cwd: path.dirname(path.join(dataDir, schemaFile)),
    });
    const file = path.join(typesDir, `${name}.ts`);
    files.set(file, await formatted(file, source));
    entries.push({name, type, module: `./${name}`});
  }
  const index = path.join(typesDir, 'index.ts');
  const lines = [
    '/* Generated from the schemas under data/ by `npm run data-types`: each data file and its type. */',
    ...entries.map(({type, module}) => `import type {${type}} from '${module}';`),
    '',
    ...entries.map(({type, module}) => `export type {${type}} from '${module}';`),
    '',
    '/** Each data file, data-relative, with the type of what `loadData` returns for it. */',
    'export interface DataFiles {',
    ...entries.map(({name, type}) => `  '${name}.yaml': ${type};`),
    '}',
    '',
  ];
  files.set(index, await formatted(index, lines.join('\n')));
  return files;
}
