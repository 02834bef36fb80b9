/**
 * `::helm-values`: the values of the vultus-onprem Helm chart, from data/onprem/helm-values.yaml,
 * as the configuration reference renders data/onprem/config.yaml:
 *
 *   ::helm-values                                   the reference: the chart's values, then the
 *                                                   values each container takes under its key
 *   ::helm-values{example="face-match"}             a values.yaml that runs that container
 *   ::helm-values{example="gateway,face-match,…"}   one that runs several behind the gateway
 *
 * An example is built from the data, never typed: the chart values that carry an `example`, each
 * container's `example` under its key, and the `chart_example` values the containers add. Each
 * value an example sets must be a row of the reference, so the two cannot part. Defaults and
 * examples take {registry}, {version}, {port}, {user} and {group} from data/onprem/services.yaml.
 */
import type {Directive} from '../directive';
import type {RootContent} from 'mdast';
import {Document, isSeq, visit} from 'yaml';
import {
  code,
  codeBlock,
  inlineMarkdown,
  listed,
  markSearchKind,
  paragraph,
  table,
  text,
  type Cell,
} from '../mdast';
import {DataError} from './load';
import type {OnpremHelmValues, OnpremServices} from './types';
import type {Sources} from '../sources';

type Row = OnpremHelmValues['chart_values'][number];
type Values = Record<string, unknown>;

const file = 'onprem/helm-values.yaml' as const;
const where = `data/${file}`;
/** The chart value the container blocks of an example come before. */
const afterContainers = 'ingress';

const isMap = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** {registry}, {version}, {port}, {user} and {group} in a default or an example, from services.yaml. */
function filler(services: OnpremServices): (value: unknown) => unknown {
  const known: Record<string, string> = {
    registry: services.registry,
    version: services.version,
    port: String(services.services[0]?.api_port ?? ''),
    user: String(services.user),
    group: String(services.group),
  };
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string')
      return value.replace(/\{(\w+)\}/g, (match, name: string) => {
        const found = known[name];
        if (found === undefined) throw new DataError(`${where}: unknown placeholder ${match}`);
        return found;
      });
    if (Array.isArray(value)) return value.map(fill);
    if (isMap(value))
      return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, fill(child)]));
    return value;
  };
  return fill;
}

/** Deep merge of values maps: `b` wins, maps merge. */
function merge(a: unknown, b: unknown): unknown {
  if (!isMap(a) || !isMap(b)) return b === undefined ? a : b;
  const out: Values = {...a};
  for (const [key, value] of Object.entries(b)) out[key] = merge(out[key], value);
  return out;
}

function setPath(target: Values, dotted: string, value: unknown): void {
  const parts = dotted.split('.');
  let current = target;
  for (const part of parts.slice(0, -1)) {
    if (!isMap(current[part])) current[part] = {};
    current = current[part] as Values;
  }
  const last = parts.at(-1) as string;
  current[last] = merge(current[last], value);
}

function getPath(source: Values, dotted: string): unknown {
  let current: unknown = source;
  for (const part of dotted.split('.')) current = isMap(current) ? current[part] : undefined;
  return current;
}

/** Each dotted path a values map sets, down to a row's own key (a map or object value ends there). */
function keysSet(value: Values, rows: Row[], prefix = ''): string[] {
  return Object.entries(value).flatMap(([name, child]) => {
    const key = prefix ? `${prefix}.${name}` : name;
    if (rows.some((row) => row.key === key) || !isMap(child)) return [key];
    return keysSet(child, rows, key);
  });
}

const takes = (row: Row, name: string): boolean =>
  row.containers === 'all' || (row.containers ?? []).includes(name);

