/**
 * `::thresholds` and `::latency`: the recommended thresholds of an evaluation with the error
 * rates each one costs, and the p50/p95 latency targets of cloud operations (data/metrics).
 *
 * The row marked "(API default)" is the one at the default of the contract's schema property for
 * the service the table is about: each evaluation's own service (`apiDefaults`), or the property
 * the directive names in `default` where another service shows the evaluation's rates
 * (`default="DedupConfig.threshold"` on account deduplication, which uses the face search model).
 */
import type {Directive} from '../directive';
import {required} from '../directive';
import type {PhrasingContent, RootContent} from 'mdast';
import type {Contract} from '../contract/contract';
import {DataError} from '../data/load';
import {code, inlineMarkdown, table, type Cell} from '../mdast';
import {ageView} from './age';
import {figureWithInterval, isCounted, rateOf, rateWithOdds} from './figures';
import {currentModel, loadMetrics} from './load';
import {grouped, percent, thresholdText} from '../numbers';
import type {Sources} from '../sources';

/**
 * A use case's row label, in bold with "(API default)" where it is at the contract's default, or
 * with `note` (an age row at the default offset for another legal age: "(default offset)").
 */
function useCase(
  row: {use_case: string; description: string},
  isDefault: boolean,
  note?: string,
): PhrasingContent[] {
  const label = isDefault
    ? `**${row.use_case}** (API default)`
    : note
      ? `${row.use_case} ${note}`
      : row.use_case;
  return inlineMarkdown(`${label}: ${row.description}`);
}

/** The schema property whose default each evaluation (and liveness mode) has as its API default. */
export const apiDefaults: Record<string, string> = {
  'face-match': 'FaceMatchConfig.threshold',
  'face-to-document': 'DocumentVerificationConfig.selfie_match_threshold',
  'face-search': 'FaceSearchConfig.threshold',
  'liveness:interactive': 'InteractiveLivenessConfig.threshold',
  'liveness:non-interactive': 'PassiveLivenessConfig.threshold',
  'liveness:3d': 'Liveness3dConfig.threshold',
  'liveness:deepfake': 'DeepfakeConfig.threshold',
  age: 'AgeEstimationConfig.challenge_age_offset',
};

/** The legal age a request checks when it sends no `age_threshold`. */
const ageThresholdDefault = 'EstimateAgeRequest.age_threshold';

/** The default of a schema property of the contract (`DedupConfig.threshold`). */
export function contractDefault(contract: Contract, property: string): number {
  const [schema = '', name = ''] = property.split('.');
  const definition = contract.document.components.schemas[schema] as
    {properties?: Record<string, {default?: unknown}>} | undefined;
  const value = definition?.properties?.[name]?.default;
  if (typeof value !== 'number') {
    throw new DataError(`default="${property}": the contract has no numeric default at ${schema}.${name}`);
  }
  return value;
}

const same = (a: number, b: number): boolean => Math.abs(a - b) < 1e-9;

const metricsPages = {
  'face-match': '/metrics/performance-metrics-bias-diversity',
  'face-to-document': '/metrics/face-to-document-similarity-service',
} as const;

/** The recommended thresholds of each evaluation, with the error rates each one costs. */
const thresholdTables: Record<
  string,
  (sources: Sources, mode: string | undefined, apiDefault: number, contract: Contract) => RootContent[]
> = {
  'face-match': (sources, _mode, apiDefault) => verificationThresholds(sources, 'face-match', apiDefault),
  'face-to-document': (sources, _mode, apiDefault) =>
    verificationThresholds(sources, 'face-to-document', apiDefault),
  'face-search': (sources, _mode, apiDefault) => [
    table(
      [
        'Use case',
        'Collection size',
        'Threshold',
        'False positive identification rate (FPIR)',
        'False negative identification rate (FNIR)',
      ],
      loadMetrics(sources, 'face-search').recommended_thresholds.map((row) => [
        useCase(row, same(row.threshold, apiDefault)),
        grouped(row.gallery_size),
        thresholdText(row.threshold),
        isCounted(row.fpir) ? figureWithInterval(row.fpir) : rateWithOdds(rateOf(row.fpir)),
        figureWithInterval(row.fnir),
      ]),
    ),
  ],
  liveness: (sources, mode, apiDefault) => {
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
          useCase(row, same(row.threshold, apiDefault)),
          thresholdText(row.threshold),
          percent(row.apcer_max),
          percent(row.bpcer),
        ]),
      ),
    ];
  },
  // The default is an offset added to the request's legal age (`age_threshold`, itself with a
  // default): the API default is the row at both defaults; the rows at the default offset for
  // another legal age are what a request that sends only `age_threshold` gets.
  age: (sources, _mode, apiDefault, contract) => {
    const legalAgeDefault = contractDefault(contract, ageThresholdDefault);
    return [
      table(
        [
          'Use case',
          'Legal age',
          'Challenge age',
          'Under-age users passed',
          'Users of legal age sent to fallback',
        ],
        ageView(sources).recommended_challenge_ages.map((row) => {
          const atOffset = row.challenge_age - row.legal_age === apiDefault;
          return [
            useCase(
              row,
              atOffset && row.legal_age === legalAgeDefault,
              atOffset ? '(default offset)' : undefined,
            ),
            String(row.legal_age),
            String(row.challenge_age),
            figureWithInterval(row.false_positive_rate),
            figureWithInterval(row.false_negative_rate),
          ];
        }),
      ),
    ];
  },
};

function verificationThresholds(
  sources: Sources,
  evaluation: keyof typeof metricsPages,
  apiDefault: number,
): RootContent[] {
  const model = currentModel(loadMetrics(sources, evaluation), `data/metrics/${evaluation}.yaml`);
  return [
    table(
      ['Use case', 'Threshold', 'False match rate (FMR)', 'False non-match rate (FNMR)'],
      model.recommended_thresholds.map((row) => [
        useCase(row, same(row.threshold, apiDefault)),
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

/**
 * `::thresholds{evaluation="…"}`: the recommended thresholds of one evaluation, the row at the
 * default of `defaultProperty` (or of the evaluation's own service) marked as the API default.
 */
export function renderThresholds(
  sources: Sources,
  contract: Contract,
  evaluation: string,
  mode: string | undefined,
  defaultProperty?: string,
): RootContent[] {
  const render = thresholdTables[evaluation];
  if (!render) {
    throw new DataError(`unknown evaluation "${evaluation}" (${Object.keys(thresholdTables).join(', ')})`);
  }
  if (mode !== undefined && evaluation !== 'liveness')
    throw new DataError(`evaluation="${evaluation}" takes no mode`);
  const property = defaultProperty ?? apiDefaults[mode === undefined ? evaluation : `${evaluation}:${mode}`];
  if (!property) throw new DataError(`evaluation="${evaluation}" mode="${mode ?? ''}": no API default known`);
  return render(sources, mode, contractDefault(contract, property), contract);
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
    attributes: ['evaluation', 'mode', 'default'],
    summary: `recommended thresholds per use case with the error rates each costs, from \`data/metrics\` (\`evaluation\`: ${Object.keys(
      thresholdTables,
    )
      .map((name) => `\`${name}\``)
      .join(
        ', ',
      )}; \`liveness\` takes \`mode="interactive"\` etc.), the row at the contract's default for the evaluation's own service marked as the API default, or at the default of the schema property \`default\` names (\`default="DedupConfig.threshold"\`)`,
    render: (attributes, {sources, contract}) =>
      renderThresholds(
        sources,
        contract,
        required(attributes, 'evaluation'),
        attributes.mode,
        attributes.default,
      ),
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
