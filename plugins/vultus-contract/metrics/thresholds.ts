/**
 * `::thresholds` and `::latency`: the recommended thresholds of an evaluation with the error
 * rates each one costs, and the p50/p95 latency targets of cloud operations (data/metrics).
 */
import type {Directive} from '../directive';
import {required} from '../directive';
import type {PhrasingContent, RootContent} from 'mdast';
import {DataError} from '../data/load';
import {code, inlineMarkdown, table, type Cell} from '../mdast';
import {figureWithInterval, isCounted, rateOf, rateWithOdds} from './figures';
import {currentModel, loadMetrics} from './load';
import type {UseCaseRow} from './types';
import {grouped, percent, thresholdText} from '../numbers';
import type {Sources} from '../sources';

function useCase(row: UseCaseRow): PhrasingContent[] {
  return inlineMarkdown(
    `${row.default ? '**' : ''}${row.use_case}${row.default ? '** (API default)' : ''}: ${row.description}`,
  );
}

const metricsPages = {
  'face-match': '/metrics/performance-metrics-bias-diversity',
  'face-to-document': '/metrics/face-to-document-similarity-service',
} as const;

/** The recommended thresholds of each evaluation, with the error rates each one costs. */
const thresholdTables: Record<string, (sources: Sources, mode: string | undefined) => RootContent[]> = {
  'face-match': (sources) => verificationThresholds(sources, 'face-match'),
  'face-to-document': (sources) => verificationThresholds(sources, 'face-to-document'),
  'face-search': (sources) => [
    table(
      [
        'Use case',
        'Collection size',
        'Threshold',
        'False positive identification rate (FPIR)',
        'False negative identification rate (FNIR)',
      ],
      loadMetrics(sources, 'face-search').recommended_thresholds.map((row) => [
        useCase(row),
        grouped(row.gallery_size),
        thresholdText(row.threshold),
        isCounted(row.fpir) ? figureWithInterval(row.fpir) : rateWithOdds(rateOf(row.fpir)),
        figureWithInterval(row.fnir),
      ]),
    ),
  ],
  liveness: (sources, mode) => {
    const modes = loadMetrics(sources, 'liveness').modes;
    const found = modes.find((item) => item.mode === mode);
    if (!found) {
      throw new DataError(
        `data/metrics/liveness.yaml: mode="${mode ?? ''}" (one of ${modes.map((item) => item.mode).join(', ')})`,
      );
    }
    return [
      table(
        [
          'Use case',
          'Threshold',
          'Attacks accepted, worst species (APCER)',
          'Genuine users rejected (BPCER)',
        ],
        found.recommended_thresholds.map((row) => [
          useCase(row),
          thresholdText(row.threshold),
          percent(row.apcer_max),
          percent(row.bpcer),
        ]),
      ),
    ];
  },
  age: (sources) => [
    table(
      ['Use case', 'Legal age', 'Challenge age', 'Under-age users passed', 'Adults sent to fallback'],
      loadMetrics(sources, 'age').recommended_challenge_ages.map((row) => [
        useCase(row),
        String(row.legal_age),
        String(row.challenge_age),
        figureWithInterval(row.false_positive_rate),
        figureWithInterval(row.false_negative_rate),
      ]),
    ),
  ],
};

function verificationThresholds(sources: Sources, evaluation: keyof typeof metricsPages): RootContent[] {
  const model = currentModel(loadMetrics(sources, evaluation), `data/metrics/${evaluation}.yaml`);
  return [
    table(
      ['Use case', 'Threshold', 'False match rate (FMR)', 'False non-match rate (FNMR)'],
      model.recommended_thresholds.map((row) => [
        useCase(row),
        thresholdText(row.threshold),
        isCounted(row.fmr) ? figureWithInterval(row.fmr) : rateWithOdds(rateOf(row.fmr)),
        figureWithInterval(row.fnmr),
      ]),
    ),
    {
      type: 'paragraph',
      children: inlineMarkdown(
        `Measured with \`${model.model_version}\` on the evaluation described on the [metrics page](${metricsPages[evaluation]}).`,
      ),
    },
  ];
}

/** `::thresholds{evaluation="…"}`: the recommended thresholds of one evaluation. */
export function renderThresholds(
  sources: Sources,
  evaluation: string,
  mode: string | undefined,
): RootContent[] {
  const render = thresholdTables[evaluation];
  if (!render) {
    throw new DataError(`unknown evaluation "${evaluation}" (${Object.keys(thresholdTables).join(', ')})`);
  }
  if (mode !== undefined && evaluation !== 'liveness')
    throw new DataError(`evaluation="${evaluation}" takes no mode`);
  return render(sources, mode);
}

/** p50 / p95 latency targets of cloud operations, from data/metrics/latency.yaml. */
export function renderLatency(sources: Sources, operationIds: string[]): RootContent[] {
  const {endpoints} = loadMetrics(sources, 'latency').cloud;
  const rows: Cell[][] = operationIds.map((id) => {
    const endpoint = endpoints.find((item) => item.operation_id === id);
    if (!endpoint)
      throw new DataError(`data/metrics/latency.yaml: no cloud endpoint with operation_id ${id}`);
    return [
      [code(`${endpoint.method} ${endpoint.path}`)],
      inlineMarkdown(endpoint.payload),
      `${endpoint.p50_ms} ms`,
      `${endpoint.p95_ms} ms`,
    ];
  });
  return [table(['Operation', 'Payload', 'p50', 'p95'], rows)];
}

export const thresholdDirectives: Directive[] = [
  {
    name: 'thresholds',
    syntax: 'leaf',
    attributes: ['evaluation', 'mode'],
    summary: `recommended thresholds per use case with the error rates each costs, from \`data/metrics\` (\`evaluation\`: ${Object.keys(
      thresholdTables,
    )
      .map((name) => `\`${name}\``)
      .join(', ')}; \`liveness\` takes \`mode="interactive"\` etc.)`,
    render: (attributes, {sources}) =>
      renderThresholds(sources, required(attributes, 'evaluation'), attributes.mode),
  },
  {
    name: 'latency',
    syntax: 'leaf',
    attributes: ['operations'],
    summary:
      'p50/p95 latency targets of cloud operations (`operations="matchFaces,searchFaces"`) from `data/metrics/latency.yaml`',
    render: (attributes, {sources}) =>
      renderLatency(
        sources,
        required(attributes, 'operations')
          .split(',')
          .map((id) => id.trim()),
      ),
  },
];
