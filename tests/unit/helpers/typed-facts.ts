/**
 * Finds the facts of plugins/vultus-contract/facts/facts.ts typed into a Markdown source: each spelling
 * of a fact (`forms`) that is not part of a longer number or word, with a word that names the
 * fact (`names`) within `reach` characters. Used by typed-facts.test.ts.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {expandContractStrings, type Contract} from '../../../plugins/vultus-contract/contract/contract';
import type {Fact} from '../../../plugins/vultus-contract/facts/fact';
import {substituteFacts} from '../../../plugins/vultus-contract/facts/facts';
import {expandIncludesInSource} from '../../../plugins/vultus-contract/partials/include';
import {sources} from './pages';

const siteDir = path.resolve(__dirname, '../../..');

/** The contract document, read once per test process. */
let contract: Contract | undefined;

/**
 * A page's Markdown source as the build reads it, for the tests that read sources synchronously:
 * each `::include` and snippet line expanded, then each `%{key}` replaced (the facts read only the
 * contract document and data/).
 */
export function withFacts(source: string, file: string): string {
  // Expanded as the loader does, so a retention period written with a placeholder reads as its value.
  contract ??= {
    document: expandContractStrings(parse(readFileSync(path.join(siteDir, 'contract/openapi.yaml'), 'utf8'))),
  } as Contract;
  return substituteFacts(contract, sources, expandIncludesInSource(source, sources), file);
}

/** How far around a typed value a word that names the fact may be, in characters. */
const reach = 120;

export interface TypedCopy {
  file: string;
  line: number;
  /** The fact the value is, or the first of several with the same value and names. */
  fact: string;
  /** Every fact that value could be at that place. */
  facts: string[];
  form: string;
  lineText: string;
}

const escape = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a word starting with `name` is in the text (`retention` in "retention", not "age" in "page"). */
const names = (text: string, name: string): boolean =>
  new RegExp(`(?<![a-z0-9])${escape(name.toLowerCase())}`).test(text);

/** A number without a unit (`3`, `50`): named only by a word right beside it. */
const bare = (form: string): boolean => /^\d{1,2}$/.test(form);

/** Where a page types a fact: each form, not inside a longer number or word, near a name. */
export function findTypedCopies(file: string, source: string, facts: Fact[]): TypedCopy[] {
  const candidates: Array<{at: number; end: number; fact: string; form: string}> = [];
  const lowered = source.toLowerCase();
  const lines = source.split('\n');
  const lineOf = (at: number): number => source.slice(0, at).split('\n').length;
  for (const fact of facts) {
    for (const form of fact.forms) {
      // 0 and 1 read as words and counts everywhere.
      if (/^[01]$/.test(form)) continue;
      const pattern = new RegExp(`(?<![\\w.%{-])${escape(form)}(?![\\w]|[.,]\\d)`, 'g');
      for (const match of source.matchAll(pattern)) {
        const at = match.index;
        const lineText = lines[lineOf(at) - 1] ?? '';
        // A numbered list item ("3. Call …") is not a value.
        if (bare(form) && new RegExp(`^\\s*${form}\\. `).test(lineText)) continue;
        const near = bare(form) ? 40 : reach;
        const window = lowered.slice(Math.max(0, at - near), at + form.length + near);
        if (fact.names.length > 0 && !fact.names.some((name) => names(window, name))) continue;
        if (fact.requires && !names(window, fact.requires)) continue;
        candidates.push({at, end: at + form.length, fact: fact.key, form});
      }
    }
  }
  // The longest spelling wins: "0 to 30 days" is one range, not also "30 days".
  candidates.sort((a, b) => b.end - b.at - (a.end - a.at));
  const copies: Array<TypedCopy & {at: number; end: number}> = [];
  for (const candidate of candidates) {
    const same = copies.find((copy) => copy.at === candidate.at && copy.end === candidate.end);
    if (same) {
      if (!same.facts.includes(candidate.fact)) same.facts.push(candidate.fact);
      continue;
    }
    if (copies.some((copy) => candidate.at < copy.end && copy.at < candidate.end)) continue;
    const line = lineOf(candidate.at);
    copies.push({
      file,
      line,
      fact: candidate.fact,
      facts: [candidate.fact],
      form: candidate.form,
      lineText: lines[line - 1] ?? '',
      at: candidate.at,
      end: candidate.end,
    });
  }
  return copies
    .sort((a, b) => a.at - b.at)
    .map((copy) => ({
      file: copy.file,
      line: copy.line,
      fact: copy.fact,
      facts: copy.facts,
      form: copy.form,
      lineText: copy.lineText,
    }));
}
