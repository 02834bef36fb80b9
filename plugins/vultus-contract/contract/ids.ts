/**
 * `::id-prefixes`: the id prefixes of the API, from the contract's id schemas (`MediaId`:
 * pattern `^med_[0-9A-Za-z]{24}$`), with what each names (the schema's description) and the
 * `object` value of the schema whose `id` it is. A new id schema is a new row.
 */
import type {RootContent} from 'mdast';
import type {Directive} from '../directive';
import {code, table, text, type Cell} from '../mdast';
import {ContractError, contractRelativePath, isRecord, type Contract} from './contract';

export type IdPrefix = {prefix: string; schema: string; names: string; object: string | undefined};

const idPattern = /^\^([a-z]+)_\[0-9A-Za-z\]\{24\}\$$/;

/** Every id schema of the contract with its prefix, what it names and the `object` of its owner. */
export function idPrefixes(contract: Contract): IdPrefix[] {
  const schemas = (contract.raw.components?.schemas ?? {}) as Record<string, unknown>;
  const owners = new Map<string, string>();
  // An object schema, or one part of its allOf, names its id schema and its `object` constant.
  const parts = Object.values(schemas).flatMap((schema) =>
    isRecord(schema) ? [schema, ...(Array.isArray(schema.allOf) ? schema.allOf : [])] : [],
  );
  for (const part of parts) {
    if (!isRecord(part) || !isRecord(part.properties)) continue;
    const id = part.properties.id;
    const object = part.properties.object;
    if (isRecord(id) && typeof id.$ref === 'string' && isRecord(object) && typeof object.const === 'string') {
      owners.set(id.$ref.replace('#/components/schemas/', ''), object.const);
    }
  }
  const prefixes: IdPrefix[] = [];
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isRecord(schema) || typeof schema.pattern !== 'string') continue;
    const prefix = idPattern.exec(schema.pattern)?.[1];
    if (!prefix) continue;
    const where = `${contractRelativePath}: #/components/schemas/${name}/description`;
    const names = /^(?:ID of |A |An )?(?:an? |the )?(.+?) \(`/.exec(String(schema.description ?? ''))?.[1];
    if (!names) throw new ContractError(`${where}: say what the id names, then (\`${prefix}_\` plus …)`);
    prefixes.push({
      prefix,
      schema: name,
      names: names.charAt(0).toUpperCase() + names.slice(1),
      object: owners.get(name),
    });
  }
  return prefixes;
}

function renderIdPrefixes(contract: Contract): RootContent[] {
  const rows: Cell[][] = idPrefixes(contract).map(({prefix, names, object}) => [
    [code(`${prefix}_`)],
    names,
    object ? [code(object)] : [text('None: not an object')],
  ]);
  return [table(['Prefix', 'What it names', 'Its object field'], rows)];
}

export const idDirectives: Directive[] = [
  {
    name: 'id-prefixes',
    syntax: 'leaf',
    attributes: [],
    summary:
      "the id prefixes, from the contract's id schemas (pattern `^med_…`), with what each names and the `object` value of the schema it identifies",
    render: (_, {contract}) => renderIdPrefixes(contract),
  },
];
