/**
 * Every directive the docs pages can use, grouped by the source of what it renders. A directive
 * lives in the module that renders it (with its name, attributes and a one-line summary, see
 * ./directive.ts); adding one is that module and one line here. remark.ts expands them,
 * DIRECTIVES.md's table is checked against this list (tests/unit/directives.test.ts).
 */
import type {Directive} from './directive';
import {catalogueDirectives} from './contract/catalogues';
import {declineDirectives} from './contract/declines';
import {deploymentDirectives} from './contract/deployment';
import {headerDirectives} from './contract/headers';
import {idDirectives} from './contract/ids';
import {limitDirectives} from './contract/limits';
import {operationDirectives} from './contract/operation';
import {schemaDirectives} from './contract/fieldList';
import {signatureDirectives} from './contract/signatures';
import {chartDirectives} from './metrics/charts';
import {photoIdFlowDirectives} from './metrics/photoIdFlows';
import {thresholdDirectives} from './metrics/thresholds';
import {dataTableDirectives} from './data/dataTable';
import {helmValuesDirectives} from './data/helmValues';
import {releaseDirectives} from './data/releases';
import {factDirectives} from './facts/facts';
import {includeDirectives} from './partials/include';

export const directiveGroups: Array<{source: string; directives: Directive[]}> = [
  {
    source: 'the API contract, contract/openapi.yaml',
    directives: [
      ...operationDirectives,
      ...schemaDirectives,
      ...headerDirectives,
      ...catalogueDirectives,
      ...declineDirectives,
      ...idDirectives,
      ...deploymentDirectives,
      ...signatureDirectives,
      ...limitDirectives,
    ],
  },
  {
    source: 'the evaluations, data/metrics/',
    directives: [...thresholdDirectives, ...chartDirectives, ...photoIdFlowDirectives],
  },
  {
    source: 'the other data files, data/',
    directives: [...dataTableDirectives, ...releaseDirectives, ...helmValuesDirectives],
  },
  {source: 'named facts of the contract and data/ (facts.ts)', directives: factDirectives},
  {source: 'the pages themselves, docs/_partials/', directives: includeDirectives},
];

export const directives: Directive[] = directiveGroups.flatMap((group) => group.directives);

const bySyntax = new Map<string, Directive>(
  directives.map((directive) => [`${directive.syntax}:${directive.name}`, directive]),
);

const syntaxOf = {leafDirective: 'leaf', textDirective: 'text', containerDirective: 'container'} as const;

/** The directive a node of the syntax tree is, or undefined for one that is not ours (admonitions). */
export function directiveFor(node: {type: string; name?: string}): Directive | undefined {
  const syntax = syntaxOf[node.type as keyof typeof syntaxOf];
  return syntax && node.name ? bySyntax.get(`${syntax}:${node.name}`) : undefined;
}
