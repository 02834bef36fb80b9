/**
 * `::chart{kind="…"}`: a chart of the metrics data rendered at build time as inline SVG,
 * followed by a table with the same numbers. In the Markdown export the chart becomes its
 * title, its text alternative and the table.
 *
 *   ::chart{kind="det" evaluation="face-match"}            DET curves (log axes), one per model
 *   ::chart{kind="fnir-gallery"}                           face search FNIR versus gallery size
 *   ::chart{kind="groups" evaluation="face-match" metric="fnmr"}   per-group bars with 95% CIs
 *   ::chart{kind="groups" evaluation="liveness" mode="interactive" metric="bpcer"}
 *   ::chart{kind="apcer" mode="deepfake"}                  APCER per attack species
 *   ::chart{kind="mae-age"}                                age estimation MAE by age band
 */
import type {Directive, RenderMode} from '../directive';
import type {RootContent} from 'mdast';
import type {Element} from 'hast';
import {DataError} from '../data/load';
import {inlineMarkdown, paragraph, strong, table, text, type Cell} from '../mdast';
import {ageView} from './age';
import {countText, figureText, isCounted, rateOf} from './figures';
import {currentModel, loadMetrics, modelsCurrentFirst} from './load';
import {barChart, lineChart, type Bar, type Series} from './svg';
import type {Counted, DetPoint, Estimate, GroupRow} from './types';
import {grouped, percent, thresholdText} from '../numbers';
import type {Sources} from '../sources';

type ChartOutput = {
  chart: Element;
  title: string;
  description: string;
  header: string[];
  rows: Cell[][];
  /** A sentence under the table, such as what its size column counts. */
  note?: string;
};

const ci = (estimate: Estimate | Counted, format: (value: number) => string): string =>
  `${format(estimate.ci95[0])} to ${format(estimate.ci95[1])}`;

/** A bar with its 95% confidence interval as error bar. */
const estimateBar = (label: string, estimate: Estimate, group?: string): Bar => ({
  label,
  ...(group === undefined ? {} : {group}),
  value: estimate.value,
  low: estimate.ci95[0],
  high: estimate.ci95[1],
});

const years = (value: number): string => `${value.toFixed(2)} y`;

const dimensionNames: Record<string, string> = {
  age_band: 'Age band',
  sex: 'Sex',
  skin_tone: 'Skin tone',
  document_photo_age: 'Document photo age',
  photo_age: 'Document photo age',
};

const dimensionName = (dimension: string): string => dimensionNames[dimension] ?? dimension;

const at = (points: DetPoint[], threshold: number): DetPoint | undefined =>
  points.find((point) => Math.abs(point.threshold - threshold) < 1e-9);

const verificationEvaluations = ['face-match', 'face-to-document'] as const;
type VerificationEvaluation = (typeof verificationEvaluations)[number];

function verificationEvaluation(evaluation: string): VerificationEvaluation {
  const found = verificationEvaluations.find((name) => name === evaluation);
  if (!found)
    throw new DataError(`evaluation="${evaluation}" (one of ${verificationEvaluations.join(', ')})`);
  return found;
}

function det(sources: Sources, evaluation: VerificationEvaluation): ChartOutput {
  const where = `data/metrics/${evaluation}.yaml`;
  const data = loadMetrics(sources, evaluation);
  const defaultThreshold = data.default_threshold;
  const models = modelsCurrentFirst(data, where);
  const current = currentModel(data, where);
  const currentDefault = at(current.det, defaultThreshold);
  const series: Series[] = models.map((model) => {
    const atDefault = at(model.det, defaultThreshold);
    return {
      name: model.model_version,
      points: model.det.map((point) => ({
        x: point.fmr,
        y: point.fnmr,
        label: thresholdText(point.threshold),
      })),
      // Mark the default threshold on the current model only; two labels would collide.
      marker:
        atDefault && model === current
          ? {x: atDefault.fmr, y: atDefault.fnmr, label: `default ${thresholdText(defaultThreshold)}`}
          : undefined,
    };
  });
  const title = `DET curve, ${evaluation === 'face-match' ? 'selfie to selfie (1:1)' : 'selfie to document portrait'}`;
  const description = `False non-match rate against false match rate, both on log scales, for ${models
    .map((model) => model.model_version)
    .join(' and ')}. Lower left is better. At the default threshold ${thresholdText(defaultThreshold)}, ${
    current.model_version
  } has FMR ${percent(currentDefault?.fmr ?? Number.NaN)} and FNMR ${percent(currentDefault?.fnmr ?? Number.NaN)}.`;
  const header = [
    'Threshold',
    ...models.flatMap((model) => [`FMR ${model.model_version}`, `FNMR ${model.model_version}`]),
  ];
  const rows = current.det.map(({threshold}) => [
    thresholdText(threshold),
    ...models.flatMap((model) => {
      const point = at(model.det, threshold);
      return point ? [percent(point.fmr), percent(point.fnmr)] : ['—', '—'];
    }),
  ]);
  const chart = lineChart({
    id: `chart-det-${evaluation}`,
    title,
    description,
    xLabel: 'False match rate (FMR, log scale)',
    yLabel: 'False non-match rate (FNMR, log)',
    xLog: true,
    yLog: true,
    xFormat: percent,
    yFormat: percent,
    series,
  });
  return {chart, title, description, header, rows};
}

