/**
 * How the metrics pages write a measured figure: a rate as a percentage, a rate with its odds,
 * and a figure counted from few events as "k of n" with its exact interval.
 */
import type {Counted} from './types';
import {grouped, percent} from '../numbers';

export type {Counted};

export function isCounted(value: unknown): value is Counted {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Counted).events === 'number' &&
    typeof (value as Counted).of === 'number'
  );
}

/** "5 of 5,180", or "29 of 2,940 (0.99%)" where the data gives a rate too. */
export function countText(figure: Counted): string {
  const count = `${grouped(figure.events)} of ${grouped(figure.of)}`;
  return figure.value === undefined ? count : `${count} (${percent(figure.value)})`;
}

/** The rate a figure stands for: a number, an estimate's value, or k / n of a count. */
export function rateOf(figure: unknown): number {
  if (typeof figure === 'number') return figure;
  if (isCounted(figure)) return figure.value ?? figure.events / figure.of;
  const value = (figure as {value?: unknown} | null)?.value;
  return typeof value === 'number' ? value : Number.NaN;
}

/** A figure as a percentage, or as "k of n" where it is a count. */
export function figureText(figure: unknown): string {
  return isCounted(figure) ? countText(figure) : percent(rateOf(figure));
}

/** A figure as figureText gives it, with the exact 95% interval where it is a count without a rate. */
export function figureWithInterval(figure: unknown): string {
  if (!isCounted(figure) || figure.value !== undefined) return figureText(figure);
  return `${countText(figure)} (95% CI ${percent(figure.ci95[0])} to ${percent(figure.ci95[1])})`;
}

/** A false-match style rate both ways: "0.001% (1 in 100,000)". */
export function rateWithOdds(rate: number): string {
  if (rate <= 0) return '0%';
  const oneIn = Math.round(1 / rate);
  return `${percent(rate)} (1 in ${grouped(oneIn)})`;
}
