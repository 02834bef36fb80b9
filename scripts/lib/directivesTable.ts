/**
 * CONTRIBUTING.md's table of directives, made from the registry (plugins/vultus-contract/directives.ts):
 * one section per source, one row per directive with its attributes and what it renders. Written by
 * `npm run directives`; tests/unit/directives.test.ts fails when the file and the registry differ.
 */
import {directiveGroups} from '../../plugins/vultus-contract/directives';
import {marker} from '../../plugins/vultus-contract/directive';

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

/** The rows of CONTRIBUTING.md's tables between the markers, cells trimmed (padding aside). */
export function writtenRows(contributing: string): string[][] {
  const start = contributing.indexOf(tableStart);
  const end = contributing.indexOf(tableEnd);
  if (start < 0 || end < start) return [];
  return contributing
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
