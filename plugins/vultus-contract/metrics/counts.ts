/**
 * A rate derived from a measured count, as the metrics pages publish it: k events of n with the
 * 95% interval the evaluation's `ci_method` names for that figure, and a rate only where both k and
 * n - k reach 20 (below that a rate would claim a precision the count does not have).
 */
import {DataError} from '../data/load';
import type {Counted} from './types';

/** Fewer events than this, on either side, and a figure is published as k of n with its exact interval. */
export const FEW_EVENTS = 20;

/** One `evaluation.ci_method` entry of a metrics file. */
export interface CiMethod {
  applies_to: string[];
  events: 'fewer-than-20' | '20-or-more' | 'any';
  method: string;
}

const Z = 1.959964;

/** The Wilson score 95% interval of k events out of n. */
export function wilson(k: number, n: number): [number, number] {
  const p = k / n;
  const denominator = 1 + (Z * Z) / n;
  const centre = (p + (Z * Z) / (2 * n)) / denominator;
  const half = (Z * Math.sqrt((p * (1 - p)) / n + (Z * Z) / (4 * n * n))) / denominator;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** P(X <= k) for X ~ Binomial(n, p), summed term by term (k is small wherever this is used). */
function binomialCdf(k: number, n: number, p: number): number {
  if (k < 0) return 0;
  if (k >= n || p <= 0) return 1;
  if (p >= 1) return 0;
  let logTerm = n * Math.log1p(-p);
  let sum = Math.exp(logTerm);
  for (let i = 1; i <= k; i += 1) {
    logTerm += Math.log((n - i + 1) / i) + Math.log(p) - Math.log1p(-p);
    sum += Math.exp(logTerm);
  }
  return Math.min(1, sum);
}

/** The exact (Clopper-Pearson) 95% interval of k events out of n, for few events on one side. */
export function clopperPearson(k: number, n: number): [number, number] {
  if (n - k < k) {
    const [low, high] = clopperPearson(n - k, n);
    return [1 - high, 1 - low];
  }
  const solve = (target: number, j: number): number => {
    let low = 0;
    let high = 1;
    for (let i = 0; i < 200; i += 1) {
      const middle = (low + high) / 2;
      if (binomialCdf(j, n, middle) > target) low = middle;
      else high = middle;
    }
    return (low + high) / 2;
  };
  return [k === 0 ? 0 : solve(0.975, k - 1), solve(0.025, k)];
}

/** A bound as the data files write one: three significant figures. */
const rounded = (value: number): number => Number(value.toPrecision(3));

/**
 * k events of n as a published figure, its interval computed by the method `ci_method` names for
 * `key` (`false_positive_rate`) at that number of events; `where` names the figure in an error.
 */
export function countedFigure(
  events: number,
  of: number,
  key: string,
  methods: CiMethod[],
  where: string,
): Counted {
  if (!Number.isInteger(events) || !Number.isInteger(of) || events < 0 || of < 1 || events > of) {
    throw new DataError(`${where}: ${events} of ${of} is not a count`);
  }
  const few = Math.min(events, of - events) < FEW_EVENTS;
  const entry = methods.find(
    (method) =>
      method.applies_to.includes(key) &&
      (method.events === 'any' || method.events === (few ? 'fewer-than-20' : '20-or-more')),
  );
  const compute = {wilson, 'clopper-pearson': clopperPearson}[entry?.method ?? ''];
  if (!compute) {
    throw new DataError(
      `${where}: evaluation.ci_method names no Wilson or Clopper-Pearson interval for ${key} at ${
        few ? 'fewer than 20' : '20 or more'
      } events`,
    );
  }
  const [low, high] = compute(events, of);
  return {events, of, ...(few ? {} : {value: events / of}), ci95: [rounded(low), rounded(high)]};
}
