/**
 * A mistake in a file a writer edits (a page, the contract, a data file, a partial): the build
 * fails with its message alone, which names the file, the line and the field, and no stack trace,
 * which would point into our code instead of at the mistake. An error of any other class is a
 * defect of the code and keeps its stack.
 */
import leven from 'leven';

export class SourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
    // What Docusaurus and the dev server's overlay print: the message, not our call stack.
    this.stack = `${this.name}: ${message}`;
  }
}

/** ` (did you mean "fact"?)` when one of `known` is close to `word`, else nothing; `show` writes the name. */
export function didYouMean(
  word: string,
  known: Iterable<string>,
  show = (name: string): string => `"${name}"`,
): string {
  let best: {name: string; distance: number} | undefined;
  for (const name of known) {
    const distance = leven(word.toLowerCase(), name.toLowerCase());
    if (!best || distance < best.distance) best = {name, distance};
  }
  const allowed = Math.max(2, Math.floor(word.length / 3));
  return best && best.distance <= allowed ? ` (did you mean ${show(best.name)}?)` : '';
}
