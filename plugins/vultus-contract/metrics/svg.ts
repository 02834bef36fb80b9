/**
 * Build-time SVG charts as HTML syntax trees (hast): line charts with linear or log axes
 * and bar charts with error bars. Scales, ticks and paths come from d3-scale and d3-shape;
 * colours come from CSS variables (src/css/charts.css), so a chart follows the colour mode
 * and ships no JavaScript. Every chart carries a <title> and <desc> as its text alternative.
 */
import {scaleBand, scaleLinear, scaleLog, type ScaleContinuousNumeric} from 'd3-scale';
import {line} from 'd3-shape';
import type {Element, ElementContent, Properties} from 'hast';

export type Point = {x: number; y: number; label?: string};
export type Series = {name: string; points: Point[]; marker?: Point};

export type LineChart = {
  id: string;
  title: string;
  description: string;
  xLabel: string;
  yLabel: string;
  xLog?: boolean;
  yLog?: boolean;
  xFormat: (value: number) => string;
  yFormat: (value: number) => string;
  series: Series[];
};

export type Bar = {label: string; group?: string; value: number; low?: number; high?: number};

export type BarChart = {
  id: string;
  title: string;
  description: string;
  yLabel: string;
  yFormat: (value: number) => string;
  bars: Bar[];
  /** A reference line, e.g. the overall rate. */
  reference?: {value: number; label: string};
};

/**
 * How many series (lines, or bar groups) a chart may draw: src/css/charts.css colours
 * `vultus-chart__series-0` to `vultus-chart__series-5`, each at 3:1 or more against the page in
 * both colour modes (tests/unit/chart-colours.test.ts). The most any chart draws today is four, the
 * dimensions of a face-to-document groups chart (age band, sex, skin tone, document photo age; the
 * data schemas allow no more), but a DET chart draws one line per model version, which nothing
 * bounds. A chart with more series than colours fails the build, naming the chart, instead of
 * drawing the rest in the default black.
 */
export const seriesPaletteSize = 6;

function checkSeriesCount(chart: {id: string; title: string}, names: string[]): void {
  if (names.length <= seriesPaletteSize) return;
  throw new Error(
    `chart "${chart.id}" (${chart.title}) has ${names.length} series (${names.join(', ')}), but ` +
      `src/css/charts.css colours only ${seriesPaletteSize} (vultus-chart__series-0 to ` +
      `vultus-chart__series-${seriesPaletteSize - 1}): split the chart, or add a colour for both ` +
      `modes to charts.css and raise seriesPaletteSize in plugins/vultus-contract/svg.ts`,
  );
}

const width = 480;
const height = 320;
const margin = {top: 16, right: 28, bottom: 68, left: 80};

/** Attributes as written here; hast's Properties type lists HTML attributes only. */
type Attributes = Record<string, string | number | string[]>;

function el(tagName: string, properties: Attributes, children: ElementContent[] = []): Element {
  return {type: 'element', tagName, properties: properties as Properties, children};
}

const txt = (value: string): ElementContent => ({type: 'text', value});

/** A horizontal line across the plot area: grid lines, the x axis, a reference value. */
const hline = (y: number, className: string): Element =>
  el('line', {x1: margin.left, x2: width - margin.right, y1: y, y2: y, className: [className]});

function svgRoot(
  chart: {id: string; title: string; description: string},
  children: ElementContent[],
): Element {
  return el(
    'svg',
    {
      viewBox: `0 0 ${width} ${height}`,
      role: 'img',
      ariaLabelledBy: [`${chart.id}-title`, `${chart.id}-desc`],
      className: ['vultus-chart__svg'],
      xmlns: 'http://www.w3.org/2000/svg',
    },
    [
      el('title', {id: `${chart.id}-title`}, [txt(chart.title)]),
      el('desc', {id: `${chart.id}-desc`}, [txt(chart.description)]),
      ...children,
    ],
  );
}

/** Tick values: powers of ten for log scales, d3's nice ticks for linear ones. */
function ticksOf(scale: ScaleContinuousNumeric<number, number>, log: boolean): number[] {
  if (!log) return scale.ticks(5);
  const [low, high] = scale.domain() as [number, number];
  const ticks: number[] = [];
  for (let exponent = Math.ceil(Math.log10(low)); exponent <= Math.floor(Math.log10(high)); exponent += 1) {
    ticks.push(10 ** exponent);
  }
  return ticks;
}

