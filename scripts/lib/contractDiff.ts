/**
 * What changed in the API contract since its last release, and whether the revision history
 * declares it. The last released contract is the newest file of contract/released/, named by its
 * release date (`2026-11-27.yaml`). api-smart-diff classifies every difference (breaking,
 * non-breaking, deprecated, annotation); a breaking one must be declared by a **Breaking.** entry
 * of the revision history's API changes dated after that release, naming its operation
 * (`` `POST /media` ``). `npm run contract-diff` prints the changelog lines the differences imply;
 * tests/unit/contract-diff.test.ts fails on an undeclared breaking change.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {apiCompare, type Diff} from 'api-smart-diff';
import {parse as parseYaml} from 'yaml';
import {httpMethods} from '../../plugins/vultus-contract/contract/contract';

const methods = new Set<string>(httpMethods);

/** The newest released contract: its file and release date. */
export function lastReleased(siteDir: string): {file: string; date: string} {
  const dir = path.join(siteDir, 'contract/released');
  const dated = readdirSync(dir)
    .filter((name) => /^\d{4}-\d{2}-\d{2}\.yaml$/.test(name))
    .sort();
  const newest = dated.at(-1);
  if (!newest) throw new Error('contract/released/ holds no released contract (<YYYY-MM-DD>.yaml)');
  return {file: path.join(dir, newest), date: newest.slice(0, 10)};
}

/** `POST /media` for a difference inside an operation; the JSON path of the rest. */
export function whereOf(diff: Diff): string {
  const [root, route, method] = diff.path.map(String);
  if (root === 'paths' && route && method && methods.has(method)) return `${method.toUpperCase()} ${route}`;
  if (root === 'paths' && route) return route;
  return diff.path.join('.');
}

/** The revision history's API change entries dated after `since`, by tag: their texts. */
export function entriesAfter(revisionHistory: string, since: string): Map<string, string[]> {
  const section = /^## API changes$([\s\S]*?)(?=^## )/m.exec(revisionHistory)?.[1] ?? '';
  const entries = new Map<string, string[]>();
  let date = '';
  for (const line of section.split('\n')) {
    const heading = /^#### (\d{4}-\d{2}-\d{2})$/.exec(line);
    if (heading) date = heading[1] ?? '';
    if (!line.startsWith('- ') || date <= since) continue;
    // One bullet may carry several tagged sentences: **New.** … **Changed.** …
    for (const tagged of line.slice(2).split(/(?=\*\*[A-Z][a-z]+\.\*\*)/)) {
      const tag = /^\*\*([A-Z][a-z]+)\.\*\*/.exec(tagged)?.[1];
      if (tag) entries.set(tag, [...(entries.get(tag) ?? []), tagged]);
    }
  }
  return entries;
}

export type ContractDiff = {
  since: string;
  diffs: Diff[];
  /** Breaking differences no **Breaking.** entry after the release names, by where they are. */
  undeclared: string[];
  /** The changelog lines the differences imply, one per operation and kind of change. */
  changelog: string[];
};

const tagOf: Record<string, string | undefined> = {
  breaking: 'Breaking',
  deprecated: 'Deprecated',
  'non-breaking': 'New',
};

/** The differences between `current` (the contract's text) and the last released contract. */
export type ContractChanges = {since: string; diffs: Diff[]};

/** Compares `current` (the contract's text) with the last released contract: the costly part. */
export function contractChanges(siteDir: string, current: string): ContractChanges {
  const released = lastReleased(siteDir);
  const {diffs} = apiCompare(parseYaml(readFileSync(released.file, 'utf8')), parseYaml(current));
  return {since: released.date, diffs};
}

/** What a revision history declares of the changes: the breaking ones it does not, and the changelog lines. */
export function judgeChanges({since, diffs}: ContractChanges, revisionHistory: string): ContractDiff {
  const declared = entriesAfter(revisionHistory, since).get('Breaking') ?? [];
  const undeclared = new Set<string>();
  const lines = new Set<string>();
  for (const diff of diffs) {
    const where = whereOf(diff);
    const tag = tagOf[diff.type];
    if (tag) lines.add(`- **${tag}.** \`${where}\`: ${diff.description ?? diff.action}`);
    if (diff.type === 'breaking' && !declared.some((entry) => entry.includes(`\`${where}\``)))
      undeclared.add(where);
  }
  return {since, diffs, undeclared: [...undeclared].sort(), changelog: [...lines]};
}

/** Compares `current` (the contract's text) with the last released contract, judged by `revisionHistory`. */
export function contractDiff(siteDir: string, current: string, revisionHistory: string): ContractDiff {
  return judgeChanges(contractChanges(siteDir, current), revisionHistory);
}
