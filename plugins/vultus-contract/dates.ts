/**
 * Dates as the sources write them (`YYYY-MM-DD`): the arithmetic the contract's loader and the
 * release notes share.
 */

/** A date (YYYY-MM-DD) moved by whole months, keeping the day of the month. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const total = year * 12 + (month - 1) + months;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(total / 12)}-${pad((total % 12) + 1)}-${pad(day)}`;
}
