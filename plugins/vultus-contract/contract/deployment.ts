/**
 * Where each operation runs, from the contract's `x-deployment` (cloud: true|false;
 * on-premise: the container of data/onprem/services.yaml that serves it, or false), with the
 * licence feature of that container. `::deployment-matrix` renders it on the intro (by service),
 * on every service page (its operations), on every on-premise page (its container) and on the
 * merged-solutions page (by container).
 */
import type {Directive} from '../directive';
import type {RootContent} from 'mdast';
import {
  ContractError,
  deploymentOf,
  everyContainer,
  pointerPart,
  type Contract,
  type OperationEntry,
} from './contract';
import {code, link, listed, table, text, type Cell} from '../mdast';
import {operationLink} from './operation';
import type {Sources} from '../sources';

export type Container = {name: string; title: string; licenceFeature: string};

/** The on-premise containers, in the order of data/onprem/services.yaml. */
export function loadContainers(sources: Sources): Container[] {
  return sources.data('onprem/services.yaml').services.map((service) => ({
    name: service.name,
    title: service.title,
    licenceFeature: service.licence_feature,
  }));
}

/** The on-premise page of a container: its own, or merged-solutions for the gateway. */
export const containerPage = (container: Container): string =>
  `/onprem-services/${container.name === 'gateway' ? 'merged-solutions' : container.name}`;

export type Placement = {
  entry: OperationEntry;
  cloud: boolean;
  /** The serving container, `every container`, or null when the operation is cloud only. */
  container: Container | typeof everyContainer | null;
};

/** Every path operation with where it runs; an unknown container name fails with the field. */
export function placements(contract: Contract, sources: Sources): Placement[] {
  const containers = new Map(loadContainers(sources).map((container) => [container.name, container]));
  return [...contract.operations.values()]
    .filter((entry) => !entry.webhook)
    .map((entry) => {
      const deployment = deploymentOf(entry);
      const onPremise = deployment['on-premise'];
      let container: Placement['container'] = null;
      if (onPremise === everyContainer) container = everyContainer;
      else if (onPremise !== false) {
        const found = containers.get(onPremise);
        if (!found) {
          throw new ContractError(
            `contract/openapi.yaml: #/paths/${pointerPart(entry.path)}/${entry.method}/x-deployment/on-premise: "${onPremise}" is not a container of data/onprem/services.yaml (${[...containers.keys()].join(', ')})`,
          );
        }
        container = found;
      }
      return {entry, cloud: deployment.cloud, container};
    });
}

function containerCell(container: Placement['container']): Cell {
  if (container === null) return 'No';
  if (container === everyContainer) return 'Yes, every container';
  return [text('Yes, '), link(containerPage(container), code(container.name)), text(' container')];
}

function featureCell(container: Placement['container']): Cell {
  if (container === null) return '—';
  if (container === everyContainer || container.licenceFeature === 'none') return 'None needed';
  return [code(container.licenceFeature)];
}

function operationRows(rows: Placement[]): RootContent[] {
  return [
    table(
      ['Operation', 'Cloud', 'On-premise', 'Licence feature'],
      rows.map(({entry, cloud, container}) => [
        operationLink(entry),
        cloud ? 'Yes' : 'No',
        containerCell(container),
        featureCell(container),
      ]),
    ),
  ];
}

/** "Yes", "No", or the operations that do, when only some of a service's operations do. */
function share(rows: Placement[], runs: (row: Placement) => boolean): Cell {
  const yes = rows.filter(runs);
  if (yes.length === rows.length) return 'Yes';
  if (yes.length === 0) return 'No';
  return [
    text('Only '),
    ...listed(
      yes.map((row) => code(`${row.entry.method.toUpperCase()} ${row.entry.path}`)),
      ', ',
    ),
  ];
}

/** A docs page's title, as the docs plugin gives it. */
function pageTitle(sources: Sources, route: string): string {
  const page = sources.docsPage(route);
  if (!page) throw new ContractError(`::deployment-matrix: x-doc-page "${route}" is not a docs page`);
  return page.title;
}

