/**
 * `inlineMarkdown` (plugins/vultus-contract/mdast.ts) hands plain words back as one text node
 * without parsing them. That shortcut must give what the parser gives: for every string of the
 * contract and of every data file, and for text chosen to sit at the edge of the rule (list
 * markers, emphasis, autolinks, trailing spaces), the two trees are the same.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {dataFiles} from '../../plugins/vultus-contract/data/load';
import {inlineMarkdown, parsedInlineMarkdown} from '../../plugins/vultus-contract/mdast';
import {siteDir} from './helpers/pages';

/** Every string in a parsed YAML value. */
function strings(value: unknown, out: Set<string>): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) value.forEach((item) => strings(item, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => strings(item, out));
  return out;
}

/** A tree without the parser's source positions, which the renderers do not use. */
const withoutPositions = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (key, item: unknown) => (key === 'position' ? undefined : item)));

const edges = [
  '1. first',
  '2) second',
  '10.5 seconds',
  '- a dash',
  '+ plus',
  'a_b_c and *stars*',
  'snake_case',
  'ends with a space ',
  'two  spaces',
  'www.example.com',
  'see https://example.com',
  'user@example.com',
  '(in brackets)',
  'It’s 100% ready',
  'a -- b — c',
  'Why?',
  'A & B',
  '<b>bold</b>',
  '`code`',
  'line\nbreak',
  'Tab\there',
  '',
];

test('the plain-text shortcut gives the parser’s tree, for every string of the contract and data/', () => {
  const found = strings(parse(readFileSync(path.join(siteDir, 'contract/openapi.yaml'), 'utf8')), new Set());
  for (const file of dataFiles(siteDir))
    strings(parse(readFileSync(path.join(siteDir, 'data', file), 'utf8')), found);
  assert.ok(found.size > 1000, `${found.size} strings`);
  let shortcut = 0;
  for (const value of [...found, ...edges]) {
    const fast = inlineMarkdown(value);
    assert.deepEqual(
      withoutPositions(fast),
      withoutPositions(parsedInlineMarkdown(value)),
      JSON.stringify(value),
    );
    if (fast.length === 1 && fast[0]?.type === 'text' && !('position' in fast[0])) shortcut += 1;
  }
  // The shortcut is taken for most strings: a rule that never matches would pass the check above.
  assert.ok(shortcut > found.size / 4, `${shortcut} of ${found.size} strings without a parse`);
});
