/**
 * Tables from the data files under data/ (metrics, on-premise configuration, SDK options):
 * the threshold tables of the service pages, latency targets, and a generic table of any
 * list in a data file. The files are parsed with the `yaml` package and cached per change.
 */
import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import type {PhrasingContent, RootContent} from 'mdast';
import {parse} from 'yaml';
import {code, inlineMarkdown, listed, table, text, type Cell} from './mdast';

export class DataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataError';
  }
}

const cache = new Map<string, {mtimeMs: number; value: unknown}>();

/** A YAML file under data/, parsed (relative path such as "metrics/face-match.yaml"). */
export function loadData(siteDir: string, relative: string): unknown {
  const file = path.join(siteDir, 'data', relative);
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    throw new DataError(`data/${relative}: file not found`);
  }
  const cached = cache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.value;
  let value: unknown;
  try {
    value = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new DataError(`data/${relative}: ${error instanceof Error ? error.message : String(error)}`);
  }
  cache.set(file, {mtimeMs, value});
  return value;
}

type Json = Record<string, unknown>;

/** Follows a dotted path (`models.0.det`, or `modes[mode=interactive].det`) in parsed data. */
export function pick(data: unknown, dotted: string, where: string): unknown {
  let current = data;
  for (const part of dotted.split('.').filter(Boolean)) {
    const selector = /^([\w-]+)\[([\w-]+)=([^\]]+)\]$/.exec(part);
    if (selector) {
      const [, key, field, value] = selector;
      const list = (current as Json | undefined)?.[key as string];
      current = Array.isArray(list)
        ? list.find((item) => String((item as Json)[field as string]) === value)
        : undefined;
    } else {
      current = (current as Json | undefined)?.[part];
    }
    if (current === undefined) throw new DataError(`${where}: nothing at "${dotted}" (stopped at "${part}")`);
  }
  return current;
}

/** Whether a dotted path (without selectors) leads to a value in parsed data. */
function hasPath(data: unknown, dotted: string): boolean {
  let current = data;
  for (const part of dotted.split('.').filter(Boolean)) {
    if (typeof current !== 'object' || current === null || !(part in current)) return false;
    current = (current as Json)[part];
  }
  return current !== undefined && current !== null;
}

/** A rate as a percentage people can read: 0.0085 → 0.85%, 1e-5 → 0.001%, 0.9981 → 99.81%. */
export function percent(rate: number): string {
  if (rate === 0) return '0%';
  const value = rate * 100;
  if (value >= 10) return `${Number(value.toFixed(2)).toLocaleString('en-US')}%`;
  return `${value.toLocaleString('en-US', {maximumSignificantDigits: 3})}%`;
}

/**
 * A figure counted from few events: `{events, of, ci95}` (k events out of n), with `value` only where
 * both k and n - k reach 20. Below that the data publishes the count, and the pages show "k of n".
 */
export type Counted = {events: number; of: number; value?: number; ci95: [number, number]};

export function isCounted(value: unknown): value is Counted {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Counted).events === 'number' &&
    typeof (value as Counted).of === 'number'
  );
}

/** "5 of 5,180", or "29 of 2,940 (0.99%)" where the data gives a rate too. */
export function countText(figure: Counted): string {
  const count = `${figure.events.toLocaleString('en-US')} of ${figure.of.toLocaleString('en-US')}`;
  return figure.value === undefined ? count : `${count} (${percent(figure.value)})`;
}

/** The rate a figure stands for: a number, an estimate's value, or k / n of a count. */
export function rateOf(figure: unknown): number {
  if (typeof figure === 'number') return figure;
  if (isCounted(figure)) return figure.value ?? figure.events / figure.of;
  const value = (figure as {value?: unknown} | null)?.value;
  return typeof value === 'number' ? value : Number.NaN;
}

/** A figure as a percentage, or as "k of n" where it is a count. */
export function figureText(figure: unknown): string {
  return isCounted(figure) ? countText(figure) : percent(rateOf(figure));
}

/** A figure as figureText gives it, with the exact 95% interval where it is a count without a rate. */
export function figureWithInterval(figure: unknown): string {
  if (!isCounted(figure) || figure.value !== undefined) return figureText(figure);
  return `${countText(figure)} (95% CI ${percent(figure.ci95[0])} to ${percent(figure.ci95[1])})`;
}

