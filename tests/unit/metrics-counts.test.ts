/**
 * Counts are counts, and nested cut-offs nest. data/metrics/age.yaml holds the measured counts (per
 * true-age group, the subjects estimated under each challenge age); every age rate a page shows is
 * derived from them. A count for a lower challenge age above the count for a higher one, a subset
 * larger than its superset, or a rate on a page that is not k / n of these counts fails here.
 *
 * Run: node --import tsx --test tests/unit/metrics-counts.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {countIn, numberIn, tablesOf} from './helpers/tables';
import {renderedDocs, siteDir} from './helpers/pages';

interface Group {
  true_age: string;
  min_age: number;
  max_age?: number;
  subjects: number;
  under: Record<string, number>;
}

interface AgeData {
  evaluation_set: {subjects: number};
  estimated_under: Group[];
  challenge_ages: Array<{legal_age: number; challenge_age: number}>;
  groups: Array<{dimension: string; group: string; minors_passed_at_25: {events: number; of: number}}>;
}

const ageFile = path.join(siteDir, 'data', 'metrics', 'age.yaml');
const readAge = (): AgeData => parse(readFileSync(ageFile, 'utf8')) as AgeData;

/** What is wrong with a set of counts: every rule a count must keep, in words. */
function countProblems(data: AgeData): string[] {
  const problems: string[] = [];
  const groups = data.estimated_under;
  const total = groups.reduce((sum, group) => sum + group.subjects, 0);
  if (total !== data.evaluation_set.subjects) {
    problems.push(`the true-age groups hold ${total} subjects, the set ${data.evaluation_set.subjects}`);
  }
  for (const group of groups) {
    const cutOffs = Object.keys(group.under)
      .map(Number)
      .sort((a, b) => a - b);
    for (const [index, cutOff] of cutOffs.entries()) {
      const count = group.under[String(cutOff)] as number;
      if (!Number.isInteger(count) || count < 0)
        problems.push(`${group.true_age}: under ${cutOff} is ${count}`);
      if (count > group.subjects) {
        problems.push(`${group.true_age}: ${count} estimated under ${cutOff}, of ${group.subjects} subjects`);
      }
      const lower = cutOffs[index - 1];
      if (lower !== undefined && (group.under[String(lower)] as number) > count) {
        problems.push(
          `${group.true_age}: ${group.under[String(lower)]} estimated under ${lower} but ${count} under ${cutOff}: a lower cut-off cannot count more`,
        );
      }
    }
  }
  // The demographic groups split the 13 to 17-year-olds: each is a subset, and together they are all.
  const teens = groups.find((group) => group.max_age === 17);
  const passed = teens ? teens.subjects - (teens.under['25'] ?? Number.NaN) : Number.NaN;
  for (const dimension of new Set(data.groups.map((row) => row.dimension))) {
    const rows = data.groups.filter((row) => row.dimension === dimension);
    for (const row of rows) {
      if (row.minors_passed_at_25.events > row.minors_passed_at_25.of) {
        problems.push(
          `${row.group}: ${row.minors_passed_at_25.events} passed of ${row.minors_passed_at_25.of}`,
        );
      }
      if (row.minors_passed_at_25.events > passed) {
        problems.push(
          `${row.group}: ${row.minors_passed_at_25.events} passed at 25, more than all ${passed}`,
        );
      }
    }
    const events = rows.reduce((sum, row) => sum + row.minors_passed_at_25.events, 0);
    const of = rows.reduce((sum, row) => sum + row.minors_passed_at_25.of, 0);
    if (events !== passed || of !== teens?.subjects) {
      problems.push(
        `${dimension}: the groups have ${events} of ${of} passed at 25, the 13 to 17-year-olds ${passed} of ${teens?.subjects}`,
      );
    }
  }
  return problems;
}

