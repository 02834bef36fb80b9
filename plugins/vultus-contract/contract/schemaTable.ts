/**
 * The fields of JSON Schemas of the contract as a tree (`fieldTree`), every level deep, for the
 * field lists of the API reference and the `::schema` directive (./fieldList.ts).
 */
import type {ListedSchemas} from '../directive';
import {
  ContractError,
  contractRelativePath,
  currentModelVersion,
  deprecationHeaders,
  deprecationOf,
  type Contract,
  type Deprecation,
  type JsonSchema,
  type Parameter,
} from './contract';

/**
 * Follows a local `$ref` of the contract as written, keeping the name of the component it
 * points to; sibling keywords beside the `$ref` (OpenAPI 3.1 allows a description there)
 * win over the target's. Redocly has already checked that every reference resolves.
 */
export function resolve<T extends object>(contract: Contract, node: T): {value: T; name?: string} {
  let current: unknown = node;
  let name: string | undefined;
  const siblings: Record<string, unknown> = {};
  const followed = new Set<string>();
  while (current && typeof current === 'object' && typeof (current as {$ref?: unknown}).$ref === 'string') {
    const {$ref, ...rest} = current as {$ref: string} & Record<string, unknown>;
    if (followed.has($ref))
      throw new ContractError(`${contractRelativePath}: ${$ref}: the reference leads to itself`);
    followed.add($ref);
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
export function mergeAllOf(contract: Contract, input: JsonSchema, seen: string[] = []): JsonSchema {
  const schema = resolve(contract, input).value;
  if (!schema.allOf) return schema;
  const ref = typeof input.$ref === 'string' ? input.$ref : undefined;
  if (ref && seen.includes(ref)) return {...schema, allOf: undefined};
  const inside = ref ? [...seen, ref] : seen;
  const merged: JsonSchema = {
    ...schema,
    allOf: undefined,
    properties: {...schema.properties},
    required: [...(schema.required ?? [])],
  };
  for (const part of schema.allOf.map((item) => mergeAllOf(contract, item, inside))) {
    Object.assign(merged.properties ?? {}, part.properties);
    merged.required = [...(merged.required ?? []), ...(part.required ?? [])];
    merged.type ??= part.type;
    merged.description ??= part.description;
    if (part.oneOf) merged.oneOf = part.oneOf;
    if (part.anyOf) merged.anyOf = part.anyOf;
  }
  return merged;
}

/**
 * A type as shown beside a field: plain words, and the names of component schemas (`Result`,
 * `DeclineReason`), which the field list links to their definition where there is one.
 */
export type TypePart = string | {schema: string};

function typeParts(contract: Contract, input: JsonSchema): TypePart[] {
  const {value: schema, name} = resolve(contract, input);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const nullable = types.includes('null') ? [' | null'] : [];
  const type = types.filter((t) => t !== 'null').join(' | ') || undefined;
  // The `null` alternative of a nullable reference (`oneOf: [{$ref: …}, {type: 'null'}]`) is null, not an object.
  if (types.length > 0 && type === undefined) return ['null'];
  const union = (options: JsonSchema[]): TypePart[] =>
    options.flatMap((option, index) => [...(index > 0 ? [' | '] : []), ...typeParts(contract, option)]);
  if (type === 'array' && schema.items)
    return ['array of ', ...typeParts(contract, schema.items), ...nullable];
  if (name && (type === 'object' || type === undefined)) return [{schema: name}, ...nullable];
  if (schema.oneOf) return union(schema.oneOf);
  if (schema.anyOf) return union(schema.anyOf);
  if (schema.allOf && name) return [{schema: name}];
  if (schema.format && type === 'string') return [`string (${schema.format})`, ...nullable];
  return [`${type ?? 'object'}`, ...nullable];
}

/**
 * Of an enum's values, the model versions `x-model-versions` says are deprecated, each with the
 * day, what replaces it, and what the cloud does until its sunset: "Deprecated: `liveness-v3.0`, on
 * 2026-11-28; move pins to `liveness-v3.1`. …". Said of the cloud, which sends the headers: the
 * same schema can be an on-premise operation's, whose image answers the versions it ships.
 */
function deprecatedModelVersions(contract: Contract, values: unknown[]): string[] {
  return values.flatMap((value) => {
    const row = contract.document['x-model-versions'].find((version) => version.model_version === value);
    if (row?.status !== 'deprecated') return [];
    return [
      `Deprecated: \`${row.model_version}\`, on ${String(row.deprecated)}; move pins to \`${currentModelVersion(contract.document, row.family)}\`. Until its sunset on ${String(row.sunset)} the cloud answers its pins with the \`${deprecationHeaders.deprecation}\` and \`${deprecationHeaders.sunset}\` headers; an on-premise image answers the versions it ships and has loaded (\`models.preload\`).`,
    ];
  });
}

function constraintsOf(contract: Contract, schema: JsonSchema): string[] {
  const out: string[] = [];
  if (schema.enum) {
    out.push(`One of: ${schema.enum.map((value) => `\`${String(value)}\``).join(', ')}.`);
    out.push(...deprecatedModelVersions(contract, schema.enum));
  }
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
  if (schema.type === 'array' && schema.items) {
    const items = resolve(contract, schema.items).value;
    if (items.enum) out.push(`Each one of: ${items.enum.map((value) => `\`${String(value)}\``).join(', ')}.`);
  }
  if (schema.pattern) out.push(`Pattern \`${schema.pattern}\`.`);
  if (schema.default !== undefined) out.push(`Default \`${JSON.stringify(schema.default)}\`.`);
  return out;
}

/**
 * The fields of a schema as a tree, every level deep: a field's `children` are the fields of the
 * object it holds (or of the objects its array holds), and the alternatives of a oneOf / anyOf
 * stay a `choice` (exactly one of / one or more of) with each alternative labelled, instead of
 * merging into optional fields. `name` is the full dotted name (`result.reasons[].code`): the
 * field's anchor and its search entry are made from it.
 */
export type FieldNode = {
  kind: 'field';
  name: string;
  type: TypePart[];
  required: boolean;
  description: string;
  constraints: string[];
  /** Where a parameter is sent: `path`, `query`, `header`. */
  location?: string;
  children: FieldItem[];
  /** The field holds a schema that is already open above it (a recursive schema): not expanded. */
  recursive?: boolean;
  /** Its anchor, where the page links to it by a name of its own (a shared header); by default the row anchor. */
  id?: string;
  /** The field holds a schema whose fields the page lists elsewhere (`listedElsewhere`): not expanded. */
  listedAt?: ListedAt;
  /** Deprecated (`deprecated: true` and its `x-deprecation`): shown with a badge, the day and what replaces it. */
  deprecation?: Deprecation;
};

export type ChoiceOption = {
  /** The schema name or title of the alternative, `Option n`, or none when it is one field. */
  label?: TypePart[];
  children: FieldItem[];
};

export type ChoiceNode = {kind: 'choice'; of: 'oneOf' | 'anyOf'; options: ChoiceOption[]};

export type FieldItem = FieldNode | ChoiceNode;

const isNull = (contract: Contract, schema: JsonSchema): boolean => {
  const value = resolve(contract, schema).value;
  return value.type === 'null' || (Array.isArray(value.type) && value.type.every((t) => t === 'null'));
};

/** An alternative that only says which of the parent's properties it requires (the Image object). */
const requiresOnly = (schema: JsonSchema): boolean =>
  schema.$ref === undefined &&
  Object.keys(schema).every((key) => ['required', 'description', 'title'].includes(key)) &&
  (schema.required?.length ?? 0) > 0;

/** The $ref a schema leads to (its last hop), to spot a schema that contains itself. */
const refOf = (schema: JsonSchema): string | undefined =>
  typeof schema.$ref === 'string' ? schema.$ref : undefined;

function holdsFields(schema: JsonSchema): boolean {
  return Boolean(schema.properties || schema.oneOf || schema.anyOf || schema.allOf);
}

/** The $refs a schema and its aliases point through (`A` → `B` → target). */
function refChain(contract: Contract, schema: JsonSchema): string[] {
  const chain: string[] = [];
  let current: JsonSchema | undefined = schema;
  while (current && refOf(current)) {
    const ref = refOf(current) as string;
    if (chain.includes(ref)) break;
    chain.push(ref);
    current = resolve(contract, {$ref: ref}).value;
  }
  return chain;
}

/** The $refs a field's value leads to: its own, or that of the one non-null alternative. */
function targets(contract: Contract, schema: JsonSchema): string[] {
  const merged = mergeAllOf(contract, schema);
  const options = (merged.oneOf ?? merged.anyOf ?? []).filter((option) => !isNull(contract, option));
  const [only] = options;
  return [...refChain(contract, schema), ...(options.length === 1 && only ? refChain(contract, only) : [])];
}

/** Where a page lists the fields of a schema: the anchor and the title of that place. */
export type ListedAt = {url: string; title: string};

/**
 * The schemas a page lists (DirectiveContext's `listed`) other than `name`, for fieldTree's
 * `listedAt`: $ref → where. A field holding one of them links there instead of repeating it.
 */
export function listedElsewhere(listed: ListedSchemas, name?: string): Map<string, ListedAt> {
  return new Map(
    [...listed]
      .filter(([other]) => other !== name)
      .map(([other, at]) => [`#/components/schemas/${other}`, {url: `#${at.anchor}`, title: at.title}]),
  );
}

/**
 * The items of an object schema: its properties, and its alternatives as choices. `open` holds
 * the $refs being expanded on the way here, so a schema that contains itself stops.
 */
export function fieldTree(
  contract: Contract,
  schema: JsonSchema,
  prefix = '',
  open: ReadonlySet<string> = new Set(),
  listedAt: ReadonlyMap<string, ListedAt> = new Map(),
): FieldItem[] {
  const opened = new Set([...open, ...refChain(contract, schema)]);
  const object = mergeAllOf(contract, schema);
  const required = new Set(object.required ?? []);
  const alternatives = object.oneOf ?? object.anyOf ?? [];
  const of = object.oneOf ? 'oneOf' : 'anyOf';
  const options = alternatives.filter((option) => !isNull(contract, option));
  const properties = Object.entries(object.properties ?? {});

  const field = (name: string, raw: JsonSchema, isRequired: boolean): FieldNode => {
    const property = mergeAllOf(contract, raw);
    const fullName = `${prefix}${name}`;
    const node: FieldNode = {
      kind: 'field',
      name: fullName,
      type: typeParts(contract, raw),
      required: isRequired,
      description: property.description ?? '',
      constraints: constraintsOf(contract, property),
      children: [],
    };
    const deprecation = deprecationOf(property);
    if (deprecation) node.deprecation = deprecation;
    const array = property.type === 'array' && property.items;
    const inner = array ? (property.items as JsonSchema) : raw;
    const innerSchema = array ? mergeAllOf(contract, inner) : property;
    if (!holdsFields(innerSchema)) return node;
    const to = targets(contract, inner);
    node.listedAt = to.map((ref) => listedAt.get(ref)).find(Boolean);
    if (node.listedAt) return node;
    if (to.some((ref) => opened.has(ref))) {
      node.recursive = true;
      return node;
    }
    node.children = fieldTree(contract, inner, `${fullName}${array ? '[]' : ''}.`, opened, listedAt);
    return node;
  };

  // A nullable object (`oneOf: [X, null]`): X's fields, as before.
  if (options.length === 1 && properties.length === 0) {
    const [only] = options as [JsonSchema];
    if (refChain(contract, only).some((ref) => opened.has(ref))) return [];
    return fieldTree(contract, only, prefix, opened, listedAt);
  }

  const items: FieldItem[] = [];
  let choice: ChoiceNode | undefined;
  /** The properties an alternative of the Image kind requires, shown inside the choice. */
  const inChoice = new Set<string>();
  if (options.length > 1 && options.every(requiresOnly)) {
    for (const option of options) for (const name of option.required ?? []) inChoice.add(name);
    choice = {
      kind: 'choice',
      of,
      options: options.map((option, index) => {
        const names = option.required ?? [];
        const own = names
          .map((name): [string, JsonSchema | undefined] => [name, object.properties?.[name]])
          .filter((entry): entry is [string, JsonSchema] => entry[1] !== undefined)
          .map(([name, raw]) => field(name, raw, names.length > 1));
        const label = option.title ?? (own.length === 1 ? undefined : `Option ${index + 1}`);
        return {label: label === undefined ? undefined : [label], children: own};
      }),
    };
  } else if (options.length > 1) {
    choice = {
      kind: 'choice',
      of,
      options: options.map((option, index): ChoiceOption => {
        const {value, name} = resolve(contract, option);
        const label: TypePart[] = name ? [{schema: name}] : [value.title ?? `Option ${index + 1}`];
        const merged = mergeAllOf(contract, option);
        if (!holdsFields(merged)) return {label: name ? label : typeParts(contract, option), children: []};
        if (refChain(contract, option).some((ref) => opened.has(ref))) return {label, children: []};
        return {label, children: fieldTree(contract, option, prefix, opened, listedAt)};
      }),
    };
    // Alternatives that are plain values (`string | integer`) are said by the type alone.
    if (choice.options.every((option) => option.children.length === 0)) choice = undefined;
  }

  for (const [name, raw] of properties) {
    if (inChoice.has(name)) {
      if (choice && !items.includes(choice)) items.push(choice);
      continue;
    }
    items.push(field(name, raw, required.has(name)));
  }
  if (choice && !items.includes(choice)) items.push(choice);
  return items;
}

/** A parameter of an operation as a field (`Idempotency-Key`, in header, string). */
export function parameterField(contract: Contract, parameter: Parameter): FieldNode {
  const schema = parameter.schema ?? {type: 'string'};
  return {
    kind: 'field',
    name: parameter.name,
    location: parameter.in,
    type: typeParts(contract, schema),
    required: Boolean(parameter.required),
    description: parameter.description ?? '',
    constraints: constraintsOf(contract, mergeAllOf(contract, schema)),
    children: [],
    ...(deprecationOf(parameter) ? {deprecation: deprecationOf(parameter)} : {}),
  };
}

/** Every field of a tree, depth first (the alternatives' fields included). */
export function flattenFields(items: FieldItem[]): FieldNode[] {
  return items.flatMap((item) =>
    item.kind === 'field'
      ? [item, ...flattenFields(item.children)]
      : item.options.flatMap((option) => flattenFields(option.children)),
  );
}
