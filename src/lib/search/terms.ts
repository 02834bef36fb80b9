/**
 * How text becomes search terms, the same at build time (the index) and in the browser (the
 * query). A word is kept whole and, when it is an identifier (`FACE.NO_FACE`,
 * `Idempotent-Replayed`, `license.binding`, `client_token_ttl_seconds`), also in its parts, so
 * that both the identifier and its words find it. Other forms of a word (`retry`, `retries`) are
 * found at query time through its Porter stem (./engine.ts), so the index holds no stems.
 */
import {stemmer} from 'stemmer';

/** English words too common to find anything (lunr's English list). */
const stopWords = new Set(
  (
    'a able about across after all almost also am among an and any are as at be because been but by can ' +
    'cannot could dear did do does either else ever every for from get got had has have he her hers him his ' +
    'how however i if in into is it its just least let like likely may me might most must my neither no nor ' +
    'not of off often on only or other our own rather said say says she should since so some than that the ' +
    'their them then there these they this tis to too twas us wants was we were what when where which while ' +
    'who whom why will with would yet you your'
  ).split(' '),
);

/** Splits running text into words, keeping the punctuation inside identifiers. */
export function tokenize(text: string): string[] {
  // A possessive is its word: "driver's licence" is "driver licence", not "driver s licence".
  return text.replace(/(\p{L})['’]s\b/gu, '$1').match(/[\p{L}\p{N}_$@][\p{L}\p{N}_$@.\-/:+]*/gu) ?? [];
}

const separators = /[._\-/:+]+/;
/**
 * Numbers with a fraction (`0.0054`, `1.44`), long digit runs, the parts of a date (`06` of
 * `2025-06-01`), and the random part of an example
 * object id or an image digest (`med_klhcm5og…`, `sha256:667f…`): figures, not search words.
 */
const opaque = /^(?=[a-z]*\d)[a-z0-9]{16,}$/;
const url = /^(?:https?:\/\/)?[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?\/./;
const timestamp = /^\d{4}-\d{2}-\d{2}t\d{2}:\d{2}/;
const figure = new RegExp(`^(?:\\d*[.,]\\d+%?|\\d{6,}|0\\d+)$|${opaque.source}`);

/** A word as the index stores it: lower case, without punctuation at its ends. */
export function normalizeWord(word: string): string {
  return word.toLowerCase().replace(/^[.\-/:+]+|[.\-/:+]+$/g, '');
}

const stem = (word: string): string | undefined => {
  if (!/^[a-z]{4,}$/.test(word)) return undefined;
  const stemmed = stemmer(word);
  return stemmed !== word ? stemmed : undefined;
};

/**
 * The terms a word is indexed under: itself, its parts when it is an identifier, and the parts
 * run together for hyphenated words (`air-gapped` → `airgapped`).
 */
export function wordTerms(word: string): string[] {
  const whole = normalizeWord(word);
  if (!whole || figure.test(whole)) return [];
  const terms = new Set<string>();
  const parts = identifierParts(whole);
  // A word that carries a random id or digest (`face-match@sha256:6b1d…`) is found by its other parts.
  // …and so is a URL or a time stamp (`cdn.vultus.example/web-sdk/…`, `2025-06-14t06:38:12z`).
  const carriesId = parts.some((part) => opaque.test(part)) || url.test(whole) || timestamp.test(whole);
  if (timestamp.test(whole)) return [];
  if (!stopWords.has(whole) && !carriesId) terms.add(whole);
  for (const part of parts) if (!figure.test(part)) terms.add(part);
  if (/^[a-z]+(?:-[a-z]+)+$/.test(whole)) terms.add(parts.join(''));
  return [...terms];
}

/**
 * The parts of an identifier or hyphenated word, longer than a letter (`face.no_face` → `face`,
 * `no`, `face`); none for a plain word. Parts keep their stop words: `no` in `FACE.NO_FACE`, `on`
 * in `on-premise`.
 */
export function identifierParts(word: string): string[] {
  return separators.test(word) ? word.split(separators).filter((part) => part.length > 1) : [];
}

export {stem};
