/**
 * The one placeholder language of the site: `%{key}` or `%{key|format}`. The contract's own strings
 * use it (./contract/contract.ts, with the values of the contract), and so do the pages' code blocks
 * and inline code (./facts/facts.ts, with every named fact); `:fact{key="…" as="…"}` takes the same formats
 * in prose. A key always has a dot, so curl's own `%{http_code}` is not one. The formats and how a
 * number is written are ./numbers.ts.
 */
import {numberFormats} from './numbers';

/** `why` for a key that names nothing; the caller may add the kinds of key it knows. */
export const noSuchKey = 'no such fact';

export const placeholderPattern = /%\{([a-z][\w-]*(?:\.[\w-]+)+)(?:\|([\w-]*))?\}/g;

/** What a key names: its text as the pages show it, and its number when it is one (a format needs it). */
export type PlaceholderValue = {text: string; number?: number};

/**
 * `text` with each placeholder replaced by its value. `lookup` gives a key's value; `fail` throws
 * the caller's error for a placeholder that does not expand (an unknown key or format, a format on
 * something that is not a number, a misspelt placeholder), with the reason and, for an unknown
 * key, the key.
 */
export function expandPlaceholders(
  text: string,
  lookup: (key: string) => PlaceholderValue | undefined,
  fail: (placeholder: string, why: string, key?: string) => never,
): string {
  if (!text.includes('%{')) return text;
  const expanded = text.replace(placeholderPattern, (placeholder, key: string, format?: string) => {
    const value = lookup(key) ?? fail(placeholder, noSuchKey, key);
    if (format === undefined) return value.text;
    const formatter = numberFormats[format];
    if (!formatter) {
      return fail(
        placeholder,
        `unknown format "${format}" (one of ${Object.keys(numberFormats).join(', ')})`,
      );
    }
    if (value.number === undefined) return fail(placeholder, `${key} is not a number, so it takes no format`);
    try {
      return formatter(value.number, key);
    } catch (error) {
      return fail(
        placeholder,
        `format "${format}" ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  });
  // What is left and looks like a placeholder is a misspelt one: `%{Limits.x}`, `%{limits.x|MB`.
  const leftover = /%\{[^\s}]*[.|][^\s}]*\}?/.exec(expanded);
  if (leftover) fail(leftover[0], 'not a placeholder (write %{key} or %{key|format}, the key in lower case)');
  return expanded;
}