function fnirGallery(sources: Sources): ChartOutput {
  const {galleries} = loadMetrics(sources, 'face-search');
  const fpirs = [...new Set(galleries.flatMap((gallery) => gallery.fnir_at_fpir.map((item) => item.fpir)))];
  const fnirAt = (gallery: (typeof galleries)[number], fpir: number): Estimate => {
    const found = gallery.fnir_at_fpir.find((item) => item.fpir === fpir);
    if (!found) {
      throw new DataError(
        `data/metrics/face-search.yaml: galleries[gallery_size=${gallery.gallery_size}].fnir_at_fpir: no FNIR at FPIR ${fpir}`,
      );
    }
    return found.fnir;
  };
  const series: Series[] = fpirs.map((fpir) => ({
    name: `FNIR at FPIR ${percent(fpir)}`,
    points: galleries.map((gallery) => ({x: gallery.gallery_size, y: rateOf(fnirAt(gallery, fpir))})),
  }));
  const title = 'Face search: missed identifications versus collection size';
  const description = `False negative identification rate (FNIR) at fixed false positive identification rates, for collections of ${galleries
    .map((gallery) => grouped(gallery.gallery_size))
    .join(', ')} faces. FNIR grows slowly with collection size.`;
  const header = [
    'Collection size',
    ...fpirs.map((fpir) => `FNIR at FPIR ${percent(fpir)} (95% CI)`),
    'Rank-1 rate',
    'Rank-5 rate',
  ];
  const rows = galleries.map((gallery) => [
    grouped(gallery.gallery_size),
    ...fpirs.map((fpir) => {
      const estimate = fnirAt(gallery, fpir);
      return `${figureText(estimate)} (${ci(estimate, percent)})`;
    }),
    // A rank rate resting on few misses shows as "k of n" found, with its exact interval.
    ...(['rank_1', 'rank_5'] as const).map((rank) => {
      const figure = gallery.rank_identification_rate[rank];
      return isCounted(figure) ? `${countText(figure)} (${ci(figure, percent)})` : percent(figure.value);
    }),
  ]);
  const chart = lineChart({
    id: 'chart-fnir-gallery',
    title,
    description,
    xLabel: 'Faces in the collection (log scale)',
    yLabel: 'FNIR',
    xLog: true,
    xFormat: (value) => (value >= 1e6 ? `${value / 1e6}M` : `${value / 1e3}k`),
    yFormat: percent,
    series,
  });
  return {chart, title, description, header, rows};
}

/** The group results a `groups` chart can show, per evaluation, and the setting they were measured at. */
const groupSources: Record<
  string,
  (sources: Sources, mode: string | undefined) => {results: GroupRow[]; context: string}
> = {
  'face-match': (sources) => verificationGroups(sources, 'face-match'),
  'face-to-document': (sources) => verificationGroups(sources, 'face-to-document'),
  'face-search': (sources) => {
    const {groups} = loadMetrics(sources, 'face-search');
    return {
      results: groups.results,
      context: `a ${grouped(groups.gallery_size)}-face collection at threshold ${thresholdText(groups.threshold)}`,
    };
  },
  liveness: (sources, mode) => {
    const data = loadMetrics(sources, 'liveness');
    return {
      results: livenessMode(data.modes, mode).groups,
      context: `${mode ?? ''} liveness at threshold ${thresholdText(data.default_threshold)}`,
    };
  },
  age: (sources) => {
    const data = ageView(sources);
    return {results: data.groups, context: data.model_version};
  },
};

function verificationGroups(
  sources: Sources,
  evaluation: VerificationEvaluation,
): {results: GroupRow[]; context: string} {
  const model = currentModel(loadMetrics(sources, evaluation), `data/metrics/${evaluation}.yaml`);
  return {
    results: model.groups.results,
    context: `${model.model_version} at threshold ${thresholdText(model.groups.threshold)}`,
  };
}

function livenessMode<Mode extends {mode: string}>(modes: Mode[], mode: string | undefined): Mode {
  const found = modes.find((item) => item.mode === mode);
  if (!found) {
    throw new DataError(
      `data/metrics/liveness.yaml: mode="${mode ?? ''}" (one of ${modes.map((item) => item.mode).join(', ')})`,
    );
  }
  return found;
}

