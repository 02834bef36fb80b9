/**
 * Numbers and lists of the contract's `x-limits`, and the liveness challenge actions, inline in a
 * sentence: `:limit{key="image.max_bytes" as="MB"}`, `:limit{key="webhooks.source_ip_ranges"
 * as="codes"}`, `:challenges`.
 */
import type {PhrasingContent} from 'mdast';
import type {Directive} from '../directive';
import {code, listed} from '../mdast';
import {ContractError, type Contract} from './contract';

const limitFormats: Record<string, (value: number) => string> = {
  number: (value) => value.toLocaleString('en-US'),
  MB: (value) => `${(value / 1048576).toLocaleString('en-US')} MB`,
  minutes: (value) => `${(value / 60).toLocaleString('en-US')} minutes`,
  hours: (value) => `${(value / 3600).toLocaleString('en-US')} hours`,
  days: (value) => `${(value / 86400).toLocaleString('en-US')} days`,
};

/** The challenge actions of `ChallengeAction`, as words (`as="prose"`) or as codes (`as="codes"`). */
export function renderChallenges(contract: Contract, as = 'prose'): PhrasingContent[] {
  const schema = contract.document.components?.schemas?.ChallengeAction as
    {enum?: string[]; 'x-enum-descriptions'?: Record<string, string>} | undefined;
  const actions = schema?.enum;
  if (!actions || actions.length === 0) {
    throw new ContractError('contract/openapi.yaml: #/components/schemas/ChallengeAction/enum: missing');
  }
  if (as !== 'prose' && as !== 'codes') throw new ContractError(`unknown as="${as}" (one of prose, codes)`);
  const items: PhrasingContent[] = actions.map((action) => {
    if (as === 'codes') return {type: 'inlineCode', value: action};
    const words = schema['x-enum-descriptions']?.[action];
    if (!words) {
      throw new ContractError(
        `contract/openapi.yaml: #/components/schemas/ChallengeAction/x-enum-descriptions/${action}: missing`,
      );
    }
    return {type: 'text', value: words};
  });
  return listed(items, ' or ');
}

function limitValue(contract: Contract, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (object, part) => (object as Record<string, unknown> | undefined)?.[part],
      contract.document['x-limits'],
    );
}

/** A list of strings in x-limits (`as="codes"`), as inline code: "`a`, `b` and `c`". */
function limitCodes(contract: Contract, key: string): PhrasingContent[] {
  const value = limitValue(contract, key);
  if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === 'string')) {
    throw new ContractError(
      `contract/openapi.yaml: #/x-limits/${key.replace(/\./g, '/')}: not a list of strings (as="codes")`,
    );
  }
  return listed(
    value.map((item: string) => code(item)),
    ' and ',
  );
}

/** A value of the contract's x-limits by dotted key, formatted for prose. */
export function limitText(contract: Contract, key: string, format = 'number'): string {
  const value = limitValue(contract, key);
  if (typeof value !== 'number') {
    throw new ContractError(`contract/openapi.yaml: #/x-limits/${key.replace(/\./g, '/')}: not a number`);
  }
  const formatter = limitFormats[format];
  if (!formatter)
    throw new ContractError(`unknown format as="${format}" (one of ${Object.keys(limitFormats).join(', ')})`);
  return formatter(value);
}

export const limitDirectives: Directive[] = [
  {
    name: 'limit',
    syntax: 'text',
    attributes: ['key', 'as'],
    summary:
      'one value from `x-limits`, inline in a sentence (`as`: `number`, `MB`, `minutes`, `hours`, `days`; `codes` for a list of strings, shown as code)',
    render: (attributes, {contract}) =>
      attributes.as === 'codes'
        ? limitCodes(contract, attributes.key ?? '')
        : [{type: 'text', value: limitText(contract, attributes.key ?? '', attributes.as ?? 'number')}],
  },
  {
    name: 'challenges',
    syntax: 'text',
    attributes: ['as'],
    summary: 'the liveness challenge actions of `ChallengeAction`, as words or as code (`as="codes"`)',
    render: (attributes, {contract}) => renderChallenges(contract, attributes.as ?? 'prose'),
  },
];
