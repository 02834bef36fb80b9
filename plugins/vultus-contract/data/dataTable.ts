/**
 * `::data-table`: any list in a data file under data/ as a table.
 */
import type {Directive} from '../directive';
import type {RootContent} from 'mdast';
import {code, inlineMarkdown, listed, markSearchKind, text, table, type Cell} from '../mdast';
import type {MarkedKind} from '../../../src/lib/search/facets';
import {countText, figureText, isCounted, rateOf} from '../metrics/figures';
import {metricsView} from '../metrics/views';
import {DataError, hasPath, pick} from './load';
import {grouped, percent, thresholdText} from '../numbers';
import type {Sources} from '../sources';
import type {Contract} from '../contract/contract';
import {substituteFacts} from '../facts/facts';

type Json = Record<string, unknown>;

const num = (value: unknown): number => (typeof value === 'number' ? value : Number.NaN);

/** A fraction as the data writes it, to two significant figures: 0.0000312 → "0.000031". */
const fraction = (value: number): string => String(Number(value.toPrecision(2)));

const cellFormats: Record<string, (value: unknown) => string> = {
  percent: (value) => percent(num(value)),
  // A score threshold as every threshold table shows it: "0.40".
  threshold: (value) => thresholdText(num(value)),
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
  number: (value) => grouped(num(value)),
  ms: (value) => `${grouped(num(value))} ms`,
  seconds: (value) => `${grouped(num(value))} s`,
};

/**
 * The unit a format's cells are in where they do not show it themselves: the heading of such a column
 * names it ("FPIR (fraction)"), so no page has to say in prose what the table shows.
 */
const formatUnits: Record<string, string> = {fraction: 'fraction'};

/** A column's heading, with the unit of its format where its cells do not show one. */
function heading(header: string, column: string): string {
  const unit = formatUnits[column.split('|')[1] ?? ''];
  return unit === undefined || header.toLowerCase().includes(unit) ? header : `${header} (${unit})`;
}

/** The sum of a row's numbers, as the data writes them (0.5 + 0.5 → 1). */
function sum(values: unknown[], where: string): number {
  if (!values.every((value) => typeof value === 'number')) {
    throw new DataError(`${where}: a sum of fields that are not all numbers`);
  }
  return Number((values as number[]).reduce((total, value) => total + value, 0).toPrecision(12));
}

/**
 * Any list in a data file as a table: `::data-table{src="onprem/config.yaml" path="keys"
 * columns="key,env,cpu.throughput_rps,bpcer.value|percent" headers="Key,Variable,…" code="key,env"}`.
 * A column is a dotted path inside each item, optionally with `|format` (percent,
 * ci-percent, number, ms, seconds, threshold, figure, fraction), or `|codes` for a list shown as one code span
 * per item. A path ending in `?` is optional: an item without it shows a dash. Paths joined by `+`
 * show the sum of their numbers (`base_ram_gib+ram_gib_per_worker`), so a total is never typed.
 * A text cell takes the site's placeholders (`%{onprem.search.embedded_max_faces}`), so a number a
 * data file's prose repeats comes from where it lives.
 */
export function renderDataTable(
  contract: Contract,
  sources: Sources,
  attributes: Record<string, string>,
): RootContent[] {
  const src = attributes.src;
  const columns = attributes.columns?.split(',').map((column) => column.trim());
  if (!src || !columns) throw new DataError('::data-table needs src="…" and columns="…"');
  const where = `data/${src}`;
  // A metrics file whose figures are derived (the age rates, the business outcomes) shows its view.
  const data = metricsView(sources, src) ?? sources.data(src);
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
      const value = columnPath.includes('+')
        ? sum(
            columnPath.split('+').map((part) => pick(item, part, `${where}: item ${index}`)),
            `${where}: item ${index}: ${columnPath}`,
          )
        : pick(item, columnPath, `${where}: item ${index}`);
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
        textValue = substituteFacts(
          contract,
          sources,
          Array.isArray(value)
            ? value.join(', ')
            : typeof value === 'object' && value !== null
              ? JSON.stringify(value)
              : String(value),
          `${where}: item ${index}: ${columnPath}`,
        );
      }
      return asCode.has(column) ? [code(textValue)] : inlineMarkdown(textValue);
    }),
  );
  const rendered = table(
    headers.map((header, index) => heading(header, columns[index] ?? '')),
    rows,
  );
  const kind = searchKindOfData(src, attributes.path);
  return [kind ? markSearchKind(rendered, kind) : rendered];
}

/**
 * What the rows of a data file's list are, for the search page's facets: the keys of the
 * on-premise configuration and the Web SDKs' options are configuration keys, the licence errors of
 * the on-premise containers error codes; other lists are none of the kinds a reader filters by.
 */
function searchKindOfData(src: string, listPath: string | undefined): MarkedKind | undefined {
  if (src === 'onprem/config.yaml') return 'config-key';
  if (src === 'onprem/licence-errors.yaml') return 'error-code';
  if (/^sdk\/[a-z-]+\.yaml$/.test(src) && listPath === 'options') return 'config-key';
  return undefined;
}

export const dataTableDirectives: Directive[] = [
  {
    name: 'data-table',
    syntax: 'leaf',
    attributes: ['src', 'path', 'columns', 'headers', 'code'],
    summary: `any list in a YAML file under \`data/\` as a table (\`path\` is dotted; \`list[field=value]\` selects an item; \`code\` lists columns shown as code; a column takes a format after a vertical bar: ${Object.keys(
      cellFormats,
    )
      .map((name) => `\`${name}\``)
      .join(
        ', ',
      )}, or \`codes\` for a list; a column ending in \`?\` is optional; \`a+b\` shows the sum of two numbers; a text cell takes \`%{key}\` placeholders of named facts)`,
    render: (attributes, {contract, sources}) => renderDataTable(contract, sources, attributes),
  },
];
