/**
 * `::photo-id-flows`: the photo ID match flows of data/metrics/photo-id-flows.yaml, with the error
 * rates of the selfie-to-document match at each flow's threshold, read from
 * data/metrics/face-to-document.yaml (current model): FMR and FNMR from its DET, FNMR per document
 * photo age from its per-group results (at the per-group threshold) or its `document_photo_age_fnmr`
 * points (at the other recommended thresholds). The flows file holds no rates.
 *
 *   ::photo-id-flows                                   every flow: threshold, FMR, FNMR, FNMR of the oldest portraits
 *   ::photo-id-flows{flow="onboarding" show="calls"}   the flow's API calls in order, linked to their reference
 *   ::photo-id-flows{flow="onboarding" show="rates"}   its threshold, FMR, FNMR and FNMR per document photo age
 *   ::photo-id-flows{flow="onboarding"}                both
 */
import type {Directive} from '../directive';
import type {Link, RootContent} from 'mdast';
import type {Contract} from '../contract/contract';
import {DataError} from '../data/load';
import {rateWithOdds} from './figures';
import {currentModel, loadMetrics} from './load';
import type {Estimate, PhotoIdFlowsFile} from './types';
import {inlineMarkdown, link, list, listItem, strong, table, text} from '../mdast';
import {operationLink} from '../contract/operation';
import {grouped, percent, thresholdText} from '../numbers';
import type {Sources} from '../sources';

export type PhotoIdFlow = PhotoIdFlowsFile['flows'][number];

export type PhotoAgeRate = {group: string; genuine_pairs: number; fnmr: Estimate};

export type FlowRates = {
  threshold: number;
  /** The recommended use case of face-to-document.yaml at this threshold. */
  useCase: string;
  /** Whether it is the API default. */
  isDefault: boolean;
  fmr: number;
  fnmr: number;
  /** FNMR per document photo age, youngest portraits first. */
  photoAge: PhotoAgeRate[];
};

const flowsFile = 'metrics/photo-id-flows.yaml';
const ratesFile = 'metrics/face-to-document.yaml';
const same = (a: number, b: number): boolean => Math.abs(a - b) < 1e-9;
const lowerFirst = (value: string): string => value.charAt(0).toLowerCase() + value.slice(1);

export function loadPhotoIdFlows(sources: Sources): PhotoIdFlow[] {
  return loadMetrics(sources, 'photo-id-flows').flows;
}

/** The selfie-to-document error rates at one threshold, from the current model of face-to-document.yaml. */
export function photoIdRates(sources: Sources, threshold: number): FlowRates {
  const where = `data/${ratesFile}`;
  const model = currentModel(loadMetrics(sources, 'face-to-document'), where);
  const at = `${where}: ${model.model_version}`;
  const point = model.det.find((item) => same(item.threshold, threshold));
  if (!point) throw new DataError(`${at}: no DET point at threshold ${threshold}`);
  const recommended = model.recommended_thresholds.find((item) => same(item.threshold, threshold));
  if (!recommended) throw new DataError(`${at}: threshold ${threshold} is not a recommended threshold`);
  let photoAge: PhotoAgeRate[];
  if (same(model.groups.threshold, threshold)) {
    photoAge = model.groups.results
      .filter((row) => row.dimension === 'document_photo_age')
      .map((row) => {
        if (row.genuine_pairs === undefined || row.fnmr === undefined) {
          throw new DataError(`${at}: groups: ${row.group} needs genuine_pairs and fnmr`);
        }
        return {group: row.group, genuine_pairs: row.genuine_pairs, fnmr: row.fnmr};
      });
  } else {
    const found = model.document_photo_age_fnmr?.points.find((item) => same(item.threshold, threshold));
    if (!found) throw new DataError(`${at}: no FNMR per document photo age at threshold ${threshold}`);
    photoAge = found.results;
  }
  if (photoAge.length === 0) throw new DataError(`${at}: no document photo age results`);
  return {
    threshold,
    useCase: recommended.use_case,
    isDefault: recommended.default,
    fmr: point.fmr,
    fnmr: point.fnmr,
    photoAge,
  };
}

