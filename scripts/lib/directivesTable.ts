/**
 * DIRECTIVES.md's table of directives, made from the registry (plugins/vultus-contract/directives.ts):
 * one section per source, one row per directive with its attributes and what it renders. The table
 * sits between two markers; the text around it is written by hand. `npm run directives` writes it,
 * and tests/unit/directives.test.ts fails when the file differs from what that would write.
 */
import path from 'node:path';
import * as prettier from 'prettier';
import {directiveGroups} from '../../plugins/vultus-contract/directives';
import {marker} from '../../plugins/vultus-contract/directive';

/** The file the table is written into. */
export const directivesFile = path.resolve(__dirname, '../../DIRECTIVES.md');

export const tableStart =
  '<!-- directives: written by `npm run directives` from plugins/vultus-contract/directives.ts -->';
export const tableEnd = '<!-- /directives -->';

const escape = (value: string): string => value.replace(/\|/g, '\\|');

/** The rows of each source's table: directive, attributes, what it renders. */
export function directiveRows(): Array<{source: string; rows: string[][]}> {
  return directiveGroups.map((group) => ({
    source: group.source,
    rows: group.directives.map((directive) => [
      `\`${marker[directive.syntax]}${directive.name}\``,
      directive.attributes === 'params'
        ? '`src`, and the parameters the partial declares'
        : directive.attributes.map((name) => `\`${name}\``).join(', ') || '—',
      escape(directive.summary),
    ]),
  }));
}

export function directivesMarkdown(): string {
  const sections = directiveRows().map(({source, rows}) =>
    [
      `**From ${source}**`,
      '',
      '| Directive | Attributes | Renders |',
      '| --- | --- | --- |',
      ...rows.map((row) => `| ${row.join(' | ')} |`),
    ].join('\n'),
  );
  return [tableStart, '', sections.join('\n\n'), '', tableEnd].join('\n');
}

/**
 * The file's text with the table between the markers written from the registry, formatted as
 * Prettier formats the file (.prettierrc.json), so that writing it twice changes nothing.
 */
export async function withDirectivesTable(text: string, file = directivesFile): Promise<string> {
  const start = text.indexOf(tableStart);
  const end = text.indexOf(tableEnd);
  if (start < 0 || end < start) {
    throw new Error(`${path.basename(file)}: the markers ${tableStart} … ${tableEnd} are missing`);
  }
  const updated = text.slice(0, start) + directivesMarkdown() + text.slice(end + tableEnd.length);
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(updated, {...options, filepath: file});
}

/** The rows of the tables between the markers, cells trimmed (padding aside). */
export function writtenRows(text: string): string[][] {
  const start = text.indexOf(tableStart);
  const end = text.indexOf(tableEnd);
  if (start < 0 || end < start) return [];
  return text
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line) && !/^\|\s*Directive\s*\|/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}