const metricNames: Record<string, string> = {
  fmr: 'False match rate (FMR)',
  fnmr: 'False non-match rate (FNMR)',
  fnir: 'False negative identification rate (FNIR)',
  fpir: 'False positive identification rate (FPIR)',
  bpcer: 'Genuine users rejected (BPCER)',
  mae: 'Mean absolute error (years)',
};

// The sample behind each rate: impostor pairs for FMR, genuine pairs for FNMR, and so on.
const sampleKeys = {
  fmr: 'impostor_pairs',
  fnmr: 'genuine_pairs',
  fnir: 'mated_searches',
  fpir: 'non_mated_searches',
  bpcer: 'presentations',
  mae: 'subjects',
} as const satisfies Record<string, keyof GroupRow>;

type GroupMetric = keyof typeof sampleKeys;

/** What each sample counts, as the size column's heading and the note under the table name it. */
const sampleNames: Record<(typeof sampleKeys)[GroupMetric], string> = {
  impostor_pairs: 'impostor pairs',
  genuine_pairs: 'genuine pairs',
  mated_searches: 'mated searches',
  non_mated_searches: 'non-mated searches',
  presentations: 'bona fide presentations',
  subjects: 'subjects',
};

function groupMetric(metric: string): GroupMetric {
  if (!(metric in sampleKeys))
    throw new DataError(`metric="${metric}" (one of ${Object.keys(sampleKeys).join(', ')})`);
  return metric as GroupMetric;
}

function groups(
  sources: Sources,
  evaluation: string,
  metricName: string,
  mode: string | undefined,
): ChartOutput {
  const where = `data/metrics/${evaluation}.yaml`;
  const source = groupSources[evaluation];
  if (!source) {
    throw new DataError(`evaluation="${evaluation}" (one of ${Object.keys(groupSources).join(', ')})`);
  }
  const metric = groupMetric(metricName);
  const {results, context} = source(sources, mode);
  const format = metric === 'mae' ? years : percent;
  const estimateOf = (result: GroupRow): Estimate => {
    const estimate = result[metric];
    if (!estimate) throw new DataError(`${where}: the group ${result.group} has no "${metric}"`);
    return estimate;
  };
  const bars: Bar[] = results.map((result) =>
    estimateBar(result.group, estimateOf(result), dimensionName(result.dimension)),
  );
  const name = metricNames[metric] ?? metric;
  const worst = bars.reduce((a, b) => (b.value > a.value ? b : a));
  const best = bars.reduce((a, b) => (b.value < a.value ? b : a));
  const title = `${name} by demographic group`;
  const dimensions = [...new Set(results.map((result) => dimensionName(result.dimension).toLowerCase()))];
  const description = `${name} for each group by ${dimensions.join(', ')}, with 95% confidence intervals, for ${context}. Highest: ${
    worst.label
  } at ${format(worst.value)}; lowest: ${best.label} at ${format(best.value)}.`;
  const sizeKey = sampleKeys[metric];
  const withSize = results[0]?.[sizeKey] !== undefined;
  const sample = sampleNames[sizeKey];
  const sizeHeader = `${sample.charAt(0).toUpperCase()}${sample.slice(1)}`;
  const header = ['Dimension', 'Group', name, '95% CI', ...(withSize ? [sizeHeader] : [])];
  const rows = results.map((result) => {
    const estimate = estimateOf(result);
    return [
      dimensionName(result.dimension),
      result.group,
      format(estimate.value),
      ci(estimate, format),
      ...(withSize ? [grouped(result[sizeKey] ?? Number.NaN)] : []),
    ];
  });
  const chart = barChart({
    id: `chart-groups-${evaluation}${mode ? `-${mode}` : ''}-${metric}`,
    title,
    description,
    yLabel: metric === 'mae' ? 'MAE (years)' : metric.toUpperCase(),
    yFormat: format,
    bars,
  });
  // The note names the size column from the same definition as its heading, so the two cannot differ.
  const note = withSize
    ? `Each group's ${metric.toUpperCase()} is computed over its ${sample}, the last column.`
    : undefined;
  return {chart, title, description, header, rows, ...(note === undefined ? {} : {note})};
}

