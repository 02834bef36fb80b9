/**
 * What the end user sees for each decision is one fact: every "What to show the end user" section
 * of a page that names a decision shows the same table of decisions and messages (the partial
 * docs/_partials/decision-end-user.md), and nothing else on the page pairs a decision with another
 * message. The first section found is the reference; the others must read the same.
 *
 * Run: node --import tsx --test tests/unit/end-user-message.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Heading, RootContent, Table} from 'mdast';
import {toString} from 'mdast-util-to-string';
import {visit} from 'unist-util-visit';
import {codeBlocks, renderedDocs} from './helpers/pages';

const decisions = ['approved', 'resubmit', 'review', 'declined'];

/** The nodes under a heading, up to the next heading of the same or a higher level. */
function sections(children: RootContent[], title: RegExp): Array<{heading: string; nodes: RootContent[]}> {
  const found: Array<{heading: string; nodes: RootContent[]}> = [];
  children.forEach((node, index) => {
    if (node.type !== 'heading' || !title.test(toString(node))) return;
    const depth = (node as Heading).depth;
    const end = children.findIndex(
      (next, at) => at > index && next.type === 'heading' && (next as Heading).depth <= depth,
    );
    found.push({heading: toString(node), nodes: children.slice(index + 1, end === -1 ? undefined : end)});
  });
  return found;
}

const namesDecision = (nodes: RootContent[]): boolean => {
  let named = false;
  for (const node of nodes) {
    visit(node, 'inlineCode', (code) => {
      if (decisions.includes(code.value)) named = true;
    });
  }
  return named;
};

/** A cell's text, with the reasons of a KYC session (`result.reasons`) read as any other reasons. */
const cell = (table: Table, row: number, column: number): string =>
  toString(table.children[row]?.children[column] ?? {type: 'text', value: ''})
    .replace(/\bresult\.reasons\b/g, 'reasons')
    .trim();

test('every "What to show the end user" section shows the same message for each decision', async () => {
  const shown = new Map<string, {route: string; rows: Record<string, string>}>();
  const problems: string[] = [];
  let reference: {route: string; rows: Record<string, string>} | undefined;
  for (const page of await renderedDocs()) {
    for (const section of sections(page.tree.children, /^What to show the end user/)) {
      if (!namesDecision(section.nodes)) continue;
      const where = `${page.route} › ${section.heading}`;
      const tables = section.nodes.filter((node): node is Table => node.type === 'table');
      const showing = tables.filter((table) =>
        table.children[0]?.children.some((_, column) => /^Show the end user$/.test(cell(table, 0, column))),
      );
      if (showing.length !== 1) {
        problems.push(`${where}: ${showing.length} tables with a "Show the end user" column, expected 1`);
        continue;
      }
      const [table] = showing as [Table];
      if (cell(table, 0, 0) !== 'Decision' || table.children[0]?.children.length !== 2) {
        problems.push(`${where}: the table's columns are not "Decision | Show the end user"`);
      }
      const rows: Record<string, string> = {};
      for (let row = 1; row < table.children.length; row += 1)
        rows[cell(table, row, 0)] = cell(table, row, 1);
      for (const decision of decisions) {
        if (!Object.keys(rows).some((first) => first.split(/,\s*| or /)[0] === decision)) {
          problems.push(`${where}: no row for \`${decision}\``);
        }
      }
      reference ??= {route: where, rows};
      if (JSON.stringify(rows) !== JSON.stringify(reference.rows)) {
        problems.push(
          `${where}: says ${JSON.stringify(rows)}; ${reference.route} says ${JSON.stringify(reference.rows)}`,
        );
      }
      shown.set(where, {route: where, rows});
      // No sentence of the section pairs `review` with a message of its own.
      for (const node of section.nodes) {
        if (node.type === 'table') continue;
        for (const sentence of toString(node).split(/(?<=[.!?])\s+/)) {
          if (/\breview\b/.test(sentence) && /\bmessage\b/.test(sentence) && /\bshow\b/i.test(sentence)) {
            problems.push(`${where}: "${sentence}"`);
          }
        }
      }
    }
  }
  assert.deepEqual(problems, [], 'include docs/_partials/decision-end-user.md in each section');
  assert.ok(shown.size >= 10, `only ${shown.size} sections found`);
});

/** `reasons[0].message` as JavaScript and Python samples read it. */
const reasonMessage =
  /reasons(?:\?\.|\.)?\[0\](?:\?\.|\.)message|\[["']reasons["']\]\[0\]\[["']message["']\]|reasons\[0\]\[["']message["']\]/;
