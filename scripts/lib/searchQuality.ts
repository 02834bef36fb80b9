/**
 * How well the built search index answers the query sets: for each query, the rank of the first
 * result on a route that answers it, with the same engine the browser runs (the dropdown shows
 * the engine's results in its order). Used by `npm run bench` (figures) and the build tests
 * (every query answered in the first five).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {SearchEngine} from '../../src/lib/search/engine';

export interface QuerySet {
  label: string;
  file: string;
}

/** The query sets, shared sample first. */
export function querySets(siteDir: string): QuerySet[] {
  return [
    {label: 'shared sample', file: path.join(siteDir, 'tests/search/shared-sample.json')},
    {label: 'our queries', file: path.join(siteDir, 'tests/search/queries.json')},
    {label: 'reviewers’ queries', file: path.join(siteDir, 'tests/search/reviewer-queries.json')},
  ];
}

export interface Query {
  q: string;
  routes: string[];
  /** In the held-out and questions sets: `question` (four words or more), `comparison` or `wording`. */
  group?: string;
}

/** A query set with the figures it may not fall below (`floor`): the held-out and the questions sets. */
export type FlooredSet = {queries: Query[]; floor: {hitAt1: number; hitAt5: number}};

function flooredSet(siteDir: string, file: string): FlooredSet {
  const {queries, floor} = JSON.parse(readFileSync(path.join(siteDir, file), 'utf8')) as FlooredSet;
  return {queries, floor};
}

/**
 * The held-out set (tests/search/held-out.json): queries kept out of the tuning, to judge it; the
 * figures they may not fall below.
 */
export const heldOut = (siteDir: string): FlooredSet => flooredSet(siteDir, 'tests/search/held-out.json');

/**
 * The questions set (tests/search/questions.json): questions, comparisons and other wordings
 * written for tuning, not all answered in the first five yet; the figures they may not fall below.
 */
export const tuningQuestions = (siteDir: string): FlooredSet =>
  flooredSet(siteDir, 'tests/search/questions.json');

export function readQueries(file: string): Query[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as {queries: Query[]}).queries;
}

export interface Quality {
  queries: number;
  hitAt1: number;
  hitAt5: number;
  mrr: number;
  /** The queries with no answering route in the first five, with what came first instead. */
  misses: {q: string; routes: string[]; got: string[]}[];
}

export function quality(engine: SearchEngine, queries: Query[]): Quality {
  let hitAt1 = 0;
  let hitAt5 = 0;
  let reciprocal = 0;
  const misses: Quality['misses'] = [];
  for (const {q, routes} of queries) {
    const hits = engine.search(q, 8);
    const rank = hits.findIndex((hit) => routes.includes(hit.route));
    if (rank === 0) hitAt1 += 1;
    if (rank >= 0 && rank < 5) hitAt5 += 1;
    else misses.push({q, routes, got: hits.slice(0, 5).map((hit) => hit.url)});
    if (rank >= 0) reciprocal += 1 / (rank + 1);
  }
  const share = (count: number): number => Math.round((count / queries.length) * 1000) / 10;
  return {
    queries: queries.length,
    hitAt1: share(hitAt1),
    hitAt5: share(hitAt5),
    mrr: Math.round((reciprocal / queries.length) * 1000) / 1000,
    misses,
  };
}
