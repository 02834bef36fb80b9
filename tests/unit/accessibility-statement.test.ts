/**
 * The Web SDK accessibility statement (data/sdk/accessibility.yaml, docs/webSDK/accessibility.md)
 * agrees with the rest of the docs: what it says was tested runs on browsers and systems the
 * compatibility matrix supports, each time it gives for an SDK is the one that SDK's page gives,
 * and each option, event or method it names is one of the SDK's.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {sources} from './helpers/pages';

const siteDir = path.resolve(__dirname, '../..');
const statement = sources.data('sdk/accessibility.yaml');
const browsers = sources.data('sdk/browsers.yaml');

/** The last number of a minimum (`'100'`, `iOS 16`, `Windows 10`). */
const lastNumber = (text: string): number => Number(/(\d+)(?!.*\d)/.exec(text)?.[1] ?? NaN);

test('every browser and system the statement was tested on is one the compatibility matrix supports', () => {
  const supported = [...browsers.desktop, ...browsers.mobile];
  let checked = 0;
  for (const row of statement.assistive_technologies) {
    for (const named of row.browser.split(', ')) {
      const [, name = '', version = ''] = /^(.+) (\d+)$/.exec(named) ?? [];
      const browser = supported.find(
        (entry) => entry.browser === name || entry.browser.startsWith(`${name} and `),
      );
      assert.ok(browser, `${row.technology}: ${named} is in data/sdk/browsers.yaml`);
      assert.ok(
        Number(version) >= lastNumber(browser.minimum),
        `${row.technology}: ${named} is at least ${browser.minimum}`,
      );
      checked += 1;
    }
    for (const named of row.platform.split(', ')) {
      const [, name = '', version = ''] = /^(.+?) (\d+)\b/.exec(named) ?? [];
      const platform = browsers.platforms.find(
        (entry) => entry.platform === name || entry.platform.startsWith(`${name} and `),
      );
      assert.ok(platform, `${row.technology}: ${named} is a platform of data/sdk/browsers.yaml`);
      assert.ok(
        Number(version) >= lastNumber(platform.minimum),
        `${row.technology}: ${named} is at least ${platform.minimum}`,
      );
    }
  }
  assert.ok(checked >= 10, `${checked} browsers checked`);
});

/** The Accessibility section of an SDK page, as written. */
function accessibilitySection(file: string): string {
  const page = readFileSync(path.join(siteDir, 'docs/webSDK', file), 'utf8');
  const start = page.indexOf('\n## Accessibility\n');
  assert.ok(start > 0, `${file}: an Accessibility section`);
  const end = page.indexOf('\n## ', start + 1);
  return page.slice(start, end < 0 ? undefined : end);
}

/**
 * The times of a text (`1.5 seconds`, `300 ms`): what an SDK does, where the statement's other
 * figures (4.5:1, 320 CSS pixels, 400%) are the standard's own.
 */
const times = (text: string): string[] =>
  [...text.matchAll(/\b\d+(?:\.\d+)? ?(?:ms|milliseconds|seconds?)\b/g)].map((match) => match[0]);

test('each time the statement gives for an SDK is the one that SDK page gives', () => {
  let checked = 0;
  for (const [sdk, file] of [
    ['web-sdk', 'web-sdk.md'],
    ['gui-web-sdk', 'gui-web-sdk.md'],
  ] as const) {
    const section = accessibilitySection(file);
    const notes = statement.criteria.map((criterion) => criterion[sdk].note).join('\n');
    for (const time of new Set(times(notes))) {
      assert.ok(
        section.includes(time),
        `${sdk}: "${time}" in the statement is in docs/webSDK/${file}#accessibility`,
      );
      checked += 1;
    }
  }
  assert.ok(checked >= 2, `${checked} times checked`);
});

test('each option, event, method or field the statement names in code is one its SDK has', () => {
  const text = (file: string): string =>
    readFileSync(path.join(siteDir, 'data/sdk', `${file}.yaml`), 'utf8') +
    readFileSync(path.join(siteDir, 'docs/webSDK', `${file}.md`), 'utf8');
  const known = {'web-sdk': text('web-sdk'), 'gui-web-sdk': text('gui-web-sdk') + text('web-sdk')};
  let checked = 0;
  for (const sdk of ['web-sdk', 'gui-web-sdk'] as const) {
    for (const criterion of statement.criteria) {
      // A camelCase identifier in code (`guidanceInterval`, `setLocale()`) names one of the SDK's.
      for (const [, name = ''] of criterion[sdk].note.matchAll(/`([a-z]+[A-Z][A-Za-z]*)(?:\(\))?`/g)) {
        assert.match(
          known[sdk],
          new RegExp(`\\b${name}\\b`),
          `${criterion.id} (${sdk}): \`${name}\` is the SDK's`,
        );
        checked += 1;
      }
    }
  }
  assert.ok(checked >= 5, `${checked} names checked`);
});
