/**
 * When a response field is present is said once, in the field's description in the contract (the
 * reference renders it). A page sentence that says a field is absent, or present only, under some
 * condition may repeat that condition, but only in the contract's terms: each code span of the
 * condition appears in the contract's description of that field. A page that conditions
 * `selfie_match` on `config.require_selfie` alone, when the contract conditions it on a bound
 * liveness session too, fails here.
 *
 * Run: node --import tsx --test tests/unit/field-presence.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {docsDir, listMarkdown, siteDir, sources} from './helpers/pages';

/** The descriptions of every property of the contract, by property name. */
function descriptions(document: unknown): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const object = node as Record<string, unknown>;
      if (object.properties && typeof object.properties === 'object') {
        for (const [name, property] of Object.entries(object.properties as Record<string, unknown>)) {
          const text = (property as {description?: unknown}).description;
          if (typeof text === 'string') found.set(name, [...(found.get(name) ?? []), text]);
        }
      }
      Object.values(object).forEach(walk);
    }
  };
  walk(document);
  return found;
}

const presence =
  /\b(is absent|are absent|absent when|absent unless|present only|only present|is omitted when)\b/;

test('a page states when a field is present only in the terms the contract does', async () => {
  const contract = await sources.contract();
  const described = descriptions(contract.document);
  const files = [
    ...(await listMarkdown(docsDir)),
    ...(await listMarkdown(path.join(docsDir, '_partials')).catch(() => [])),
  ];
  const wrong: string[] = [];
  for (const file of new Set(files)) {
    const prose = readFileSync(file, 'utf8').replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
    for (const line of prose.split('\n')) {
      // "It is absent when …" speaks of the field the line (a list item, a paragraph) begins with.
      const lead = /^[-*\d.\s]*`([\w.[\]]+)`/.exec(line)?.[1];
      for (const sentence of line.split(/(?<=[.!?])\s+/)) {
        const match = presence.exec(sentence);
        if (!match) continue;
        const named = [...sentence.slice(0, match.index).matchAll(/`([\w.[\]]+)`/g)].map(
          (code) => code[1] ?? '',
        );
        const before = named.length === 0 && /^(It|They)\b/.test(sentence) && lead ? [lead] : named;
        const after = [
          ...(sentence.slice(match.index).split(/;|, and |: /)[0] ?? '').matchAll(/`([^`]+)`/g),
        ].map((code) => code[1] ?? '');
        for (const field of before) {
          const texts = described.get(field.split('.').at(-1) ?? field);
          if (!texts) continue;
          for (const condition of after) {
            if (!texts.some((text) => text.includes(`\`${condition}\``))) {
              wrong.push(
                `${path.relative(siteDir, file)}: \`${field}\` ${match[1]} … \`${condition}\`, which the contract's description of \`${field}\` does not name`,
              );
            }
          }
        }
      }
    }
  }
  assert.deepEqual(wrong, [], 'say it in the contract, and link to the reference');
});