/** The two counts of a legal age and a challenge age, derived here from the measured counts. */
function expected(
  data: AgeData,
  legal: number,
  challenge: number,
): {passed: [number, number]; fallback: [number, number]} {
  const below = data.estimated_under.find((group) => group.max_age === legal - 1);
  assert.ok(below, `no true-age group just below ${legal}`);
  const ofAge = data.estimated_under.filter((group) => group.min_age >= legal);
  const under = (group: Group): number => {
    const count = group.under[String(challenge)];
    assert.ok(count !== undefined, `${group.true_age}: no count under ${challenge}`);
    return count;
  };
  return {
    passed: [below.subjects - under(below), below.subjects],
    fallback: [
      ofAge.reduce((sum, group) => sum + under(group), 0),
      ofAge.reduce((sum, group) => sum + group.subjects, 0),
    ],
  };
}

test('age.yaml: counts are whole, nested cut-offs are monotone, and subsets stay within their supersets', () => {
  const problems = countProblems(readAge());
  assert.deepEqual(problems, [], problems.join('\n'));
});

test('the count rules catch a lower cut-off counting more than a higher one, and a subset above its superset', () => {
  const swapped = readAge();
  const adults = swapped.estimated_under.find((group) => group.min_age === 18);
  assert.ok(adults);
  adults.under['25'] = (adults.under['28'] ?? 0) + 1;
  assert.ok(countProblems(swapped).some((problem) => /a lower cut-off cannot count more/.test(problem)));
  const subset = readAge();
  const [first] = subset.groups;
  assert.ok(first);
  first.minors_passed_at_25.events += 40;
  assert.ok(countProblems(subset).some((problem) => /more than all|groups have/.test(problem)));
});

test('nested populations nest: at each challenge age, fewer users of legal age are sent to the fallback the higher the legal age', () => {
  const data = readAge();
  const failures: string[] = [];
  for (const challenge of new Set(data.challenge_ages.map((row) => row.challenge_age))) {
    const legalAges = data.challenge_ages
      .filter((row) => row.challenge_age === challenge)
      .map((row) => row.legal_age)
      .sort((a, b) => a - b);
    for (let i = 1; i < legalAges.length; i += 1) {
      const wider = expected(data, legalAges[i - 1] as number, challenge).fallback;
      const narrower = expected(data, legalAges[i] as number, challenge).fallback;
      if (narrower[0] > wider[0] || narrower[1] > wider[1]) {
        failures.push(
          `challenge ${challenge}: ${legalAges[i]}+ ${narrower.join(' of ')} exceeds ${legalAges[i - 1]}+ ${wider.join(' of ')}`,
        );
      }
    }
  }
  assert.deepEqual(failures, [], failures.join('\n'));
});

test('every age table on every page shows k of n of the measured counts, and its rate is k / n', async () => {
  const data = readAge();
  const failures: string[] = [];
  let checked = 0;
  for (const page of await renderedDocs()) {
    for (const table of tablesOf(page.tree)) {
      const legal = table.header.indexOf('Legal age');
      const challenge = table.header.indexOf('Challenge age');
      if (legal < 0 || challenge < 0) continue;
      for (const row of table.rows) {
        const counts = expected(data, Number(row[legal]), Number(row[challenge]));
        row.forEach((cell, column) => {
          const count = countIn(cell);
          if (!count) return;
          const header = table.header[column] ?? '';
          const want = /fallback/i.test(header) ? counts.fallback : counts.passed;
          checked += 1;
          if (count[0] !== want[0] || count[1] !== want[1]) {
            failures.push(
              `${page.route}: ${row[legal]}+ at ${row[challenge]}, "${header}": ${cell}, the counts give ${want[0]} of ${want[1]}`,
            );
          }
          const rate = /\(([\d.,]+%)\)/.exec(cell)?.[1];
          if (rate !== undefined) {
            const shown = numberIn(rate) as number;
            if (Math.abs(shown - want[0] / want[1]) > 0.00006) {
              failures.push(`${page.route}: ${cell}: ${rate} is not ${want[0]} / ${want[1]}`);
            }
          }
        });
      }
    }
  }
  assert.ok(checked >= 20, `only ${checked} age figures found on the pages`);
  assert.deepEqual(failures, [], failures.join('\n'));
});