/** A values.yaml running the named containers (behind the gateway when it is one of them). */
function example(helm: OnpremHelmValues, services: OnpremServices, names: string[]): string {
  const fill = filler(services);
  const containers = names.map((name) => {
    const found = helm.containers.find((container) => container.name === name);
    if (!found)
      throw new DataError(
        `::helm-values: no container "${name}" in ${where} (${helm.containers.map((item) => item.name).join(', ')})`,
      );
    for (const key of keysSet(found.example, helm.container_values)) {
      if (!helm.container_values.some((row) => row.key === key && takes(row, name)))
        throw new DataError(
          `${where}: containers[name=${name}].example sets ${key}, which is no value of ${name}`,
        );
    }
    return found;
  });
  const chartExtras = containers.reduce<Values>(
    (all, container) => merge(all, container.chart_example ?? {}) as Values,
    {},
  );
  for (const key of keysSet(chartExtras, helm.chart_values)) {
    if (!helm.chart_values.some((row) => row.key === key))
      throw new DataError(`${where}: a chart_example sets ${key}, which is no chart value`);
  }
  const values: Values = {};
  const placeContainers = () => {
    if (!names.includes('gateway')) values.gateway = {enabled: false};
    for (const container of containers) values[container.key] = {enabled: true, ...container.example};
  };
  if (!helm.chart_values.some((row) => row.key === afterContainers))
    throw new DataError(
      `${where}: chart_values has no ${afterContainers}, which the container blocks come before`,
    );
  for (const row of helm.chart_values) {
    if (row.key === afterContainers) placeContainers();
    const value = merge(row.example, getPath(chartExtras, row.key));
    if (value !== undefined) setPath(values, row.key, fill(value));
  }
  // Lists on one line (`pullSecrets: [vultus-registry]`), strings quoted as the pages quote them.
  const document = new Document(values);
  visit(document, {
    Seq: (_, node) => {
      if (isSeq(node)) node.flow = true;
    },
  });
  return document.toString({lineWidth: 0, singleQuote: true, flowCollectionPadding: false}).trimEnd();
}

/** The reference: the chart's values, then the values of each container. */
function reference(helm: OnpremHelmValues, services: OnpremServices): RootContent[] {
  const fill = filler(services);
  const cell = (markdown: string): Cell => inlineMarkdown(String(fill(markdown)));
  const keyOf = new Map(helm.containers.map((container) => [container.name, container.key]));
  const allBut = (names: string[]): string[] =>
    helm.containers.map((container) => container.name).filter((name) => !names.includes(name));
  /** A value not every container takes says which ones do. */
  const whose = (row: Row): string => {
    if (row.containers === 'all' || row.containers === undefined) return '';
    const others = allBut(row.containers);
    const keys = (names: string[]) => names.map((name) => `\`${keyOf.get(name) ?? name}\``).join(', ');
    return others.length < row.containers.length
      ? ` Not under ${keys(others)}.`
      : ` Only under ${keys(row.containers)}.`;
  };
  return [
    markSearchKind(
      table(
        ['Value', 'Type', 'Default', 'What it sets'],
        helm.chart_values.map((row) => [code(row.key), row.type, cell(row.default), cell(row.description)]),
      ),
      'config-key',
    ),
    paragraph(
      text('Each container takes these values under its key ('),
      ...listed(
        helm.containers.map((container) => code(container.key)),
        ', ',
      ),
      text('), as in '),
      code(`${helm.containers[0]?.key ?? ''}.${helm.container_values[0]?.key ?? ''}`),
      text(':'),
    ),
    markSearchKind(
      table(
        ['Value', 'Type', 'Default', 'What it sets'],
        helm.container_values.map((row) => [
          code(row.key),
          row.type,
          cell(row.default),
          cell(`${row.description}${whose(row)}`),
        ]),
      ),
      'config-key',
    ),
  ];
}

export function renderHelmValues(sources: Sources, attributes: Record<string, string>): RootContent[] {
  const helm = sources.data(file);
  const services = sources.data('onprem/services.yaml');
  const names = helm.containers.map((container) => container.name);
  const known = services.services.map((service) => service.name);
  if (names.join() !== known.join())
    throw new DataError(
      `${where}: containers must be those of data/onprem/services.yaml, in its order (${known.join(', ')})`,
    );
  if (attributes.example === undefined) return reference(helm, services);
  const shown = attributes.example.split(',').map((name) => name.trim());
  return [codeBlock('yaml', example(helm, services, shown), 'title="values.yaml"')];
}

export const helmValuesDirectives: Directive[] = [
  {
    name: 'helm-values',
    syntax: 'leaf',
    attributes: ['example'],
    summary:
      'the values of the on-premise Helm chart from `data/onprem/helm-values.yaml`: the reference (chart values, then the values of each container), or with `example="face-match"` (several names for a merged deployment) a `values.yaml` built from the same rows',
    render: (attributes, {sources}) => renderHelmValues(sources, attributes),
  },
];
