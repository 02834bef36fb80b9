/**
 * Chart series colours (src/css/charts.css): every series a chart can draw has a colour with at
 * least 3:1 contrast against the page in both colour modes (WCAG 1.4.11), and every series class
 * the site's charts emit has a colour rule. A series without one draws in the default black,
 * 1.2:1 on the dark page. The stylesheets are read with PostCSS and the contrast computed here.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import type {ElementContent} from 'hast';
import type {Root} from 'mdast';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import {visit} from 'unist-util-visit';
import {VFile} from 'vfile';
import remarkVultusContract from '../../plugins/vultus-contract/remark';
import {barChart, lineChart, seriesPaletteSize} from '../../plugins/vultus-contract/metrics/svg';
import {docsDir, siteDir, withDocs} from './helpers/pages';

type Mode = 'light' | 'dark';
const modes: Mode[] = ['light', 'dark'];
const chartsCss = 'src/css/charts.css';
const seriesClass = /^vultus-chart__series-(\d+)$/;
/** WCAG 1.4.11, non-text contrast. */
const minimumContrast = 3;
/** What the browser paints under a transparent page background in light mode. */
const canvas = '#ffffff';

// The stylesheets in the order the site loads them: Infima, then the theme's custom CSS
// (docusaurus.config.ts, `customCss`).
const stylesheets = ['node_modules/infima/dist/css/default/default.css', 'src/css/custom.css', chartsCss].map(
  (file) => ({file, root: postcss.parse(readFileSync(path.join(siteDir, file), 'utf8'), {from: file})}),
);

/**
 * The selectors that set the page's custom properties on the root element, with the modes they
 * apply in and their specificity. Infima's dark values sit under `html[data-theme='dark']`, which
 * outranks a plain `[data-theme='dark']` in custom.css whatever the order, so the cascade is
 * worked out here rather than assumed.
 */
const rootSelectors: Record<string, {modes: Mode[]; specificity: number}> = {
  html: {modes: ['light', 'dark'], specificity: 1},
  ':root': {modes: ['light', 'dark'], specificity: 100},
  "[data-theme='light']": {modes: ['light'], specificity: 100},
  "[data-theme='dark']": {modes: ['dark'], specificity: 100},
  "html[data-theme='light']": {modes: ['light'], specificity: 101},
  "html[data-theme='dark']": {modes: ['dark'], specificity: 101},
};

const normalSelector = (selector: string): string => selector.replace(/"/g, "'").replace(/\s+/g, ' ').trim();

/** The mode a selector scopes a rule to: `[data-theme='dark']` → dark; undefined for others. */
function modeOf(selector: string): Mode | undefined {
  const scope = rootSelectors[normalSelector(selector)];
  return scope?.modes.length === 1 ? scope.modes[0] : undefined;
}

/** The custom properties on the root element in each mode, as the cascade picks them (unresolved). */
const variables: Record<Mode, Map<string, string>> = {light: new Map(), dark: new Map()};
for (const mode of modes) {
  const winners = new Map<string, {rank: number; value: string}>();
  for (const {root} of stylesheets) {
    root.walkRules((rule) => {
      if (rule.parent?.type !== 'root') return; // inside @media and the like: not the defaults
      const ranks = rule.selectors
        .map((selector) => rootSelectors[normalSelector(selector)])
        .filter((scope) => scope?.modes.includes(mode))
        .map((scope) => scope?.specificity ?? 0);
      if (ranks.length === 0) return;
      rule.walkDecls(/^--/, (decl) => {
        const rank = Math.max(...ranks) + (decl.important ? 1e6 : 0);
        // Equal rank: the later declaration wins.
        if ((winners.get(decl.prop)?.rank ?? -1) <= rank) winners.set(decl.prop, {rank, value: decl.value});
      });
    });
  }
  for (const [name, {value}] of winners) variables[mode].set(name, value.trim());
}

/** A declared value with every `var(--x[, fallback])` replaced, in the given mode. */
function resolve(value: string, mode: Mode, seen: string[] = []): string {
  return value.replace(/var\(\s*(--[\w-]+)\s*(?:,\s*([^()]*))?\)/g, (_, name: string, fallback?: string) => {
    if (seen.includes(name)) throw new Error(`${name}: circular var()`);
    const declared = variables[mode].get(name) ?? fallback;
    if (declared === undefined) throw new Error(`${name} is not declared in ${mode} mode`);
    return resolve(declared, mode, [...seen, name]);
  });
}

type Rgb = [number, number, number];

/** sRGB channels 0-255 of `#rgb`, `#rrggbb` or an opaque `rgb()`/`rgba()`; undefined for others. */
function rgb(colour: string): Rgb | undefined {
  const value = colour.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return [0, 2, 4].map((offset) => parseInt(full.slice(offset, offset + 2), 16)) as Rgb;
  }
  const functional = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)\s*(?:[,/]\s*(?:1|1\.0+|100%))?\s*\)$/.exec(
    value,
  );
  if (functional) return functional.slice(1, 4).map(Number) as Rgb;
  return undefined;
}