/** A branch on the decision: `if`, `else if`, `elif` or `else`, with the decisions it names. */
const branchHeader = /^\s*(?:\}\s*)?(if|else if|elif|else)\b/;
const indentOf = (line: string): number => /^\s*/.exec(line)?.[0].length ?? 0;
const decisionsOf = (line: string): string[] =>
  [...line.matchAll(/(?:===?|!==?)\s*['"](\w+)['"]/g)].map((match) => match[1] ?? '');

/**
 * The decisions the branch holding line `at` acts on: those its header names, or for an `else`,
 * every decision the branches before it in the chain do not name, and `unknown` (a decision the
 * code does not know). Undefined outside a branch.
 */
function branchDecisions(lines: string[], at: number): string[] | undefined {
  const indent = indentOf(lines[at] ?? '');
  let header = at - 1;
  while (header >= 0 && !(branchHeader.test(lines[header] ?? '') && indentOf(lines[header] ?? '') < indent))
    header--;
  if (header < 0) return undefined;
  const line = lines[header] ?? '';
  if (!/\belse\s*(?:\{|:)/.test(line)) return decisionsOf(line);
  const named = new Set<string>();
  const headerIndent = indentOf(line);
  for (let earlier = header - 1; earlier >= 0; earlier--) {
    const text = lines[earlier] ?? '';
    if (indentOf(text) < headerIndent && text.trim() !== '') break;
    if (indentOf(text) === headerIndent && branchHeader.test(text)) {
      decisionsOf(text).forEach((decision) => named.add(decision));
      if (/^\s*if\b/.test(text)) break;
    }
  }
  // An `else` also catches a decision the code does not know: the table's last row.
  return [...decisions.filter((decision) => !named.has(decision)), 'unknown'];
}

test('no sample shows the end user the reasons of a review, or of a decision it does not know', async () => {
  const shown: string[] = [];
  let checked = 0;
  for (const page of await renderedDocs()) {
    codeBlocks(page.tree).forEach((block, index) => {
      if (!['javascript', 'js', 'python', 'py'].includes(block.lang ?? '')) return;
      const lines = block.value.split('\n');
      lines.forEach((line, at) => {
        if (!reasonMessage.test(line)) return;
        checked += 1;
        const branch = branchDecisions(lines, at);
        // Handed to your own staff, not the end user: the reasons are theirs to read.
        if ((branch?.includes('review') || branch?.includes('unknown')) && !/staff|reviewer/i.test(line))
          shown.push(`${page.route} ${block.lang ?? ''} block ${index + 1}: ${line.trim()}`);
      });
    });
  }
  assert.ok(checked >= 10, `${checked} samples read reasons[0].message`);
  assert.deepEqual(
    shown,
    [],
    'a review or an unknown decision is answered with your own neutral message, never the reasons ("What to show the end user")',
  );
});

test('a sample sends a decision it does not know to a person, as a review, as the contract’s Decision says', async () => {
  // A value may be added to Decision without a new API version: code that treats it as a failure
  // turns away users that a person would have approved.
  const wrong: string[] = [];
  let checked = 0;
  for (const page of await renderedDocs()) {
    codeBlocks(page.tree).forEach((block, index) => {
      if (!['javascript', 'js', 'python', 'py', 'bash'].includes(block.lang ?? '')) return;
      const lines = block.value.split('\n');
      const where = `${page.route} ${block.lang ?? ''} block ${index + 1}`;
      lines.forEach((line, at) => {
        // Said in a comment or a message: what the code does with a decision it does not know.
        if (/decision[^\n]*does not know|does not know[^\n]*decision/i.test(line)) {
          checked += 1;
          if (!/person|manual|review/i.test(line)) wrong.push(`${where}: ${line.trim()}`);
        }
        // The `else` of a chain on the decision catches what the code does not know: it must be review's.
        if (/^\s*(?:\}\s*)?else\s*(?:\{|:)/.test(line) && at + 1 < lines.length) {
          const caught = branchDecisions(lines, at + 1);
          // Only what the code does not know: its body says it goes to a person.
          const body = lines.slice(at + 1, at + 4).join('\n');
          const toPerson = caught?.join() === 'unknown' && /person|manual|review/i.test(body);
          if (caught && caught.length <= decisions.length && !caught.includes('review') && !toPerson)
            wrong.push(`${where}: the else catching ${caught.join(', ')} is not review's`);
        }
      });
    });
  }
  assert.ok(checked >= 5, `${checked} samples say what they do with a decision they do not know`);
  assert.deepEqual(wrong, []);
});
