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
import type {RootContent} from 'mdast';
import type {Element} from 'hast';
import {DataError, loadData, pick} from '../data/load';
import {countText, figureText, isCounted, percent, rateOf} from './figures';
import {inlineMarkdown, paragraph, strong, table, text, type Cell} from '../mdast';
import type {RenderMode} from '../contract/operation';
import {barChart, lineChart, type Bar, type Series} from './svg';

type Json = Record<string, unknown>;
type Estimate = {value: number; ci95: [number, number]};

type ChartOutput = {chart: Element; title: string; description: string; header: string[]; rows: Cell[][]};

const ci = (estimate: Estimate, format: (value: number) => string): string =>
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

function currentModels(data: unknown, where: string): Json[] {
  return pick(data, 'models', where) as Json[];
}

function det(siteDir: string, evaluation: string): ChartOutput {
  const where = `data/metrics/${evaluation}.yaml`;
  const data = loadData(siteDir, `metrics/${evaluation}.yaml`);
  const defaultThreshold = pick(data, 'default_threshold', where) as number;
  const models = currentModels(data, where);
  const series: Series[] = models.map((model, index) => {
    const points = (model.det as Array<{threshold: number; fmr: number; fnmr: number}>).map((point) => ({
      x: point.fmr,
      y: point.fnmr,
      label: point.threshold.toFixed(2),
    }));
    const atDefault = (model.det as Array<{threshold: number; fmr: number; fnmr: number}>).find(
      (point) => Math.abs(point.threshold - defaultThreshold) < 1e-9,
    );
    return {
      name: String(model.model_version),
      points,
      // Mark the default threshold on the current model only; two labels would collide.
      marker:
        atDefault && index === 0
          ? {x: atDefault.fmr, y: atDefault.fnmr, label: `default ${defaultThreshold.toFixed(2)}`}
          : undefined,
    };
  });
  const [current] = models;
  const currentDefault = (
    current?.det as Array<{threshold: number; fmr: number; fnmr: number}> | undefined
  )?.find((point) => Math.abs(point.threshold - defaultThreshold) < 1e-9);
  const title = `DET curve, ${evaluation === 'face-match' ? 'selfie to selfie (1:1)' : 'selfie to document portrait'}`;
  const description = `False non-match rate against false match rate, both on log scales, for ${models
    .map((model) => String(model.model_version))
    .join(' and ')}. Lower left is better. At the default threshold ${defaultThreshold.toFixed(2)}, ${String(
    current?.model_version,
  )} has FMR ${percent(currentDefault?.fmr ?? Number.NaN)} and FNMR ${percent(currentDefault?.fnmr ?? Number.NaN)}.`;
  const thresholds = (current?.det as Array<{threshold: number}>).map((point) => point.threshold);
  const header = [
    'Threshold',
    ...models.flatMap((model) => [
      `FMR ${String(model.model_version)}`,
      `FNMR ${String(model.model_version)}`,
    ]),
  ];
  const rows = thresholds.map((threshold) => [
    threshold.toFixed(2),
    ...models.flatMap((model) => {
      const point = (model.det as Array<{threshold: number; fmr: number; fnmr: number}>).find(
        (item) => Math.abs(item.threshold - threshold) < 1e-9,
      );
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

function fnirGallery(siteDir: string): ChartOutput {
  const where = 'data/metrics/face-search.yaml';
  const galleries = pick(loadData(siteDir, 'metrics/face-search.yaml'), 'galleries', where) as Json[];
  const fpirs = [
    ...new Set(
      galleries.flatMap((gallery) => (gallery.fnir_at_fpir as Json[]).map((item) => item.fpir as number)),
    ),
  ];
  const series: Series[] = fpirs.map((fpir) => ({
    name: `FNIR at FPIR ${percent(fpir)}`,
    points: galleries.map((gallery) => ({
      x: gallery.gallery_size as number,
      y: rateOf((gallery.fnir_at_fpir as Json[]).find((item) => item.fpir === fpir)?.fnir),
    })),
  }));
  const title = 'Face search: missed identifications versus collection size';
  const description = `False negative identification rate (FNIR) at fixed false positive identification rates, for collections of ${galleries
    .map((gallery) => (gallery.gallery_size as number).toLocaleString('en-US'))
    .join(', ')} faces. FNIR grows slowly with collection size.`;
  const header = [
    'Collection size',
    ...fpirs.map((fpir) => `FNIR at FPIR ${percent(fpir)} (95% CI)`),
    'Rank-1 rate',
    'Rank-5 rate',
  ];
  const rows = galleries.map((gallery) => [
    (gallery.gallery_size as number).toLocaleString('en-US'),
    ...fpirs.map((fpir) => {
      const estimate = (gallery.fnir_at_fpir as Json[]).find((item) => item.fpir === fpir)?.fnir as Estimate;
      return `${figureText(estimate)} (${ci(estimate, percent)})`;
    }),
    // A rank rate resting on few misses shows as "k of n" found, with its exact interval.
    ...['rank_1', 'rank_5'].map((rank) => {
      const figure = pick(gallery, `rank_identification_rate.${rank}`, where) as Estimate;
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

const metricNames: Record<string, string> = {
  fmr: 'False match rate (FMR)',
  fnmr: 'False non-match rate (FNMR)',
  fnir: 'False negative identification rate (FNIR)',
  fpir: 'False positive identification rate (FPIR)',
  bpcer: 'Genuine users rejected (BPCER)',
  mae: 'Mean absolute error (years)',
};

function groups(siteDir: string, evaluation: string, metric: string, mode: string | undefined): ChartOutput {
  const where = `data/metrics/${evaluation}.yaml`;
  const data = loadData(siteDir, `metrics/${evaluation}.yaml`);
  let results: Json[];
  let context: string;
  switch (evaluation) {
    case 'face-match':
    case 'face-to-document': {
      const [model] = currentModels(data, where);
      results = pick(model, 'groups.results', where) as Json[];
      context = `${String(model?.model_version)} at threshold ${(pick(model, 'groups.threshold', where) as number).toFixed(2)}`;
      break;
    }
    case 'face-search':
      results = pick(data, 'groups.results', where) as Json[];
      context = `a ${(pick(data, 'groups.gallery_size', where) as number).toLocaleString('en-US')}-face collection at threshold ${(
        pick(data, 'groups.threshold', where) as number
      ).toFixed(2)}`;
      break;
    case 'liveness':
      if (!mode) throw new DataError(`${where}: a liveness chart needs mode="…"`);
      results = pick(data, `modes[mode=${mode}].groups`, where) as Json[];
      context = `${mode} liveness at threshold ${(pick(data, 'default_threshold', where) as number).toFixed(2)}`;
      break;
    case 'age':
      results = pick(data, 'groups', where) as Json[];
      context = String(pick(data, 'model_version', where));
      break;
    default:
      throw new DataError(`::chart{kind="groups"}: unknown evaluation "${evaluation}"`);
  }
  const format = metric === 'mae' ? years : percent;
  const bars: Bar[] = results.map((result) => {
    const estimate = result[metric] as Estimate | undefined;
    if (!estimate) throw new DataError(`${where}: a group result has no "${metric}"`);
    return estimateBar(
      String(result.group),
      estimate,
      dimensionNames[String(result.dimension)] ?? String(result.dimension),
    );
  });
  const metricName = metricNames[metric] ?? metric;
  const worst = bars.reduce((a, b) => (b.value > a.value ? b : a));
  const best = bars.reduce((a, b) => (b.value < a.value ? b : a));
  const title = `${metricName} by demographic group`;
  const dimensions = [
    ...new Set(
      results.map((result) =>
        (dimensionNames[String(result.dimension)] ?? String(result.dimension)).toLowerCase(),
      ),
    ),
  ];
  const description = `${metricName} for each group by ${dimensions.join(', ')}, with 95% confidence intervals, for ${context}. Highest: ${
    worst.label
  } at ${format(worst.value)}; lowest: ${best.label} at ${format(best.value)}.`;
  // The sample behind each rate: impostor pairs for FMR, genuine pairs for FNMR, and so on.
  const sampleKeys: Record<string, string> = {
    fmr: 'impostor_pairs',
    fnmr: 'genuine_pairs',
    fnir: 'mated_searches',
    fpir: 'non_mated_searches',
    bpcer: 'presentations',
    mae: 'subjects',
  };
  const sizeKey = [sampleKeys[metric]].find(
    (key): key is string => key !== undefined && key in (results[0] ?? {}),
  );
  const header = [
    'Dimension',
    'Group',
    metricName,
    '95% CI',
    ...(sizeKey ? [sizeKey.replace(/_/g, ' ')] : []),
  ];
  const rows = results.map((result) => {
    const estimate = result[metric] as Estimate;
    return [
      dimensionNames[String(result.dimension)] ?? String(result.dimension),
      String(result.group),
      format(estimate.value),
      ci(estimate, format),
      ...(sizeKey ? [(result[sizeKey] as number).toLocaleString('en-US')] : []),
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
  return {chart, title, description, header, rows};
}

function apcer(siteDir: string, mode: string): ChartOutput {
  const where = 'data/metrics/liveness.yaml';
  const data = loadData(siteDir, 'metrics/liveness.yaml');
  const species = pick(data, `modes[mode=${mode}].results.attack_species`, where) as Json[];
  const bpcer = pick(data, `modes[mode=${mode}].results.bpcer`, where) as Estimate;
  // Each species' APCER is k accepted of n presentations; below 20 accepted the count is shown, not a rate.
  const counted = species.map((item) => ({
    item,
    count: {
      events: item.accepted as number,
      of: item.presentations as number,
      ...((item.accepted as number) >= 20 ? {value: (item.apcer as Estimate).value} : {}),
      ci95: (item.apcer as Estimate).ci95,
    },
  }));
  const bars = counted.map(({item}) => estimateBar(String(item.name), item.apcer as Estimate));
  const worst = counted.reduce((a, b) =>
    (b.item.apcer as Estimate).value > (a.item.apcer as Estimate).value ? b : a,
  );
  const title = `Attacks accepted per attack species, ${mode} liveness`;
  const description = `Attack presentations accepted (APCER) for each attack species, with exact 95% confidence intervals, at the default threshold. Most accepted: ${String(
    worst.item.name,
  )}, ${countText(worst.count)}. BPCER (genuine users rejected) at the same threshold: ${figureText(bpcer)}.`;
  const header = ['Attack species', 'Attacks accepted', '95% CI'];
  const rows = counted.map(({item, count}) => [
    String(item.name),
    countText(count),
    ci(item.apcer as Estimate, percent),
  ]);
  const chart = barChart({
    id: `chart-apcer-${mode}`,
    title,
    description,
    yLabel: 'APCER',
    yFormat: percent,
    bars,
  });
  return {chart, title, description, header, rows};
}

function maeAge(siteDir: string): ChartOutput {
  const where = 'data/metrics/age.yaml';
  const data = loadData(siteDir, 'metrics/age.yaml');
  const bands = pick(data, 'mae_by_age_band', where) as Json[];
  const overall = pick(data, 'mae_overall', where) as Estimate;
  const bars = bands.map((band) => estimateBar(String(band.age_band), band.mae as Estimate));
  const title = 'Age estimation error by true age band';
  const description = `Mean absolute error in years for each true age band, with 95% confidence intervals; overall MAE ${years(
    overall.value,
  )}. Error is lowest for teenagers and young adults and grows with age.`;
  const header = ['True age band', 'Subjects', 'MAE', '95% CI', 'Mean signed error'];
  const rows = bands.map((band) => {
    const estimate = band.mae as Estimate;
    return [
      String(band.age_band),
      (band.subjects as number).toLocaleString('en-US'),
      years(estimate.value),
      ci(estimate, years),
      years(band.mean_error as number),
    ];
  });
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

export function renderChart(
  siteDir: string,
  attributes: Record<string, string>,
  mode: RenderMode,
): RootContent[] {
  let output: ChartOutput;
  switch (attributes.kind) {
    case 'det':
      output = det(siteDir, attributes.evaluation ?? 'face-match');
      break;
    case 'fnir-gallery':
      output = fnirGallery(siteDir);
      break;
    case 'groups':
      output = groups(siteDir, attributes.evaluation ?? '', attributes.metric ?? '', attributes.mode);
      break;
    case 'apcer':
      output = apcer(siteDir, attributes.mode ?? '');
      break;
    case 'mae-age':
      output = maeAge(siteDir);
      break;
    default:
      throw new DataError(
        `::chart: unknown kind "${attributes.kind ?? ''}" (det, fnir-gallery, groups, apcer, mae-age)`,
      );
  }
  const dataTable = table(output.header, output.rows);
  if (mode === 'markdown') {
    return [
      paragraph(strong(text(output.title))),
      paragraph(...inlineMarkdown(output.description)),
      dataTable,
    ];
  }
  const figure = {
    type: 'vultusChart',
    data: {hName: 'figure', hProperties: output.chart.properties, hChildren: output.chart.children},
  } as unknown as RootContent;
  return [figure, dataTable];
}
