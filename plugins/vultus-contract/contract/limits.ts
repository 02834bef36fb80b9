/**
 * Lists of the contract's `x-limits` (`:fact{key="limits.webhooks.source_ip_ranges" as="codes"}`,
 * see ../facts/facts.ts) and the liveness challenge actions (`:challenges`), inline in a sentence.
 */
import type {PhrasingContent} from 'mdast';
import type {Directive} from '../directive';
import {code, listed} from '../mdast';
import {ContractError, type Contract} from './contract';

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
export function limitCodes(contract: Contract, key: string): PhrasingContent[] {
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

export const limitDirectives: Directive[] = [
  {
    name: 'challenges',
    syntax: 'text',
    attributes: ['as'],
    summary: 'the liveness challenge actions of `ChallengeAction`, as words or as code (`as="codes"`)',
    render: (attributes, {contract}) => renderChallenges(contract, attributes.as ?? 'prose'),
  },
];
