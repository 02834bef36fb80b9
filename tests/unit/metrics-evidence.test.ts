/**
 * What a metrics page says about the evidence behind its figures holds for the data: a claim that
 * results differ "by size alone" covers only galleries searched with the same searches; a caveat that
 * rates "rest on few errors" holds only where they rest on fewer than 20; and a stated number of
 * errors behind a rate is that rate times its denominator.
 *
 * Run: node --import tsx --test tests/unit/metrics-evidence.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {FEW_EVENTS} from '../../plugins/vultus-contract/metrics/counts';
import {renderedDocs, sources} from './helpers/pages';
import {sentences} from './helpers/prose';

type Json = Record<string, unknown>;
const read = (file: string): Json => sources.data(`metrics/${file}`) as Json;

interface Gallery {
  gallery_size: number;
  mated_searches: number;
  non_mated_searches: number;
}

/** A rate and the number of trials behind it, for every rate a verification or search file publishes. */
function ratesOf(file: string): Array<{label: string; rate: number; trials: number}> {
  const data = read(file);
  const rates: Array<{label: string; rate: number; trials: number}> = [];
  const add = (label: string, figure: unknown, trials: number): void => {
    const rate = typeof figure === 'number' ? figure : (figure as {value?: number} | undefined)?.value;
    if (typeof rate === 'number') rates.push({label, rate, trials});
  };
  // Each rate with the trials behind it: false matches among impostor pairs, misses among
  // genuine pairs, false positives among non-mated searches, misses among mated searches.
  const size = (data.evaluation_set as Json | undefined)?.size as Json | undefined;
  for (const model of (data.models as Json[] | undefined) ?? []) {
    for (const point of model.det as Json[]) {
      for (const [rate, trials] of [
        ['fmr', size?.impostor_pairs],
        ['fnmr', size?.genuine_pairs],
      ] as const) {
        add(
          `${String(model.model_version)} ${rate.toUpperCase()} at ${String(point.threshold)}`,
          point[rate],
          trials as number,
        );
      }
    }
  }
  for (const gallery of (data.galleries as Json[] | undefined) ?? []) {
    for (const point of gallery.operating_points as Json[]) {
      for (const [rate, trials] of [
        ['fpir', gallery.non_mated_searches],
        ['fnir', gallery.mated_searches],
      ] as const) {
        add(
          `${String(gallery.gallery_size)} ${rate.toUpperCase()} at ${String(point.threshold)}`,
          point[rate],
          trials as number,
        );
      }
    }
  }
  return rates;
}

/** The data file each metrics page reports, for the claims it copies from the file. */
const pageFiles: Record<string, string> = {
  '/metrics/performance-metrics-bias-diversity': 'face-match.yaml',
  '/metrics/face-to-document-similarity-service': 'face-to-document.yaml',
  '/metrics/face-recognition-1n-service': 'face-search.yaml',
};

/** What is wrong with a "rest on few errors" claim in a text about a file's rates. */
function fewErrorProblems(text: string, file: string): string[] {
  const problems: string[] = [];
  for (const sentence of sentences(text)) {
    if (!/\brests? on (?:very )?few (?:errors|events|false matches)/i.test(sentence)) continue;
    const bound = /below (?:about )?([\d.]+(?:e-\d+)?)/i.exec(sentence)?.[1];
    for (const {label, rate, trials} of ratesOf(file)) {
      if (bound !== undefined && rate >= Number(bound)) continue;
      const events = rate * trials;
      if (events >= FEW_EVENTS) {
        problems.push(
          `${file}: "${sentence.slice(0, 60)}…", but ${label} (${rate}) rests on about ${Math.round(events)} errors`,
        );
      }
    }
  }
  return problems;
}

test('a claim that results differ by size alone covers only galleries searched with the same searches', async () => {
  const galleries = read('face-search.yaml').galleries as Gallery[];
  const failures: string[] = [];
  const texts: Array<[string, string]> = [
    [
      'face-search.yaml gallery_construction',
      String((read('face-search.yaml').evaluation_set as Json).gallery_construction),
    ],
    ...(await renderedDocs()).map((page): [string, string] => [page.route, page.markdown]),
  ];
  for (const [where, text] of texts) {
    for (const sentence of sentences(text)) {
      if (!/size alone/i.test(sentence)) continue;
      const named = galleries.filter((gallery) =>
        sentence.includes(gallery.gallery_size.toLocaleString('en-US')),
      );
      const from = Math.min(...named.map((gallery) => gallery.gallery_size), Number.POSITIVE_INFINITY);
      const covered = galleries.filter((gallery) => named.length === 0 || gallery.gallery_size >= from);
      const searches = new Set(
        covered.map((gallery) => `${gallery.mated_searches}/${gallery.non_mated_searches}`),
      );
      if (searches.size > 1) {
        failures.push(
          `${where}: "${sentence.slice(0, 80)}…" covers galleries searched with different searches (${[...searches].join(', ')})`,
        );
      }
    }
  }
  assert.deepEqual(failures, [], failures.join('\n'));
});

test('a caveat that rates rest on few errors holds for every rate it covers', async () => {
  const failures: string[] = [];
  for (const file of ['face-match.yaml', 'face-to-document.yaml', 'face-search.yaml']) {
    for (const limitation of read(file).limitations as string[])
      failures.push(...fewErrorProblems(limitation, file));
  }
  for (const page of await renderedDocs()) {
    const file = pageFiles[page.route];
    if (file)
      failures.push(...fewErrorProblems(page.markdown, file).map((problem) => `${page.route}: ${problem}`));
  }
  assert.deepEqual(failures, [], failures.join('\n'));
});

test('the few-errors check catches the caveat that was published at 2.4 billion impostor pairs', () => {
  assert.ok(
    fewErrorProblems('Rates below about 1.0e-6 rest on few errors; read them with care.', 'face-match.yaml')
      .length > 0,
  );
});

test('a stated number of false matches behind a rate is that rate times the impostor pairs', async () => {
  const failures: string[] = [];
  let stated = 0;
  for (const page of await renderedDocs()) {
    for (const match of page.markdown.matchAll(
      /([\d.]+(?:e-\d+)?)%? at threshold [\d.]+, is about ([\d,]+) false matches among ([\d,]+) impostor pairs/g,
    )) {
      stated += 1;
      const percent = match[0].includes('%');
      const rate = Number(match[1]) / (percent ? 100 : 1);
      const count = Number((match[2] ?? '').replace(/,/g, ''));
      const pairs = Number((match[3] ?? '').replace(/,/g, ''));
      // The count is given to two significant figures, as the rate is.
      if (Math.abs(count - rate * pairs) > 0.05 * rate * pairs) {
        failures.push(
          `${page.route}: about ${count} false matches, but ${rate} of ${pairs} is ${Math.round(rate * pairs)}`,
        );
      }
    }
  }
  assert.ok(stated >= 1, 'the performance page states the false matches behind its lowest FMR');
  assert.deepEqual(failures, [], failures.join('\n'));
});