function axes(
  x: ScaleContinuousNumeric<number, number>,
  y: ScaleContinuousNumeric<number, number>,
  chart: Pick<LineChart, 'xLabel' | 'yLabel' | 'xLog' | 'yLog' | 'xFormat' | 'yFormat'>,
): ElementContent[] {
  const [x0, x1] = x.range() as [number, number];
  const [y0, y1] = y.range() as [number, number];
  const out: ElementContent[] = [];
  for (const tick of ticksOf(y, Boolean(chart.yLog))) {
    const position = y(tick);
    out.push(
      hline(position, 'vultus-chart__grid'),
      el(
        'text',
        {x: x0 - 6, y: position, dy: '0.32em', textAnchor: 'end', className: ['vultus-chart__tick']},
        [txt(chart.yFormat(tick))],
      ),
    );
  }
  for (const tick of ticksOf(x, Boolean(chart.xLog))) {
    const position = x(tick);
    out.push(
      el('line', {x1: position, x2: position, y1: y0, y2: y1, className: ['vultus-chart__grid']}),
      el('text', {x: position, y: y0 + 18, textAnchor: 'middle', className: ['vultus-chart__tick']}, [
        txt(chart.xFormat(tick)),
      ]),
    );
  }
  out.push(
    hline(y0, 'vultus-chart__axis'),
    el('line', {x1: x0, x2: x0, y1: y0, y2: y1, className: ['vultus-chart__axis']}),
    el('text', {x: (x0 + x1) / 2, y: height - 30, textAnchor: 'middle', className: ['vultus-chart__label']}, [
      txt(chart.xLabel),
    ]),
    el(
      'text',
      {
        transform: `translate(16 ${(y0 + y1) / 2}) rotate(-90)`,
        textAnchor: 'middle',
        className: ['vultus-chart__label'],
      },
      [txt(chart.yLabel)],
    ),
  );
  return out;
}

function legend(names: string[], y: number): ElementContent[] {
  const out: ElementContent[] = [];
  let x = margin.left;
  names.forEach((name, index) => {
    out.push(
      el('rect', {
        x,
        y: y - 9,
        width: 14,
        height: 4,
        className: [`vultus-chart__swatch`, `vultus-chart__series-${index}`],
      }),
      el('text', {x: x + 20, y: y - 4, dy: '0.32em', className: ['vultus-chart__legend']}, [txt(name)]),
    );
    x += 30 + name.length * 8.5;
  });
  return out;
}

function extent(values: number[], log: boolean): [number, number] {
  const min = Math.min(...values);
  const max = Math.max(...values);
  if (log) return [10 ** Math.floor(Math.log10(min)), 10 ** Math.ceil(Math.log10(max))];
  return [Math.min(0, min), max];
}

export function lineChart(chart: LineChart): Element {
  checkSeriesCount(
    chart,
    chart.series.map((series) => series.name),
  );
  const xs = chart.series.flatMap((series) => series.points.map((point) => point.x));
  const ys = chart.series.flatMap((series) => series.points.map((point) => point.y));
  const x = (chart.xLog ? scaleLog() : scaleLinear())
    .domain(extent(xs, Boolean(chart.xLog)))
    .range([margin.left, width - margin.right]);
  const y = (chart.yLog ? scaleLog() : scaleLinear())
    .domain(extent(ys, Boolean(chart.yLog)))
    .range([height - margin.bottom, margin.top]);
  if (!chart.xLog) x.nice();
  if (!chart.yLog) y.nice();
  const path = line<Point>()
    .x((point) => x(point.x))
    .y((point) => y(point.y));
  const children: ElementContent[] = [...axes(x, y, chart)];
  chart.series.forEach((series, index) => {
    children.push(
      el('path', {
        d: path(series.points) ?? '',
        className: ['vultus-chart__line', `vultus-chart__series-${index}`],
      }),
    );
    for (const point of series.points) {
      children.push(
        el('circle', {
          cx: x(point.x),
          cy: y(point.y),
          r: 2.5,
          className: ['vultus-chart__dot', `vultus-chart__series-${index}`],
        }),
      );
    }
    if (series.marker) {
      const {marker} = series;
      children.push(
        el('circle', {
          cx: x(marker.x),
          cy: y(marker.y),
          r: 5,
          className: ['vultus-chart__marker', `vultus-chart__series-${index}`],
        }),
        el('text', {x: x(marker.x) + 8, y: y(marker.y) - 8, className: ['vultus-chart__annotation']}, [
          txt(marker.label ?? ''),
        ]),
      );
    }
  });
  children.push(
    ...legend(
      chart.series.map((series) => series.name),
      height - 8,
    ),
  );
  return figure(chart, svgRoot(chart, children));
}