function luminance([red, green, blue]: Rgb): number {
  const linear = (channel: number): number => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** The WCAG contrast ratio of two colours. */
function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function background(mode: Mode): {value: string; channels: Rgb} {
  let value = resolve('var(--ifm-background-color)', mode);
  if (value === 'transparent') value = canvas;
  const channels = rgb(value);
  if (!channels) throw new Error(`--ifm-background-color in ${mode} mode is ${value}, not an opaque colour`);
  return {value, channels};
}

/**
 * The `stroke` and `fill` that charts.css gives `.vultus-chart__series-N` in each mode:
 * `{3: {light: {stroke, fill}, dark: {…}}}`, from rules whose selector is the series class alone
 * or the series class under a mode selector.
 */
function seriesRules(): Map<number, Record<Mode, Record<string, string>>> {
  const rules = new Map<number, Record<Mode, Record<string, string>>>();
  const charts = stylesheets.find((sheet) => sheet.file === chartsCss);
  // Plain series rules first, then the ones scoped to a mode, which outrank them.
  for (const scoped of [false, true]) {
    charts?.root.walkRules((rule) => {
      for (const selector of rule.selectors) {
        const match = /^(?:(.+?)\s+)?\.vultus-chart__series-(\d+)$/.exec(selector.trim());
        if (!match || (match[1] !== undefined) !== scoped) continue;
        const scope = match[1] === undefined ? undefined : modeOf(match[1]);
        if (scoped && scope === undefined) continue;
        const index = Number(match[2]);
        const entry = rules.get(index) ?? {light: {}, dark: {}};
        rule.walkDecls(/^(stroke|fill)$/, (decl) => {
          for (const mode of scope ? [scope] : modes) entry[mode][decl.prop] = decl.value;
        });
        rules.set(index, entry);
      }
    });
  }
  return rules;
}

const black: Rgb = [0, 0, 0];

test('every series a chart can draw has a colour at 3:1 or more against the page, in both modes', () => {
  const rules = seriesRules();
  const problems: string[] = [];
  for (let index = 0; index < seriesPaletteSize; index += 1) {
    const name = `vultus-chart__series-${index}`;
    for (const mode of modes) {
      const page = background(mode);
      for (const property of ['fill', 'stroke']) {
        const declared = rules.get(index)?.[mode][property];
        if (declared === undefined) {
          problems.push(
            `${name}, ${mode} mode: no ${property} in ${chartsCss}; it draws in the default black, ` +
              `${contrast(black, page.channels).toFixed(2)}:1 against ${page.value}`,
          );
          continue;
        }
        const value = resolve(declared, mode);
        const channels = rgb(value);
        if (!channels) {
          problems.push(`${name}, ${mode} mode: ${property} ${declared} is ${value}, not an opaque colour`);
          continue;
        }
        const ratio = contrast(channels, page.channels);
        if (ratio < minimumContrast) {
          problems.push(
            `${name}, ${mode} mode: ${property} ${value} is ${ratio.toFixed(2)}:1 against ${page.value}, ` +
              `below ${minimumContrast}:1`,
          );
        }
      }
    }
  }
  assert.deepEqual(
    problems,
    [],
    `seriesPaletteSize is ${seriesPaletteSize} (plugins/vultus-contract/svg.ts)`,
  );
});

/** Every docs Markdown file, partials included, rendered as the site renders it. */
async function renderedCharts(): Promise<Array<{where: string; classes: Set<string>}>> {
  const {readdir} = await import('node:fs/promises');
  const entries = await readdir(docsDir, {withFileTypes: true, recursive: true});
  const files = entries
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const charts: Array<{where: string; classes: Set<string>}> = [];
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    if (!source.includes('::chart')) continue;
    const processor = unified()
      .use(remarkParse)
      .use(remarkFrontmatter, ['yaml'])
      .use(remarkGfm)
      .use(remarkDirective)
      .use(remarkVultusContract, {sources: await withDocs(), mode: 'site'});
    const vfile = new VFile({path: file, value: source});
    const tree = (await processor.run(processor.parse(vfile), vfile)) as Root;
    visit(tree, (node) => {
      const data = (node as {data?: {hName?: string; hProperties?: {id?: unknown}; hChildren?: unknown}})
        .data;
      if (data?.hName !== 'figure' || !Array.isArray(data.hChildren)) return;
      const classes = new Set<string>();
      const walk = (children: ElementContent[]): void => {
        for (const child of children) {
          if (child.type !== 'element') continue;
          const className = child.properties.className;
          for (const name of Array.isArray(className) ? className : [className]) {
            if (typeof name === 'string' && seriesClass.test(name)) classes.add(name);
          }
          walk(child.children);
        }
      };
      walk(data.hChildren as ElementContent[]);
      const where = `${path.relative(siteDir, file)} #${String(data.hProperties?.id ?? '?')}`;
      charts.push({where, classes});
    });
  }
  return charts;
}