/** One row per service: a tag, or each page of a tag that several pages document (liveness modes). */
function byService(all: Placement[], contract: Contract, sources: Sources): RootContent[] {
  const tags = (contract.document.tags ?? []).map((tag) => tag.name);
  const rows: Cell[][] = [];
  for (const tag of tags) {
    const ofTag = all.filter((row) => row.entry.operation.tags?.[0] === tag);
    const pages = [...new Set(ofTag.map((row) => row.entry.operation['x-doc-page'] ?? ''))];
    for (const page of pages) {
      const group = ofTag.filter((row) => row.entry.operation['x-doc-page'] === page);
      const containers = [
        ...new Set(
          group
            .map((row) => row.container)
            .filter((item): item is Container => item !== null && item !== everyContainer),
        ),
      ];
      const everywhere = group.some((row) => row.container === everyContainer);
      rows.push([
        [link(page, text(pages.length > 1 ? pageTitle(sources, page) : tag))],
        share(group, (row) => row.cloud),
        share(group, (row) => row.container !== null),
        containers.length > 0
          ? containers.flatMap((container, index) => [
              ...(index > 0 ? [text('; ')] : []),
              link(containerPage(container), code(container.name)),
              text(' ('),
              ...(container.licenceFeature === 'none'
                ? [text('no feature')]
                : [code(container.licenceFeature)]),
              text(')'),
            ])
          : everywhere
            ? 'Every container (no feature)'
            : '—',
      ]);
    }
  }
  return [table(['Service', 'Cloud', 'On-premise', 'Container (licence feature)'], rows)];
}

function byContainer(all: Placement[], sources: Sources): RootContent[] {
  const common = all.filter((row) => row.container === everyContainer);
  return [
    table(
      ['Container', 'Licence feature', 'Operations'],
      loadContainers(sources).map((container) => {
        // By name: each call of loadContainers makes its own objects.
        const own = all.filter(
          (row) => typeof row.container === 'object' && row.container?.name === container.name,
        );
        const served = [...own, ...common];
        return [
          [link(containerPage(container), code(container.name))],
          container.licenceFeature === 'none' ? 'None needed' : [code(container.licenceFeature)],
          listed(
            served.map((row) => operationLink(row.entry)),
            ', ',
          ),
        ];
      }),
    ),
  ];
}

/**
 * `::deployment-matrix` (by service), `{by="container"}`, `{page="/services/face-match"}` (the
 * operations a page documents) or `{container="face-match"}` (what one container serves).
 */
export function renderDeploymentMatrix(
  contract: Contract,
  sources: Sources,
  attributes: Record<string, string>,
): RootContent[] {
  const all = placements(contract, sources);
  const {page, container, by} = attributes;
  if ([page, container, by].filter(Boolean).length > 1) {
    throw new ContractError('::deployment-matrix takes one of page="…", container="…" or by="container"');
  }
  if (page) {
    const rows = all.filter((row) => row.entry.operation['x-doc-page'] === page);
    if (rows.length === 0)
      throw new ContractError(`::deployment-matrix: no operation has x-doc-page "${page}"`);
    return operationRows(rows);
  }
  if (container) {
    if (!loadContainers(sources).some((item) => item.name === container)) {
      throw new ContractError(
        `::deployment-matrix: no container "${container}" in data/onprem/services.yaml`,
      );
    }
    return operationRows(
      all.filter(
        (row) =>
          row.container === everyContainer || (row.container !== null && row.container.name === container),
      ),
    );
  }
  if (by === 'container') return byContainer(all, sources);
  if (by !== undefined && by !== 'service') {
    throw new ContractError(`::deployment-matrix: by="${by}" is not one of service, container`);
  }
  return byService(all, contract, sources);
}

export const deploymentDirectives: Directive[] = [
  {
    name: 'deployment-matrix',
    syntax: 'leaf',
    attributes: ['page', 'container', 'by'],
    summary:
      'where each operation runs, from its `x-deployment`: cloud, and which on-premise container, with its licence feature; by service (default), for one page (`page="/services/face-match"`), for one container (`container="face-match"`), or by container (`by="container"`)',
    render: (attributes, {contract, sources}) => renderDeploymentMatrix(contract, sources, attributes),
  },
];
