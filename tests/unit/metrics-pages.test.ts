/**
 * The metrics pages take every figure from data/metrics: their tables and charts are
 * directives, never typed numbers; each chart renders to SVG with a text alternative and
 * its numbers in a table; every metrics page has the sections of the metrics anatomy.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Table} from 'mdast';
import {visit} from 'unist-util-visit';
import {toString} from 'mdast-util-to-string';
import {renderChart} from '../../plugins/vultus-contract/metrics/charts';
import {renderedDocs, siteDir, sources} from './helpers/pages';

const metricsRoute = /^\/metrics\//;

test('no metrics page types a figure into a table: figures come from the data files', async () => {
  const pages = (await renderedDocs()).filter((page) => metricsRoute.test(page.route));
  assert.equal(pages.length, 7, 'seven metrics pages');
  const problems: string[] = [];
  for (const page of pages) {
    page.source.split('\n').forEach((line, index) => {
      if (/^\s*\|/.test(line) && /\d(?:\.\d+)?\s*%|\b0\.\d{2,}\b|\b\d+\.\d+e-\d+\b/i.test(line)) {
        problems.push(`docs/${page.file}:${index + 1}: ${line.trim().slice(0, 80)}`);
      }
    });
  }
  assert.deepEqual(problems, []);
});

test('every metrics page has a chart or a data table, and a limitations section', async () => {
  const pages = (await renderedDocs()).filter((page) => metricsRoute.test(page.route));
  const problems: string[] = [];
  for (const page of pages) {
    if (!/^::(chart|thresholds|data-table|latency)\{/m.test(page.source))
      problems.push(`${page.route}: no chart or data table`);
    if (!/^## .*limitations/im.test(page.source)) problems.push(`${page.route}: no limitations section`);
  }
  assert.deepEqual(problems, []);
});

test('each chart kind renders an SVG with a title and a description, and a table of the same numbers', () => {
  const kinds: Array<Record<string, string>> = [
    {kind: 'det', evaluation: 'face-match'},
    {kind: 'det', evaluation: 'face-to-document'},
    {kind: 'fnir-gallery'},
    {kind: 'groups', evaluation: 'face-match', metric: 'fnmr'},
    {kind: 'groups', evaluation: 'liveness', mode: 'deepfake', metric: 'bpcer'},
    {kind: 'groups', evaluation: 'age', metric: 'mae'},
    {kind: 'apcer', mode: 'interactive'},
    {kind: 'mae-age'},
  ];
  for (const attributes of kinds) {
    const [figure, tableNode] = renderChart(sources, attributes, 'site') as [
      {data: {hName: string; hChildren: Array<{tagName?: string; children?: Array<{tagName?: string}>}>}},
      Table,
    ];
    assert.equal(figure.data.hName, 'figure');
    const svg = figure.data.hChildren.find((child) => child.tagName === 'svg');
    assert.ok(svg, `${attributes.kind}: an svg`);
    const tags = (svg.children ?? []).map((child) => child.tagName);
    assert.ok(tags.includes('title') && tags.includes('desc'), `${attributes.kind}: title and desc`);
    assert.equal(tableNode.type, 'table');
    assert.ok(tableNode.children.length > 2, `${attributes.kind}: a table with rows`);
  }
});

test('the DET table shows the data file’s rates', async () => {
  const {parse} = await import('yaml');
  const {readFileSync} = await import('node:fs');
  const data = parse(readFileSync(`${siteDir}/data/metrics/face-match.yaml`, 'utf8')) as {
    models: Array<{det: Array<{threshold: number; fmr: number; fnmr: number}>}>;
  };
  const [, tableNode] = renderChart(sources, {kind: 'det', evaluation: 'face-match'}, 'site') as [
    unknown,
    Table,
  ];
  const cells: string[][] = [];
  visit(tableNode, 'tableRow', (row) => {
    cells.push(row.children.map((cell) => toString(cell)));
  });
  const point = data.models[0]?.det.find((item) => item.threshold === 0.8);
  assert.ok(point);
  const row = cells.find((cellRow) => cellRow[0] === '0.80');
  assert.ok(row, 'a row for the default threshold');
  assert.equal(Number.parseFloat(row[1] ?? '') / 100, point.fmr);
  assert.equal(Number.parseFloat(row[2] ?? '') / 100, point.fnmr);
});