function stepLink(contract: Contract, operationId: string): Link {
  const entry = contract.operations.get(operationId);
  if (!entry || entry.webhook) throw new DataError(`data/${flowsFile}: no operation ${operationId}`);
  return operationLink(entry);
}

function summary(sources: Sources, flows: PhotoIdFlow[]): RootContent[] {
  const rates = flows.map((flow) => photoIdRates(sources, flow.threshold));
  const oldest = rates[0]?.photoAge.at(-1)?.group ?? '';
  return [
    table(
      [
        'Flow',
        'Threshold',
        'Impostors accepted (FMR)',
        'Genuine holders declined (FNMR)',
        `FNMR, portraits ${oldest} old`,
      ],
      flows.map((flow, index) => {
        const rate = rates[index] as FlowRates;
        const old = rate.photoAge.find((row) => row.group === oldest);
        if (!old) throw new DataError(`data/${ratesFile}: no "${oldest}" group at ${flow.threshold}`);
        return [
          link(`#${flow.id}`, text(flow.name)),
          thresholdText(flow.threshold),
          rateWithOdds(rate.fmr),
          percent(rate.fnmr),
          percent(old.fnmr.value),
        ];
      }),
    ),
  ];
}

function calls(contract: Contract, flow: PhotoIdFlow): RootContent[] {
  return [
    list(
      true,
      flow.steps.map((step) =>
        listItem(stepLink(contract, step.operation), text(': '), ...inlineMarkdown(step.purpose)),
      ),
    ),
  ];
}

function rates(sources: Sources, flow: PhotoIdFlow): RootContent[] {
  const rate = photoIdRates(sources, flow.threshold);
  return [
    list(false, [
      listItem(
        strong(text('Threshold:')),
        text(
          ` ${thresholdText(flow.threshold)}, ${
            rate.isDefault ? 'the API default' : `recommended for ${lowerFirst(rate.useCase)}`
          }.`,
        ),
      ),
      listItem(strong(text('Impostors accepted (FMR):')), text(` ${rateWithOdds(rate.fmr)}.`)),
      listItem(
        strong(text('Genuine holders declined (FNMR):')),
        text(` ${percent(rate.fnmr)} of all documents.`),
      ),
    ]),
    table(
      ['Document photo age', 'Genuine holders declined (FNMR)', '95% CI', 'Genuine pairs'],
      rate.photoAge.map((row) => [
        row.group,
        percent(row.fnmr.value),
        `${percent(row.fnmr.ci95[0])} to ${percent(row.fnmr.ci95[1])}`,
        grouped(row.genuine_pairs),
      ]),
    ),
  ];
}

export function renderPhotoIdFlows(
  contract: Contract,
  sources: Sources,
  attributes: Record<string, string>,
): RootContent[] {
  const flows = loadPhotoIdFlows(sources);
  if (!attributes.flow) {
    if (attributes.show) throw new DataError('::photo-id-flows: show="…" needs flow="…"');
    return summary(sources, flows);
  }
  const flow = flows.find((item) => item.id === attributes.flow);
  if (!flow) {
    throw new DataError(
      `data/${flowsFile}: no flow "${attributes.flow}" (${flows.map((item) => item.id).join(', ')})`,
    );
  }
  switch (attributes.show) {
    case 'calls':
      return calls(contract, flow);
    case 'rates':
      return rates(sources, flow);
    case undefined:
      return [...calls(contract, flow), ...rates(sources, flow)];
    default:
      throw new DataError(`::photo-id-flows: unknown show="${attributes.show}" (calls, rates)`);
  }
}

export const photoIdFlowDirectives: Directive[] = [
  {
    name: 'photo-id-flows',
    syntax: 'leaf',
    attributes: ['flow', 'show'],
    summary:
      'the photo ID match flows of `data/metrics/photo-id-flows.yaml` with the FMR and FNMR at each flow\'s threshold and FNMR per document photo age; with `flow="onboarding"` one flow, `show="calls"` its API calls in order, `show="rates"` its rates',
    render: (attributes, {contract, sources}) => renderPhotoIdFlows(contract, sources, attributes),
  },
];