export function barChart(chart: BarChart): Element {
  const highs = chart.bars.map((bar) => bar.high ?? bar.value);
  const x = scaleBand()
    .domain(chart.bars.map((bar) => bar.label))
    .range([margin.left, width - margin.right])
    .padding(0.3);
  const y = scaleLinear()
    .domain([0, Math.max(...highs, chart.reference?.value ?? 0) * 1.1])
    .range([height - margin.bottom, margin.top])
    .nice();
  const children: ElementContent[] = [];
  const [y0] = y.range() as [number, number];
  for (const tick of y.ticks(5)) {
    const position = y(tick);
    children.push(
      hline(position, 'vultus-chart__grid'),
      el(
        'text',
        {x: margin.left - 6, y: position, dy: '0.32em', textAnchor: 'end', className: ['vultus-chart__tick']},
        [txt(chart.yFormat(tick))],
      ),
    );
  }
  const groups = [...new Set(chart.bars.map((bar) => bar.group ?? ''))];
  checkSeriesCount(chart, groups);
  for (const bar of chart.bars) {
    const left = x(bar.label) ?? 0;
    const barWidth = x.bandwidth();
    const series = groups.indexOf(bar.group ?? '');
    children.push(
      el('rect', {
        x: left,
        y: y(bar.value),
        width: barWidth,
        height: y0 - y(bar.value),
        className: ['vultus-chart__bar', `vultus-chart__series-${series}`],
      }),
    );
    if (bar.low !== undefined && bar.high !== undefined) {
      const middle = left + barWidth / 2;
      children.push(
        el('line', {
          x1: middle,
          x2: middle,
          y1: y(bar.low),
          y2: y(bar.high),
          className: ['vultus-chart__error'],
        }),
        el('line', {
          x1: middle - 5,
          x2: middle + 5,
          y1: y(bar.low),
          y2: y(bar.low),
          className: ['vultus-chart__error'],
        }),
        el('line', {
          x1: middle - 5,
          x2: middle + 5,
          y1: y(bar.high),
          y2: y(bar.high),
          className: ['vultus-chart__error'],
        }),
      );
    }
    children.push(
      el(
        'text',
        {
          transform: `translate(${left + barWidth / 2} ${y0 + 12}) rotate(-35)`,
          textAnchor: 'end',
          className: ['vultus-chart__tick'],
        },
        [txt(bar.label)],
      ),
    );
  }
  if (chart.reference) {
    const position = y(chart.reference.value);
    children.push(
      hline(position, 'vultus-chart__reference'),
      el(
        'text',
        {
          x: width - margin.right,
          y: position - 6,
          textAnchor: 'end',
          className: ['vultus-chart__annotation'],
        },
        [txt(chart.reference.label)],
      ),
    );
  }
  children.push(
    hline(y0, 'vultus-chart__axis'),
    el(
      'text',
      {
        transform: `translate(16 ${(y0 + margin.top) / 2}) rotate(-90)`,
        textAnchor: 'middle',
        className: ['vultus-chart__label'],
      },
      [txt(chart.yLabel)],
    ),
  );
  if (groups.length > 1) children.push(...legend(groups, height - 4));
  return figure(chart, svgRoot(chart, children));
}

function figure(chart: {id: string; title: string}, svg: Element): Element {
  return el('figure', {className: ['vultus-chart'], id: chart.id}, [
    svg,
    el('figcaption', {}, [txt(chart.title)]),
  ]);
}