/** A false-match style rate both ways: "0.001% (1 in 100,000)". */
export function rateWithOdds(rate: number): string {
  if (rate <= 0) return '0%';
  const oneIn = Math.round(1 / rate);
  return `${percent(rate)} (1 in ${oneIn.toLocaleString('en-US')})`;
}

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

/** A fraction as the data writes it, to two significant figures: 0.0000312 → "0.000031". */
const fraction = (value: number): string => String(Number(value.toPrecision(2)));

const cellFormats: Record<string, (value: unknown) => string> = {
  percent: (value) => percent(num(value)),
  // A score threshold as every threshold table shows it: "0.40".
  threshold: (value) => num(value).toFixed(2),
  // A rate, count or estimate: "0.85%", or "5 of 5,180" for a figure counted from few events.
  figure: (value) => figureText(value),
  // A rate as a fraction ("0.00062"), or "12 of 200,000 (0.000031 to 0.00011)" for a count with its interval.
  fraction: (value) =>
    isCounted(value)
      ? `${countText(value)} (${fraction(value.ci95[0])} to ${fraction(value.ci95[1])})`
      : String(rateOf(value)),
  'ci-percent': (value) => {
    const [low, high] = value as [number, number];
    return `${percent(low)} to ${percent(high)}`;
  },
  number: (value) => num(value).toLocaleString('en-US'),
  ms: (value) => `${num(value).toLocaleString('en-US')} ms`,
  seconds: (value) => `${num(value).toLocaleString('en-US')} s`,
};

/**
 * Any list in a data file as a table: `::data-table{src="onprem/config.yaml" path="keys"
 * columns="key,env,cpu.throughput_rps,bpcer.value|percent" headers="Key,Variable,…" code="key,env"}`.
 * A column is a dotted path inside each item, optionally with `|format` (percent,
 * ci-percent, number, ms, seconds, threshold, figure, fraction), or `|codes` for a list shown as one code span
 * per item. A path ending in `?` is optional: an item without it shows a dash.
 */
export function renderDataTable(siteDir: string, attributes: Record<string, string>): RootContent[] {
  const src = attributes.src;
  const columns = attributes.columns?.split(',').map((column) => column.trim());
  if (!src || !columns) throw new DataError('::data-table needs src="…" and columns="…"');
  const where = `data/${src}`;
  const data = loadData(siteDir, src);
  const list = attributes.path ? pick(data, attributes.path, where) : data;
  if (!Array.isArray(list)) throw new DataError(`${where}: "${attributes.path ?? ''}" is not a list`);
  const headers = attributes.headers?.split(',').map((header) => header.trim()) ?? columns;
  if (headers.length !== columns.length) {
    throw new DataError(`${where}: ${headers.length} headers for ${columns.length} columns`);
  }
  const asCode = new Set(attributes.code?.split(',').map((column) => column.trim()) ?? []);
  const rows = (list as Json[]).map((item, index) =>
    columns.map((column): Cell => {
      const [columnSpec = '', format] = column.split('|');
      const optional = columnSpec.endsWith('?');
      const columnPath = optional ? columnSpec.slice(0, -1) : columnSpec;
      if (optional && !hasPath(item, columnPath)) return [text('—')];
      const value = pick(item, columnPath, `${where}: item ${index}`);
      if (format === 'codes') {
        if (!Array.isArray(value))
          throw new DataError(`${where}: item ${index}: ${columnPath} is not a list`);
        return listed(
          value.map((entry: unknown) => code(String(entry))),
          ', ',
        );
      }
      let textValue: string;
      if (format) {
        const formatter = cellFormats[format];
        if (!formatter)
          throw new DataError(
            `${where}: unknown format "${format}" (${Object.keys(cellFormats).join(', ')})`,
          );
        textValue = formatter(value);
      } else {
        textValue = Array.isArray(value)
          ? value.join(', ')
          : typeof value === 'object' && value !== null
            ? JSON.stringify(value)
            : String(value);
      }
      return asCode.has(column) ? [code(textValue)] : inlineMarkdown(textValue);
    }),
  );
  return [table(headers, rows)];
}
