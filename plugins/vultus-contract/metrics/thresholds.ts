/**
 * `::thresholds` and `::latency`: the recommended thresholds of an evaluation with the error
 * rates each one costs, and the p50/p95 latency targets of cloud operations (data/metrics).
 */
import type {PhrasingContent, RootContent} from 'mdast';
import {DataError, loadData, pick} from '../data/load';
import {code, inlineMarkdown, table, type Cell} from '../mdast';
import {figureWithInterval, isCounted, percent, rateOf, rateWithOdds} from './figures';

type Json = Record<string, unknown>;

const num = (value: unknown): number => (typeof value === 'number' ? value : Number.NaN);

type ThresholdRow = Json & {use_case: string; description: string; threshold: number; default?: boolean};

function useCase(row: ThresholdRow): PhrasingContent[] {
  return inlineMarkdown(
    `${row.default ? '**' : ''}${row.use_case}${row.default ? '** (API default)' : ''}: ${row.description}`,
  );
}

function currentModel(data: unknown, where: string): Json {
  const models = pick(data, 'models', where) as Json[];
  const current = models.find((model) => model.status === 'current') ?? models[0];
  if (!current) throw new DataError(`${where}: no model`);
  return current;
}

/** The recommended thresholds of one evaluation, with the error rates each one costs. */
export function renderThresholds(
  siteDir: string,
  evaluation: string,
  mode: string | undefined,
): RootContent[] {
  const file = `metrics/${evaluation}.yaml`;
  const where = `data/${file}`;
  const data = loadData(siteDir, file);
  switch (evaluation) {
    case 'face-match':
    case 'face-to-document': {
      const model = currentModel(data, where);
      const rows = pick(model, 'recommended_thresholds', where) as ThresholdRow[];
      return [
        table(
          ['Use case', 'Threshold', 'False match rate (FMR)', 'False non-match rate (FNMR)'],
          rows.map((row) => [
            useCase(row),
            row.threshold.toFixed(2),
            isCounted(row.fmr) ? figureWithInterval(row.fmr) : rateWithOdds(rateOf(row.fmr)),
            figureWithInterval(row.fnmr),
          ]),
        ),
        {
          type: 'paragraph',
          children: inlineMarkdown(
            `Measured with \`${String(model.model_version)}\` on the evaluation described on the [metrics page](${evaluation === 'face-match' ? '/metrics/performance-metrics-bias-diversity' : '/metrics/face-to-document-similarity-service'}).`,
          ),
        },
      ];
    }
    case 'face-search': {
      const rows = pick(data, 'recommended_thresholds', where) as ThresholdRow[];
      return [
        table(
          [
            'Use case',
            'Collection size',
            'Threshold',
            'False positive identification rate (FPIR)',
            'False negative identification rate (FNIR)',
          ],
          rows.map((row) => [
            useCase(row),
            num(row.gallery_size).toLocaleString('en-US'),
            row.threshold.toFixed(2),
            isCounted(row.fpir) ? figureWithInterval(row.fpir) : rateWithOdds(rateOf(row.fpir)),
            figureWithInterval(row.fnir),
          ]),
        ),
      ];
    }
    case 'liveness': {
      if (!mode) throw new DataError(`${where}: ::thresholds{evaluation="liveness"} needs mode="…"`);
      const rows = pick(data, `modes[mode=${mode}].recommended_thresholds`, where) as ThresholdRow[];
      return [
        table(
          [
            'Use case',
            'Threshold',
            'Attacks accepted, worst species (APCER)',
            'Genuine users rejected (BPCER)',
          ],
          rows.map((row) => [
            useCase(row),
            row.threshold.toFixed(2),
            percent(num(row.apcer_max)),
            percent(num(row.bpcer)),
          ]),
        ),
      ];
    }
    case 'age': {
      const rows = pick(data, 'recommended_challenge_ages', where) as Array<
        ThresholdRow & {legal_age: number; challenge_age: number}
      >;
      return [
        table(
          ['Use case', 'Legal age', 'Challenge age', 'Under-age users passed', 'Adults sent to fallback'],
          rows.map((row) => [
            useCase(row),
            String(row.legal_age),
            String(row.challenge_age),
            figureWithInterval(row.false_positive_rate),
            figureWithInterval(row.false_negative_rate),
          ]),
        ),
      ];
    }
    default:
      throw new DataError(
        `::thresholds: unknown evaluation "${evaluation}" (face-match, face-to-document, face-search, liveness, age)`,
      );
  }
}

/** p50 / p95 latency targets of cloud operations, from data/metrics/latency.yaml. */
export function renderLatency(siteDir: string, operationIds: string[]): RootContent[] {
  const where = 'data/metrics/latency.yaml';
  const endpoints = pick(loadData(siteDir, 'metrics/latency.yaml'), 'cloud.endpoints', where) as Json[];
  const rows: Cell[][] = operationIds.map((id) => {
    const endpoint = endpoints.find((item) => item.operation_id === id);
    if (!endpoint) throw new DataError(`${where}: no cloud endpoint with operation_id ${id}`);
    return [
      [code(`${String(endpoint.method)} ${String(endpoint.path)}`)],
      inlineMarkdown(String(endpoint.payload ?? '')),
      `${num(endpoint.p50_ms)} ms`,
      `${num(endpoint.p95_ms)} ms`,
    ];
  });
  return [table(['Operation', 'Payload', 'p50', 'p95'], rows)];
}
