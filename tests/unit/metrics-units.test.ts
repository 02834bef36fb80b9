/**
 * What a table's headings and notes say about its values matches the values: a unit named in a
 * heading or in the sentence that introduces a table is the unit of its cells; a note under a chart's
 * table names the column its rates are over; and an age table with several legal ages does not call
 * the people above or below the legal age adults or minors.
 *
 * Run: node --import tsx --test tests/unit/metrics-units.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {toString} from 'mdast-util-to-string';
import {tablesOf, type PageTable} from './helpers/tables';
import {renderedDocs} from './helpers/pages';

/** A cell written as a fraction: a plain decimal, or a count "k of n (0.00003 to 0.0001)". */
const fractionCell = (cell: string): boolean =>
  cell === '—' ||
  (/^(?:[\d,]+ of [\d,]+ )?\(?0?\.\d|^\d+(?:\.\d+)?(?:e-\d+)?$/.test(cell) && !cell.includes('%'));
const percentCell = (cell: string): boolean => /\d%/.test(cell);

/** The columns of a table whose heading names a unit, with the check its cells must pass. */
function unitProblems(table: PageTable): string[] {
  const problems: string[] = [];
  table.header.forEach((heading, column) => {
    const cells = table.rows.map((row) => row[column] ?? '');
    if (/\bfractions?\b/i.test(heading)) {
      const wrong = cells.filter((cell) => !fractionCell(cell));
      if (wrong.length > 0)
        problems.push(`"${heading}" is in fractions but shows ${wrong.slice(0, 2).join(', ')}`);
    }
    if (/\(%\)|\bin percent\b/i.test(heading)) {
      const wrong = cells.filter((cell) => percentCell(cell));
      if (wrong.length > 0) problems.push(`"${heading}" names % but its cells carry it too: ${wrong[0]}`);
    }
  });
  return problems;
}

/** A sentence that says the tables after it are in fractions. */
const fractionClaim = /\bfractions\b|\bas fractions?\b|\(fractions?\)/i;

test('a unit a table’s heading or introduction names is the unit its values are written in', async () => {
  const failures: string[] = [];
  for (const page of await renderedDocs()) {
    for (const table of tablesOf(page.tree)) {
      for (const problem of unitProblems(table)) failures.push(`${page.route}: ${problem}`);
    }
    // A paragraph that says "fractions" speaks for the tables after it, up to the end of its section.
    let sectionDepth = 0;
    let claim: {text: string; depth: number} | undefined;
    for (const node of page.tree.children) {
      if (node.type === 'heading') {
        if (claim && node.depth <= claim.depth) claim = undefined;
        sectionDepth = node.depth;
      } else if (node.type === 'paragraph') {
        const text = toString(node);
        if (fractionClaim.test(text)) claim = {text, depth: sectionDepth};
      } else if (node.type === 'table' && claim) {
        const [table] = tablesOf({type: 'root', children: [node]});
        const percentages = table?.rows.filter((row) => row.some(percentCell)) ?? [];
        if (percentages.length > 0) {
          failures.push(
            `${page.route}: "${claim.text.slice(0, 60)}…" says fractions over a table of percentages (${percentages[0]?.join(' | ').slice(0, 60)})`,
          );
        }
      }
    }
  }
  assert.deepEqual(failures, [], failures.join('\n'));
});

test('the unit check catches "fractions" over percentages', () => {
  const table: PageTable = {header: ['Group', 'BPCER (fractions)'], rows: [['female', '1.2%']], links: [[]]};
  assert.equal(unitProblems(table).length, 1);
});

/** The sample a group chart's rates are over, by its size column's heading. */
const samples = [
  'Impostor pairs',
  'Genuine pairs',
  'Mated searches',
  'Non-mated searches',
  'Bona fide presentations',
  'Subjects',
];

test('the note under each chart’s table names the column its rates are computed over', async () => {
  const failures: string[] = [];
  let charts = 0;
  for (const page of await renderedDocs()) {
    if (/size column/i.test(page.source))
      failures.push(`${page.route}: a typed note on a size column; the chart renders it`);
    for (const table of tablesOf(page.tree)) {
      if (table.header[0] !== 'Dimension' || table.header[3] !== '95% CI') continue;
      const size = table.header[4];
      if (size === undefined) continue;
      charts += 1;
      if (!samples.includes(size)) failures.push(`${page.route}: unknown size column "${size}"`);
      const note = /computed over its ([a-z -]+), the last column/.exec(table.after ?? '')?.[1];
      if (note?.toLowerCase() !== size.toLowerCase()) {
        failures.push(
          `${page.route}: the table's size column is "${size}", its note says "${table.after ?? 'nothing'}"`,
        );
      }
    }
  }
  assert.ok(charts >= 15, `only ${charts} group charts found`);
  assert.deepEqual(failures, [], failures.join('\n'));
});

test('an age table with several legal ages names the people it tests by the legal age, not as adults or minors', async () => {
  const failures: string[] = [];
  for (const page of await renderedDocs()) {
    for (const table of tablesOf(page.tree)) {
      const legal = table.header.indexOf('Legal age');
      if (legal < 0) continue;
      if (new Set(table.rows.map((row) => row[legal])).size < 2) continue;
      const text = [...table.header, ...table.rows.flatMap((row) => row.slice(1))].join(' | ');
      const word = /\b(adults?|minors?)\b/i.exec(text)?.[0];
      if (word)
        failures.push(
          `${page.route}: "${word}" in a table of legal ages ${[...new Set(table.rows.map((row) => row[legal]))].join(', ')}`,
        );
    }
  }
  assert.deepEqual(failures, [], failures.join('\n'));
});
