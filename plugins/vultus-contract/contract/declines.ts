/**
 * Facts of the decline-reason catalogue (`x-decline-reasons`) and of the sandbox (`x-sandbox`) that
 * pages state inside a sentence: a code's decision (`:decision`), and what the sandbox runs for real
 * (`:sandbox`, the clause of ./sandbox.ts).
 */
import type {Directive} from '../directive';
import {required} from '../directive';
import {code, inlineMarkdown} from '../mdast';
import {ContractError, type Contract} from './contract';
import {sandboxClause} from './sandbox';

/** `:decision{code="DOC.UNSUPPORTED_TYPE"}`: the decision the catalogue gives the code, as code. */
export function renderDecision(contract: Contract, declineCode: string): ReturnType<typeof code>[] {
  const reason = contract.document['x-decline-reasons'].find((entry) => entry.code === declineCode);
  if (!reason) {
    throw new ContractError(`contract/openapi.yaml: #/x-decline-reasons: no decline reason ${declineCode}`);
  }
  return [code(reason.decision)];
}

export function renderSandbox(
  contract: Contract,
  service: string | undefined,
): ReturnType<typeof inlineMarkdown> {
  try {
    return inlineMarkdown(sandboxClause(contract.document, service));
  } catch (error) {
    throw new ContractError(
      `contract/openapi.yaml: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export const declineDirectives: Directive[] = [
  {
    name: 'decision',
    syntax: 'text',
    attributes: ['code'],
    summary:
      'the decision of one decline code from `x-decline-reasons` (`code="DOC.UNSUPPORTED_TYPE"`), as code, inside a sentence',
    render: (attributes, {contract}) => renderDecision(contract, required(attributes, 'code')),
  },
  {
    name: 'sandbox',
    syntax: 'text',
    attributes: ['service'],
    summary:
      'what a test key runs, from `x-sandbox`, as a clause after "the sandbox": every check for real except those that always pass, and the sandbox lists; `service="/services/face-match"` for one service\'s checks',
    render: (attributes, {contract}) => renderSandbox(contract, attributes.service),
  },
];
