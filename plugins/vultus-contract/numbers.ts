/**
 * How the site writes a number, wherever it comes from (the contract, data/, a metrics file): one
 * function per form, so a limit, a default threshold or a rate reads the same in a sentence, a
 * table, a code sample and /openapi.yaml.
 */

/** A count or size with grouped thousands: 10485760 → "10,485,760". */
export const grouped = (value: number): string => value.toLocaleString('en-US');

/**
 * A threshold, or any schema default, as the pages show it: an integer as is, a fraction with at
 * least two decimals and no digit dropped (0.8 → "0.80", 0.855 → "0.855").
 */
export const thresholdText = (value: number): string =>
  Number.isInteger(value)
    ? String(value)
    : Number(value.toFixed(2)) === value
      ? value.toFixed(2)
      : String(value);

/** A rate as a percentage people can read: 0.0085 → 0.85%, 1e-5 → 0.001%, 0.9981 → 99.81%. */
export function percent(rate: number): string {
  if (rate === 0) return '0%';
  const value = rate * 100;
  if (value >= 10) return `${grouped(Number(value.toFixed(2)))}%`;
  return `${value.toLocaleString('en-US', {maximumSignificantDigits: 3})}%`;
}

const timeUnits = {seconds: 1, minutes: 60, hours: 3600, days: 86400} as const;
type TimeUnit = keyof typeof timeUnits;

/** The unit a key's number is in, from the last segment that names one: `kyc_link_lifetime_seconds.min` → seconds. */
function unitOf(key: string): TimeUnit | 'bytes' | undefined {
  return key
    .split('.')
    .map((part) => /_(seconds|minutes|hours|days|bytes)$/.exec(part)?.[1] as TimeUnit | 'bytes' | undefined)
    .reverse()
    .find((unit) => unit !== undefined);
}

/** "1 hour", "24 hours", "1,000 faces". */
export const count = (value: number, unit: string): string =>
  `${grouped(value)} ${value === 1 ? unit : `${unit}s`}`;

/** `|seconds`, `|minutes`, `|hours`, `|days`: a duration, converted from the unit of its key. */
const duration =
  (to: TimeUnit) =>
  (value: number, key: string): string => {
    const from = unitOf(key);
    if (from === undefined || from === 'bytes') {
      throw new Error(`needs a key in seconds, minutes, hours or days (…_seconds, …_hours)`);
    }
    return count((value * timeUnits[from]) / timeUnits[to], to.slice(0, -1));
  };

/**
 * The formats a number takes, by name: `%{key|MB}` in code and in the contract's strings,
 * `:fact{key="…" as="MB"}` in prose. `key` is the number's name, which says its unit.
 */
export const numberFormats: Record<string, (value: number, key: string) => string> = {
  number: grouped,
  /** The number as code writes it, without grouping: `86400`, for a value inside a sample's code. */
  raw: (value) => String(value),
  MB: (value, key) => {
    if (unitOf(key) !== 'bytes') throw new Error('needs a key in bytes (…_bytes)');
    return `${grouped(value / 1048576)} MB`;
  },
  seconds: duration('seconds'),
  minutes: duration('minutes'),
  hours: duration('hours'),
  days: duration('days'),
  percent: (value) => percent(value),
};