function apcer(sources: Sources, mode: string | undefined): ChartOutput {
  const {results} = livenessMode(loadMetrics(sources, 'liveness').modes, mode);
  // Each species' APCER is k accepted of n presentations; below 20 accepted the count is shown, not a rate.
  const counted = results.attack_species.map((item) => ({
    item,
    count: {
      events: item.accepted,
      of: item.presentations,
      ...(item.accepted >= 20 ? {value: item.apcer.value} : {}),
      ci95: item.apcer.ci95,
    } satisfies Counted,
  }));
  const bars = counted.map(({item}) => estimateBar(item.name, item.apcer));
  const worst = counted.reduce((a, b) => (b.item.apcer.value > a.item.apcer.value ? b : a));
  const title = `Attacks accepted per attack species, ${mode ?? ''} liveness`;
  const description = `Attack presentations accepted (APCER) for each attack species, with exact 95% confidence intervals, at the default threshold. Most accepted: ${
    worst.item.name
  }, ${countText(worst.count)}. BPCER (genuine users rejected) at the same threshold: ${figureText(results.bpcer)}.`;
  const header = ['Attack species', 'Attacks accepted', '95% CI'];
  const rows = counted.map(({item, count}) => [item.name, countText(count), ci(item.apcer, percent)]);
  const chart = barChart({
    id: `chart-apcer-${mode ?? ''}`,
    title,
    description,
    yLabel: 'APCER',
    yFormat: percent,
    bars,
  });
  return {chart, title, description, header, rows};
}

function maeAge(sources: Sources): ChartOutput {
  const {mae_by_age_band: bands, mae_overall: overall} = loadMetrics(sources, 'age');
  const bars = bands.map((band) => estimateBar(band.age_band, band.mae));
  const title = 'Age estimation error by true age band';
  const description = `Mean absolute error in years for each true age band, with 95% confidence intervals; overall MAE ${years(
    overall.value,
  )}. Error is lowest for teenagers and young adults and grows with age.`;
  const header = ['True age band', 'Subjects', 'MAE', '95% CI', 'Mean signed error'];
  const rows = bands.map((band) => [
    band.age_band,
    grouped(band.subjects),
    years(band.mae.value),
    ci(band.mae, years),
    years(band.mean_error),
  ]);
  const chart = barChart({
    id: 'chart-mae-age',
    title,
    description,
    yLabel: 'MAE (years)',
    yFormat: (value) => value.toFixed(1),
    bars,
    reference: {value: overall.value, label: `overall ${years(overall.value)}`},
  });
  return {chart, title, description, header, rows};
}

type Attributes = Record<string, string | undefined>;

/**
 * The chart kinds: the attributes each takes and how it is drawn. A new kind is one function
 * above and one entry here.
 */
export const chartKinds: Record<
  string,
  {attributes: string[]; draw: (sources: Sources, attributes: Attributes) => ChartOutput}
> = {
  det: {
    attributes: ['evaluation'],
    draw: (sources, a) => det(sources, verificationEvaluation(a.evaluation ?? 'face-match')),
  },
  'fnir-gallery': {attributes: [], draw: (sources) => fnirGallery(sources)},
  groups: {
    attributes: ['evaluation', 'metric', 'mode'],
    draw: (sources, a) => groups(sources, a.evaluation ?? '', a.metric ?? '', a.mode),
  },
  apcer: {attributes: ['mode'], draw: (sources, a) => apcer(sources, a.mode)},
  'mae-age': {attributes: [], draw: (sources) => maeAge(sources)},
};

export function renderChart(sources: Sources, attributes: Attributes, mode: RenderMode): RootContent[] {
  const kind = chartKinds[attributes.kind ?? ''];
  if (!kind) {
    throw new DataError(`unknown kind "${attributes.kind ?? ''}" (${Object.keys(chartKinds).join(', ')})`);
  }
  const unknown = Object.keys(attributes).filter(
    (name) => name !== 'kind' && !kind.attributes.includes(name),
  );
  if (unknown.length > 0)
    throw new DataError(`kind="${attributes.kind ?? ''}" takes no ${unknown.join(', ')}`);
  const output = kind.draw(sources, attributes);
  const dataTable = table(output.header, output.rows);
  const note = output.note === undefined ? [] : [paragraph(...inlineMarkdown(output.note))];
  if (mode === 'markdown') {
    return [
      paragraph(strong(text(output.title))),
      paragraph(...inlineMarkdown(output.description)),
      dataTable,
      ...note,
    ];
  }
  const figure = {
    type: 'vultusChart',
    data: {hName: 'figure', hProperties: output.chart.properties, hChildren: output.chart.children},
  } as unknown as RootContent;
  return [figure, dataTable, ...note];
}

export const chartDirectives: Directive[] = [
  {
    name: 'chart',
    syntax: 'leaf',
    attributes: ['kind', ...new Set(Object.values(chartKinds).flatMap((kind) => kind.attributes))],
    summary: `a chart drawn at build time as inline SVG (follows the colour mode, no JavaScript), then the same numbers in a table. \`kind\`: ${Object.entries(
      chartKinds,
    )
      .map(
        ([name, kind]) =>
          `\`${name}\`${kind.attributes.length > 0 ? ` (${kind.attributes.join(', ')})` : ''}`,
      )
      .join(', ')}`,
    render: (attributes, {sources, mode}) => renderChart(sources, attributes, mode),
  },
];
