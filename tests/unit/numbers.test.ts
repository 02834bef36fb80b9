/**
 * One way to write a number and one placeholder language (plugins/vultus-contract/numbers.ts and
 * placeholders.ts): the forms read as documented, and no other module of the plugin writes a number
 * with its own toLocaleString or matches `%{key}` with its own pattern, so a limit, a threshold or
 * a rate cannot read one way on a page and another in the contract.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {grouped, numberFormats, percent, thresholdText} from '../../plugins/vultus-contract/numbers';
import {expandPlaceholders} from '../../plugins/vultus-contract/placeholders';
import {siteDir} from './helpers/pages';

test('numbers read one way: grouped thousands, thresholds with no digit dropped, rates as percentages', () => {
  assert.equal(grouped(10485760), '10,485,760');
  assert.equal(thresholdText(0.8), '0.80');
  assert.equal(thresholdText(0.855), '0.855', 'a third decimal is kept, not rounded away');
  assert.equal(thresholdText(600), '600');
  assert.equal(percent(0.0085), '0.85%');
  assert.equal(percent(0.9981), '99.81%');
  assert.equal(numberFormats.MB?.(10485760, 'limits.image.max_bytes'), '10 MB');
  assert.equal(numberFormats.hours?.(86400, 'limits.kyc_link_lifetime_seconds.max'), '24 hours');
});

test('one placeholder language: a format on a value that is not a number, an unknown format or key, and a misspelt placeholder fail', () => {
  const values = new Map([
    ['limits.a_seconds', {text: '3,600', number: 3600}],
    ['retention.x', {text: '5 years'}],
  ]);
  const fail = (placeholder: string, why: string, key?: string): never => {
    throw new Error(`${placeholder}: ${why}${key ? ` [${key}]` : ''}`);
  };
  const expand = (text: string): string => expandPlaceholders(text, (key) => values.get(key), fail);
  assert.equal(expand('%{limits.a_seconds} s, %{limits.a_seconds|hours}'), '3,600 s, 1 hour');
  assert.equal(expand('curl -w "%{http_code}"'), 'curl -w "%{http_code}"');
  assert.throws(() => expand('%{retention.x|days}'), /retention\.x is not a number, so it takes no format/);
  assert.throws(() => expand('%{limits.a_seconds|GB}'), /unknown format "GB"/);
  assert.throws(() => expand('%{limits.b}'), /no such fact \[limits\.b\]/);
  assert.throws(() => expand('%{Limits.a_seconds}'), /not a placeholder/);
});

test('no other module of the plugin writes a number with toLocaleString or matches a placeholder key itself', () => {
  const pluginDir = path.join(siteDir, 'plugins');
  const files = (dir: string): string[] =>
    readdirSync(dir, {withFileTypes: true}).flatMap((entry) =>
      entry.isDirectory()
        ? files(path.join(dir, entry.name))
        : entry.name.endsWith('.ts')
          ? [path.join(dir, entry.name)]
          : [],
    );
  const own = new Set(
    ['numbers.ts', 'placeholders.ts'].map((name) => path.join(pluginDir, 'vultus-contract', name)),
  );
  const found = files(pluginDir)
    .filter((file) => !own.has(file))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({line, at: `${path.relative(siteDir, file)}:${index + 1}`}))
        .filter(({line}) => /\.toLocaleString\(|%\\\{\(\[a-z\]/.test(line))
        .map(({at, line}) => `${at}: ${line.trim()}`),
    );
  assert.deepEqual(found, []);
});
