/**
 * Field tables from JSON Schemas of the contract: one row per field, nested objects
 * flattened with dotted names (`source.media_id`, `reasons[].code`).
 */
import type {Directive} from '../directive';
import {required} from '../directive';
import type {PhrasingContent, Table} from 'mdast';
import {ContractError, contractRelativePath, type Contract, type JsonSchema} from './contract';
import {code, inlineMarkdown, table, text, type Cell} from '../mdast';

export type FieldRow = {
  name: string;
  type: string;
  required: boolean;
  description: string;
  constraints: string[];
};

/**
 * Follows a local `$ref` of the contract as written, keeping the name of the component it
 * points to; sibling keywords beside the `$ref` (OpenAPI 3.1 allows a description there)
 * win over the target's. Redocly has already checked that every reference resolves.
 */
export function resolve<T extends object>(contract: Contract, node: T): {value: T; name?: string} {
  let current: unknown = node;
  let name: string | undefined;
  const siblings: Record<string, unknown> = {};
  while (current && typeof current === 'object' && typeof (current as {$ref?: unknown}).$ref === 'string') {
    const {$ref, ...rest} = current as {$ref: string} & Record<string, unknown>;
    for (const [key, value] of Object.entries(rest)) if (!(key in siblings)) siblings[key] = value;
    const parts = $ref
      .replace(/^#\//, '')
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
    name = parts.at(-1);
    current = parts.reduce<unknown>(
      (object, key) => (object as Record<string, unknown> | undefined)?.[key],
      contract.raw,
    );
    if (current === undefined)
      throw new ContractError(`${contractRelativePath}: ${$ref}: the reference points to nothing`);
  }
  return {value: {...(current as T), ...siblings}, name};
}

/** Merges allOf parts into one object schema (properties and required lists combined). */
export function mergeAllOf(contract: Contract, input: JsonSchema): JsonSchema {
  const schema = resolve(contract, input).value;
  if (!schema.allOf) return schema;
  const merged: JsonSchema = {
    ...schema,
    allOf: undefined,
    properties: {...schema.properties},
    required: [...(schema.required ?? [])],
  };
  for (const part of schema.allOf.map((item) => mergeAllOf(contract, item))) {
    Object.assign(merged.properties ?? {}, part.properties);
    merged.required = [...(merged.required ?? []), ...(part.required ?? [])];
    merged.type ??= part.type;
    merged.description ??= part.description;
    if (part.oneOf) merged.oneOf = part.oneOf;
  }
  return merged;
}

function typeLabel(contract: Contract, input: JsonSchema): string {
  const {value: schema, name} = resolve(contract, input);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const nullable = types.includes('null') ? ' | null' : '';
  const type = types.filter((t) => t !== 'null').join(' | ') || undefined;
  if (type === 'array' && schema.items) return `array of ${typeLabel(contract, schema.items)}${nullable}`;
  if (name && (type === 'object' || type === undefined)) return `${name}${nullable}`;
  if (schema.oneOf) return schema.oneOf.map((option) => typeLabel(contract, option)).join(' | ');
  if (schema.anyOf) return schema.anyOf.map((option) => typeLabel(contract, option)).join(' | ');
  if (schema.allOf && name) return name;
  if (schema.format && type === 'string') return `string (${schema.format})${nullable}`;
  return `${type ?? 'object'}${nullable}`;
}

function constraintsOf(schema: JsonSchema): string[] {
  const out: string[] = [];
  if (schema.enum) out.push(`One of: ${schema.enum.map((value) => `\`${String(value)}\``).join(', ')}.`);
  if (schema.const !== undefined && !schema.description?.includes(String(schema.const))) {
    out.push(`Always \`${String(schema.const)}\`.`);
  }
  if (schema.minimum !== undefined && schema.maximum !== undefined)
    out.push(`Range ${schema.minimum} to ${schema.maximum}.`);
  else if (schema.minimum !== undefined) out.push(`Minimum ${schema.minimum}.`);
  else if (schema.maximum !== undefined) out.push(`Maximum ${schema.maximum}.`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    out.push(`Length ${schema.minLength ?? 0} to ${schema.maxLength ?? '∞'}.`);
  }
  if (schema.maxItems !== undefined) out.push(`At most ${schema.maxItems} items.`);
  if (schema.pattern) out.push(`Pattern \`${schema.pattern}\`.`);
  if (schema.default !== undefined) out.push(`Default \`${JSON.stringify(schema.default)}\`.`);
  return out;
}

/** Rows for every field of an object schema, nested objects flattened up to `maxDepth`. */
export function fieldRows(
  contract: Contract,
  schema: JsonSchema,
  prefix = '',
  depth = 0,
  maxDepth = 2,
): FieldRow[] {
  const object = mergeAllOf(contract, schema);
  const rows: FieldRow[] = [];
  const properties = {...object.properties};
  // oneOf of objects (the Image object): list every alternative's fields.
  for (const option of object.oneOf ?? []) {
    Object.assign(properties, mergeAllOf(contract, option).properties);
  }
  const required = new Set(object.required ?? []);
  for (const [name, rawProperty] of Object.entries(properties)) {
    const property = mergeAllOf(contract, rawProperty);
    const fullName = `${prefix}${name}`;
    rows.push({
      name: fullName,
      type: typeLabel(contract, rawProperty),
      required: required.has(name),
      description: property.description ?? '',
      constraints: constraintsOf(property),
    });
    if (depth + 1 >= maxDepth) continue;
    if (property.properties || property.oneOf || property.allOf) {
      rows.push(...fieldRows(contract, property, `${fullName}.`, depth + 1, maxDepth));
    } else if (property.type === 'array' && property.items) {
      const items = mergeAllOf(contract, property.items);
      if (items.properties) rows.push(...fieldRows(contract, items, `${fullName}[].`, depth + 1, maxDepth));
    }
  }
  return rows;
}

export function fieldTable(rows: FieldRow[], withRequired: boolean): Table {
  const header = withRequired
    ? ['Field', 'Type', 'Required', 'Description']
    : ['Field', 'Type', 'Description'];
  return table(
    header,
    rows.map((row) => {
      const description: PhrasingContent[] = [...inlineMarkdown(row.description)];
      if (row.constraints.length > 0) {
        if (description.length > 0) description.push(text(' '));
        description.push(...inlineMarkdown(row.constraints.join(' ')));
      }
      const cells: Cell[] = [code(row.name), row.type];
      if (withRequired) cells.push(row.required ? 'Yes' : 'No');
      cells.push(description);
      return cells;
    }),
  );
}

export const schemaDirectives: Directive[] = [
  {
    name: 'schema',
    syntax: 'leaf',
    attributes: ['name'],
    summary: 'the field table of one component schema (`name="Result"`)',
    render: (attributes, {contract}) => {
      const name = required(attributes, 'name');
      const schema = contract.document.components.schemas[name];
      if (!schema)
        throw new ContractError(`${contractRelativePath}: #/components/schemas/${name}: no such schema`);
      return [fieldTable(fieldRows(contract, schema), true)];
    },
  },
];
