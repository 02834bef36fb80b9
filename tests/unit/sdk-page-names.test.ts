/**
 * Each Web SDK page names only its own SDK's API. The GUI page renders lists and catalogue rows
 * it shares with the Web SDK page; a shared row must not tell a GUI reader to call a method or
 * set an option only the Web SDK has, or the other way round.
 *
 * 1. Every `name()` in the text and tables of an SDK page (code blocks aside: the samples are
 *    checked by sdk-samples.test.ts) is a function or method of that page's SDK reference, and
 *    no option or event of the other SDK appears as code unless this SDK has it too.
 * 2. The "API errors" table lists only errors the API raises, as its introduction says: the SDK's
 *    own `parameter_*` checks are described with the options. The GUI has its own list, with the
 *    Web SDK's codes and its own handling.
 *
 * Run: node --import tsx --test tests/unit/sdk-page-names.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Root} from 'mdast';
import {visit} from 'unist-util-visit';
import {renderPageMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import {bundledContract, siteDir, sources, withDocs} from './helpers/pages';

type Json = Record<string, unknown>;

interface Reference {
  label: string;
  file: string;
  page: string;
  /** Owner-less calls: the package's functions and the instance's methods. */
  calls: Set<string>;
  options: Set<string>;
  events: Set<string>;
  apiErrors: ReadonlyArray<{code: string; sdk_behaviour?: string; gui_behaviour?: string}>;
}

function reference(label: string, file: 'web-sdk.yaml' | 'gui-web-sdk.yaml', page: string): Reference {
  const data = sources.data(`sdk/${file}`);
  const names = (items: ReadonlyArray<{name: string}>): string[] => items.map((item) => item.name);
  return {
    label,
    file,
    page,
    calls: new Set(names(data.methods).map((name) => name.split('.').pop() as string)),
    options: new Set(names(data.options)),
    events: new Set(names(data.events)),
    apiErrors: data.api_errors ?? [],
  };
}

const web = reference('Web SDK', 'web-sdk.yaml', 'docs/webSDK/web-sdk.md');
const gui = reference('GUI Web SDK', 'gui-web-sdk.yaml', 'docs/webSDK/gui-web-sdk.md');
/** The names an SDK page may use as its SDK's object or global before a call. */
const owners = new Set([
  'capture',
  'gui',
  'VultusWebSDK',
  'VultusGUI',
  'window.VultusWebSDK',
  'window.VultusGUI',
]);

/** The inline code of a rendered page: its prose, lists and tables, not its code blocks. */
function inlineCode(tree: Root): string[] {
  const values: string[] = [];
  visit(tree, 'inlineCode', (node: {value: string}) => {
    values.push(node.value);
  });
  return values;
}

/** What a page names that its SDK reference lacks, as messages. */
export function foreignNames(codes: string[], own: Reference, other: Reference): string[] {
  const problems = new Set<string>();
  for (const value of codes) {
    // A call: `retry()`, `capture.on(event, handler)`, `start(): Promise<void>`.
    const call = /^((?:[\w$]+\.)*)([\w$]+)\([^()]*\)(?::.*)?$/.exec(value);
    if (call) {
      const owner = (call[1] ?? '').replace(/\.$/, '');
      const name = call[2] as string;
      if ((owner === '' || owners.has(owner)) && !own.calls.has(name)) {
        problems.add(`\`${value}\`: ${own.label} has no ${name}()`);
      }
      continue;
    }
    // An option, alone or with a value: `facingMode`, `styles: 'external'`.
    const word = /^([A-Za-z][\w-]*)(?::\s.*)?$/.exec(value)?.[1];
    if (!word) continue;
    if (other.options.has(word) && !own.options.has(word)) {
      problems.add(`\`${value}\`: ${own.label} has no option ${word}`);
    }
    if (value === word && other.events.has(word) && !own.events.has(word)) {
      problems.add(`\`${value}\`: ${own.label} has no event ${word}`);
    }
  }
  return [...problems];
}

for (const [own, other] of [
  [web, gui],
  [gui, web],
] as const) {
  test(`${own.page} names only methods, options and events of the ${own.label}`, async () => {
    const {tree} = await renderPageMarkdown(await withDocs(), path.join(siteDir, own.page));
    const codes = inlineCode(tree);
    assert.ok(codes.length > 100, `${own.page}: only ${codes.length} code spans found`);
    assert.deepEqual(foreignNames(codes, own, other), []);
  });
}

test('the name check finds a method and an option the SDK lacks', () => {
  assert.deepEqual(
    foreignNames(
      [
        'retry()',
        'restart()',
        'navigator.mediaDevices.enumerateDevices()',
        'facingMode',
        'guidance',
        'deviceId',
      ],
      gui,
      web,
    ),
    [
      '`retry()`: GUI Web SDK has no retry()',
      '`facingMode`: GUI Web SDK has no option facingMode',
      '`guidance`: GUI Web SDK has no event guidance',
    ],
  );
});

test('the API errors tables list only errors the API raises, with each SDK’s own handling', async () => {
  const contract = await bundledContract();
  const catalogue = new Map(
    (contract['x-error-codes'] as Json[]).map((entry) => [String(entry.code), entry]),
  );
  for (const [sdk, field] of [
    [web, 'sdk_behaviour'],
    [gui, 'gui_behaviour'],
  ] as const) {
    assert.ok(sdk.apiErrors.length > 0, `${sdk.file}: api_errors is missing`);
    for (const row of sdk.apiErrors) {
      const code = String(row.code);
      const entry = catalogue.get(code);
      assert.ok(entry, `${sdk.file}: api_errors: ${code} is not in x-error-codes`);
      assert.notEqual(entry.raised_by, 'sdk', `${sdk.file}: api_errors: ${code} is raised in the browser`);
      assert.equal(typeof entry.status, 'number', `${sdk.file}: api_errors: ${code} has no HTTP status`);
      assert.doesNotMatch(
        String(row[field]),
        /raised by the (SDK|GUI)|(SDK|GUI) raises/i,
        `${sdk.file}: api_errors: ${code} says the SDK raises it, under "These come from the API"`,
      );
    }
    // The page renders its own SDK's list.
    const source = readFileSync(path.join(siteDir, sdk.page), 'utf8');
    assert.match(
      source,
      new RegExp(`::data-table\\{src="sdk/${sdk.file}" path="api_errors" columns="code,${field}"`),
      `${sdk.page} renders its own api_errors`,
    );
    // Their catalogue rows are those codes, not every code of their types (server-only keys, signatures).
    assert.ok(
      source.includes(`::error-codes{sdk="${sdk.file.replace('.yaml', '')}"}`),
      `${sdk.page}: catalogue rows`,
    );
    assert.doesNotMatch(source, /::error-codes\{type=/, `${sdk.page}: rows of whole error types`);
  }
  assert.deepEqual(
    gui.apiErrors.map((row) => row.code),
    web.apiErrors.map((row) => row.code),
    'the GUI passes on the same API errors as the Web SDK',
  );
  // The options check raises parameter_* in the browser, so the options section says so.
  for (const sdk of [web, gui]) {
    const {markdown} = await renderPageMarkdown(await withDocs(), path.join(siteDir, sdk.page));
    const options = markdown.split('\n## Initialisation options\n')[1]?.split('\n## ')[0] ?? '';
    assert.match(options, /`parameter_missing`/, `${sdk.page}: the options check`);
    assert.match(options, /`request_id` `null`/, `${sdk.page}: the options check raises in the browser`);
  }
});