test('every series class the site’s charts emit has a colour rule in charts.css', async () => {
  const rules = seriesRules();
  const charts = await renderedCharts();
  assert.ok(charts.length >= 20, `the metrics pages draw charts (found ${charts.length})`);
  const problems: string[] = [];
  let most = 0;
  for (const {where, classes} of charts) {
    most = Math.max(most, classes.size);
    for (const name of classes) {
      const index = Number(seriesClass.exec(name)?.[1]);
      for (const mode of modes) {
        const rule = rules.get(index)?.[mode];
        if (!rule?.fill || !rule.stroke) problems.push(`${where}: ${name} has no colour in ${mode} mode`);
      }
      if (index >= seriesPaletteSize) problems.push(`${where}: ${name} is beyond seriesPaletteSize`);
    }
  }
  assert.deepEqual(problems, []);
  // The face-to-document groups charts draw four groups (document photo age is the fourth).
  assert.ok(most >= 4, `the most series in one chart is ${most}, expected the four of face-to-document`);
});

test('a chart with more series than colours fails the build, naming the chart', () => {
  const names = Array.from({length: seriesPaletteSize + 1}, (_, index) => `series ${index}`);
  const common = {title: 'Too many', description: 'A test chart.', yLabel: 'y', yFormat: String};
  assert.throws(
    () =>
      lineChart({
        ...common,
        id: 'chart-too-many-lines',
        xLabel: 'x',
        xFormat: String,
        series: names.map((name, index) => ({name, points: [{x: index + 1, y: index + 1}]})),
      }),
    /chart "chart-too-many-lines" \(Too many\) has 7 series .*charts\.css colours only 6/,
  );
  assert.throws(
    () =>
      barChart({
        ...common,
        id: 'chart-too-many-groups',
        bars: names.map((name, index) => ({label: `bar ${index}`, group: name, value: index + 1})),
      }),
    /chart "chart-too-many-groups" \(Too many\) has 7 series/,
  );
  // As many as the palette holds is fine.
  lineChart({
    ...common,
    id: 'chart-full-palette',
    xLabel: 'x',
    xFormat: String,
    series: names.slice(1).map((name, index) => ({name, points: [{x: index + 1, y: index + 1}]})),
  });
});
