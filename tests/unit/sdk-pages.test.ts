/**
 * Checks the Web SDK pages (docs/webSDK/web-sdk.md, docs/webSDK/gui-web-sdk.md) and the data
 * files they render (data/sdk/web-sdk.yaml, data/sdk/gui-web-sdk.yaml).
 *
 * 1. The data files have every required field; asset MIME types match their extensions; the CSP
 *    lists allow WebAssembly and the API hosts; the facts shared by both files agree; error codes
 *    agree with the contract's catalogue.
 * 2. Every fenced code block of both pages parses: JavaScript and TypeScript (TS, TSX, JSX)
 *    through the TypeScript compiler API, the inline scripts of HTML blocks, the <script setup>
 *    of Vue blocks, JSON, YAML, shell (`bash -n`), Python (`ast.parse`), and a structural check
 *    for the languages without a parser here (XML, CSS, nginx, Apache, Kotlin, Swift, HTTP).
 * 3. Each page has its required `##` sections, its directives render, and what its code shows
 *    (CSP headers, CDN URLs, integrity hashes, version pins, cURL paths) matches the data.
 *
 * Run: node --import tsx --test tests/unit/sdk-pages.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import ts from 'typescript';
import {parse as parseYaml, parseAllDocuments} from 'yaml';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import {toString} from 'mdast-util-to-string';
import {visit} from 'unist-util-visit';
import type {Code, Heading, PhrasingContent, Root} from 'mdast';
import {withFacts} from './helpers/typed-facts';
import {renderPageMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import {expandIncludes} from '../../plugins/vultus-contract/partials/include';
import {codeBlocks, renderedDocs, sources, withDocs} from './helpers/pages';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// ---------------------------------------------------------------- data files

type Json = Record<string, unknown>;

interface CdnFile {
  file: string;
  url: string;
  integrity: string;
}
interface CspRow {
  directive: string;
  value: string;
  value_self_hosted: string;
  required: string;
  why: string;
}
interface SdkData {
  package: string;
  version: string;
  global: string;
  cdn: {assets_base: string; files: CdnFile[]};
  options: Json[];
  events: Json[];
  methods: Json[];
  assets: Json[];
  csp: CspRow[];
  locales: Json[];
  webview: Json[];
  troubleshooting: Json[];
  raw: Json;
}

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(item: Json, key: string, where: string): string {
  const value = item[key];
  assert.ok(
    typeof value === 'string' && value.trim().length > 0,
    `${where}: "${key}" must be a non-empty string`,
  );
  return value;
}

function list(item: Json, key: string, where: string): Json[] {
  const value = item[key];
  assert.ok(Array.isArray(value) && value.length > 0, `${where}: "${key}" must be a non-empty list`);
  value.forEach((entry, index) => assert.ok(isRecord(entry), `${where}.${key}[${index}] must be a mapping`));
  return value as Json[];
}

/** Every item of a list has these fields as non-empty strings (numbers allowed where named). */
function requireFields(items: Json[], fields: string[], where: string, numeric: string[] = []): void {
  items.forEach((item, index) => {
    for (const field of fields) {
      if (numeric.includes(field)) {
        const value = item[field];
        assert.ok(
          typeof value === 'number' && Number.isInteger(value) && value > 0,
          `${where}[${index}].${field} must be a positive integer`,
        );
      } else {
        text(item, field, `${where}[${index}]`);
      }
    }
  });
}

function unique(items: Json[], key: string, where: string): void {
  const values = items.map((item) => String(item[key]));
  const duplicates = values.filter((value, index) => values.indexOf(value) !== index);
  assert.deepEqual(duplicates, [], `${where}: duplicate ${key}`);
}

function loadSdk(file: string): SdkData {
  const where = `data/sdk/${file}`;
  const raw: unknown = parseYaml(readFileSync(path.join(ROOT, 'data', 'sdk', file), 'utf8'));
  assert.ok(isRecord(raw), `${where}: not a mapping`);
  const version = text(raw, 'version', where);
  assert.match(version, /^\d+\.\d+\.\d+$/, `${where}: version must be an exact semantic version`);
  const cdn = raw.cdn;
  assert.ok(isRecord(cdn), `${where}: cdn must be a mapping`);
  const assetsBase = text(cdn, 'assets_base', `${where}.cdn`);
  const files = list(cdn, 'files', `${where}.cdn`);
  requireFields(files, ['file', 'url', 'integrity'], `${where}.cdn.files`);
  const csp = list(raw, 'csp', where);
  requireFields(csp, ['directive', 'value', 'value_self_hosted', 'required', 'why'], `${where}.csp`);
  return {
    package: text(raw, 'package', where),
    version,
    global: text(raw, 'global', where),
    cdn: {assets_base: assetsBase, files: files as unknown as CdnFile[]},
    options: list(raw, 'options', where),
    events: list(raw, 'events', where),
    methods: list(raw, 'methods', where),
    assets: list(raw, 'assets', where),
    csp: csp as unknown as CspRow[],
    locales: list(raw, 'locales', where),
    webview: list(raw, 'webview', where),
    troubleshooting: list(raw, 'troubleshooting', where),
    raw,
  };
}

const web = loadSdk('web-sdk.yaml');
const gui = loadSdk('gui-web-sdk.yaml');
const sdks = [
  {file: 'web-sdk.yaml', data: web, cdnPath: 'web-sdk'},
  {file: 'gui-web-sdk.yaml', data: gui, cdnPath: 'web-sdk-gui'},
] as const;

const MIME_BY_EXTENSION: Record<string, string> = {
  wasm: 'application/wasm',
  bin: 'application/octet-stream',
  json: 'application/json',
  js: 'text/javascript',
  css: 'text/css',
};
const API_HOSTS = [
  'https://api.vultus.example',
  'https://api.eu.vultus.example',
  'https://api.us.vultus.example',
];
const CDN_ORIGIN = 'https://cdn.vultus.example';

const tokens = (value: string): string[] => value.split(/\s+/).filter(Boolean);
const cspRow = (data: SdkData, directive: string): CspRow | undefined =>
  data.csp.find((row) => row.directive === directive);

/** The contract, for the error catalogue, the error types and the paths cURL samples may use. */
const contract: unknown = parseYaml(readFileSync(path.join(ROOT, 'contract', 'openapi.yaml'), 'utf8'));
assert.ok(isRecord(contract), 'contract/openapi.yaml: not a mapping');
const contractErrorCodes = new Set(
  (Array.isArray(contract['x-error-codes']) ? contract['x-error-codes'] : []).map((entry: unknown) =>
    isRecord(entry) ? String(entry.code) : '',
  ),
);
const contractErrorTypes = ((): Set<string> => {
  const components = contract.components;
  const schemas = isRecord(components) ? components.schemas : undefined;
  const errorType = isRecord(schemas) ? schemas.ErrorType : undefined;
  const values = isRecord(errorType) && Array.isArray(errorType.enum) ? errorType.enum : [];
  return new Set(values.map(String));
})();
const contractPaths = Object.keys(isRecord(contract.paths) ? contract.paths : {});

test('both data files have the same version, with CDN files pinned to it', () => {
  assert.equal(web.version, gui.version, 'the GUI and the Web SDK are released together');
  for (const {file, data, cdnPath} of sdks) {
    const base = `${CDN_ORIGIN}/${cdnPath}/${data.version}/`;
    assert.equal(data.cdn.assets_base, base, `${file}: cdn.assets_base`);
    for (const entry of data.cdn.files) {
      assert.equal(entry.url, `${base}${entry.file}`, `${file}: URL of ${entry.file}`);
      assert.match(entry.integrity, /^sha384-[A-Za-z0-9+/]{64}$/, `${file}: integrity of ${entry.file}`);
    }
    assert.ok(
      data.cdn.files.some((entry) => entry.file.endsWith('.min.js')),
      `${file}: cdn.files must include the script`,
    );
  }
  assert.equal(web.package, '@vultus/web-sdk');
  assert.equal(gui.package, '@vultus/web-sdk-gui');
});

test('options, events and methods have every field', () => {
  for (const {file, data} of sdks) {
    const where = `data/sdk/${file}`;
    requireFields(data.options, ['name', 'type', 'default', 'required', 'description'], `${where}.options`);
    for (const option of data.options) {
      assert.ok(['Yes', 'No'].includes(String(option.required)), `${where}: ${String(option.name)}.required`);
    }
    unique(data.options, 'name', `${where}.options`);
    requireFields(data.events, ['name', 'payload', 'when'], `${where}.events`);
    unique(data.events, 'name', `${where}.events`);
    requireFields(data.methods, ['name', 'signature', 'description'], `${where}.methods`);
    unique(data.methods, 'name', `${where}.methods`);
    const optionNames = data.options.map((option) => String(option.name));
    for (const name of ['clientToken', 'refreshToken', 'region', 'assetsPath', 'locale']) {
      assert.ok(optionNames.includes(name), `${where}: option ${name} is missing`);
    }
    const assetsPath = data.options.find((option) => option.name === 'assetsPath');
    assert.equal(
      assetsPath?.default,
      web.cdn.assets_base,
      `${where}: assetsPath defaults to the Web SDK files`,
    );
    const eventNames = data.events.map((event) => String(event.name));
    for (const name of ['ready', 'complete', 'error']) {
      assert.ok(eventNames.includes(name), `${where}: event ${name} is missing`);
    }
  }
  assert.ok(web.options.some((option) => option.name === 'video' && option.required === 'Yes'));
  for (const name of ['container', 'styles', 'nonce', 'reducedMotion', 'photosensitivityWarning']) {
    assert.ok(
      gui.options.some((option) => option.name === name),
      `gui-web-sdk.yaml: option ${name} is missing`,
    );
  }
  // Every callback named in the GUI's events table is an option.
  requireFields(gui.events, ['callback'], 'data/sdk/gui-web-sdk.yaml.events');
  for (const event of gui.events) {
    const callback = String(event.callback);
    if (callback === '—') continue;
    assert.ok(
      gui.options.some((option) => option.name === callback),
      `gui-web-sdk.yaml: callback ${callback} of event ${String(event.name)} is not an option`,
    );
  }
});

test('assets carry the MIME type of their extension', () => {
  for (const {file, data} of sdks) {
    const where = `data/sdk/${file}.assets`;
    requireFields(data.assets, ['path', 'mime', 'description'], where, []);
    requireFields(data.assets, ['size_kb'], where, ['size_kb']);
    unique(data.assets, 'path', where);
    for (const asset of data.assets) {
      const assetPath = String(asset.path);
      const extension = assetPath.split('.').pop() ?? '';
      const expected = MIME_BY_EXTENSION[extension];
      assert.ok(expected, `${where}: ${assetPath} has an extension without a known MIME type`);
      assert.equal(asset.mime, expected, `${where}: ${assetPath}`);
    }
  }
  const extensions = new Set(web.assets.map((asset) => String(asset.path).split('.').pop()));
  for (const extension of ['wasm', 'bin', 'json', 'js']) {
    assert.ok(extensions.has(extension), `web-sdk.yaml: no .${extension} asset`);
  }
  assert.ok(
    web.assets.some((asset) => asset.path === 'vultus-worker.js'),
    'web-sdk.yaml: the worker is an asset',
  );
});

test('CSP directives allow WebAssembly, the worker and the API hosts, and nothing unsafe', () => {
  for (const {file, data} of sdks) {
    const where = `data/sdk/${file}.csp`;
    unique(data.csp as unknown as Json[], 'directive', where);
    for (const row of data.csp) {
      for (const value of [row.value, row.value_self_hosted]) {
        assert.doesNotMatch(value, /'unsafe-(eval|inline)'/, `${where}: ${row.directive} must not be unsafe`);
      }
    }
    const script = cspRow(data, 'script-src');
    assert.ok(script, `${where}: script-src is missing`);
    assert.ok(tokens(script.value).includes("'wasm-unsafe-eval'"), `${where}: script-src (CDN)`);
    assert.ok(tokens(script.value).includes(CDN_ORIGIN), `${where}: script-src (CDN) names the CDN`);
    assert.ok(tokens(script.value_self_hosted).includes("'wasm-unsafe-eval'"), `${where}: script-src (self)`);
    assert.ok(tokens(script.value_self_hosted).includes("'self'"), `${where}: script-src (self)`);
    const connect = cspRow(data, 'connect-src');
    assert.ok(connect, `${where}: connect-src is missing`);
    for (const host of API_HOSTS) {
      assert.ok(tokens(connect.value).includes(host), `${where}: connect-src (CDN) lacks ${host}`);
      assert.ok(
        tokens(connect.value_self_hosted).includes(host),
        `${where}: connect-src (self) lacks ${host}`,
      );
    }
    assert.ok(tokens(connect.value).includes(CDN_ORIGIN), `${where}: connect-src (CDN) lacks the CDN`);
    const worker = cspRow(data, 'worker-src');
    assert.ok(worker, `${where}: worker-src is missing`);
    assert.ok(tokens(worker.value).includes('blob:'), `${where}: worker-src (CDN) needs blob:`);
    assert.ok(
      tokens(worker.value_self_hosted).includes("'self'"),
      `${where}: worker-src (self) needs 'self'`,
    );
    assert.deepEqual(
      tokens(cspRow(data, 'img-src')?.value ?? '').sort(),
      ['blob:', 'data:'],
      `${where}: img-src`,
    );
    assert.deepEqual(tokens(cspRow(data, 'media-src')?.value ?? ''), ['blob:'], `${where}: media-src`);
    assert.ok(cspRow(data, 'frame-ancestors'), `${where}: frame-ancestors guidance is missing`);
  }
  const style = cspRow(gui, 'style-src');
  assert.ok(style, 'gui-web-sdk.yaml: the GUI needs style-src');
  assert.equal(style.required, 'Yes');
  assert.match(style.why, /nonce/, 'gui-web-sdk.yaml: style-src explains the nonce alternative');
  // The GUI runs the Web SDK, so it needs at least the Web SDK's directives and values.
  for (const row of web.csp) {
    const guiRow = cspRow(gui, row.directive);
    assert.ok(guiRow, `gui-web-sdk.yaml: csp lacks ${row.directive}`);
    for (const token of tokens(row.value))
      assert.ok(tokens(guiRow.value).includes(token), `${row.directive} ${token}`);
    for (const token of tokens(row.value_self_hosted)) {
      assert.ok(tokens(guiRow.value_self_hosted).includes(token), `${row.directive} ${token} (self)`);
    }
  }
});

test('locales and WebView settings are complete and the same in both files', () => {
  for (const {file, data} of sdks) {
    requireFields(data.locales, ['code', 'language', 'direction'], `${file}.locales`);
    unique(data.locales, 'code', `${file}.locales`);
    for (const locale of data.locales) {
      assert.ok(
        ['ltr', 'rtl'].includes(String(locale.direction)),
        `${file}: direction of ${String(locale.code)}`,
      );
    }
    assert.ok(
      data.locales.some((locale) => locale.code === 'en'),
      `${file}: English is the fallback locale`,
    );
    requireFields(data.webview, ['platform', 'setting', 'value', 'why'], `${file}.webview`);
    requireFields(data.troubleshooting, ['symptom', 'cause', 'fix'], `${file}.troubleshooting`);
  }
  assert.deepEqual(gui.locales, web.locales, 'the GUI ships the locales of the Web SDK');
  assert.deepEqual(gui.webview, web.webview, 'WebView settings are the same for both SDKs');
  const rows = web.webview.map((row) => Object.values(row).map(String).join(' '));
  const android = rows.filter((row) => row.startsWith('Android WebView'));
  const ios = rows.filter((row) => row.startsWith('iOS WKWebView'));
  for (const needle of [
    'android.permission.CAMERA',
    'setMediaPlaybackRequiresUserGesture',
    'onPermissionRequest',
    'RESOURCE_VIDEO_CAPTURE',
  ]) {
    assert.ok(
      android.some((row) => row.includes(needle)),
      `webview: no Android row names ${needle}`,
    );
  }
  for (const needle of [
    'allowsInlineMediaPlayback',
    'mediaTypesRequiringUserActionForPlayback',
    'NSCameraUsageDescription',
  ]) {
    assert.ok(
      ios.some((row) => row.includes(needle)),
      `webview: no iOS row names ${needle}`,
    );
  }
  const mediaTypes = web.webview.find((row) => String(row.setting).includes('mediaTypesRequiringUser'));
  assert.match(String(mediaTypes?.value), /\[\]/, 'mediaTypesRequiringUserActionForPlayback is empty');
});

test('SDK errors are in the one catalogue, with the error types of the API', () => {
  assert.ok(!('capture_errors' in web.raw), 'web-sdk.yaml: the SDK’s own errors belong in x-error-codes');
  const captureErrors = (Array.isArray(contract['x-error-codes']) ? contract['x-error-codes'] : [])
    .filter(isRecord)
    .filter((entry) => entry.raised_by === 'sdk');
  assert.deepEqual(
    captureErrors.map((error) => error.code),
    [
      'camera_permission_denied',
      'camera_not_found',
      'camera_in_use',
      'insecure_context',
      'browser_not_supported',
      'wasm_load_failed',
    ],
  );
  assert.ok(contractErrorTypes.size > 0, 'contract: ErrorType enum not found');
  for (const error of captureErrors) {
    const code = String(error.code);
    assert.ok(
      contractErrorTypes.has(String(error.type)),
      `${code}: type ${String(error.type)} is not an ErrorType`,
    );
    assert.equal(error.status, null, `${code}: raised in the browser, so no HTTP status`);
    assert.match(code, /^[a-z]+(_[a-z0-9]+)*$/, `${code}: not a valid error code`);
    assert.equal(typeof error.retryable, 'boolean', `${code}: retryable is true or false`);
  }
  const apiErrors = list(web.raw, 'api_errors', 'web-sdk.yaml');
  requireFields(apiErrors, ['code', 'sdk_behaviour'], 'web-sdk.yaml.api_errors');
  for (const error of apiErrors) {
    assert.ok(
      contractErrorCodes.has(String(error.code)),
      `api_errors: ${String(error.code)} is not in x-error-codes`,
    );
  }
  for (const code of ['client_token_expired', 'origin_not_allowed', 'session_expired']) {
    assert.ok(
      apiErrors.some((error) => error.code === code),
      `api_errors: ${code} is missing`,
    );
  }
});

test('GUI theme variables and strings are complete', () => {
  const variables = list(gui.raw, 'theme_variables', 'gui-web-sdk.yaml');
  requireFields(variables, ['name', 'light', 'dark', 'description'], 'gui-web-sdk.yaml.theme_variables');
  for (const variable of variables) assert.match(String(variable.name), /^--vultus-[a-z-]+$/);
  const strings = list(gui.raw, 'strings', 'gui-web-sdk.yaml');
  requireFields(strings, ['key', 'en'], 'gui-web-sdk.yaml.strings');
  unique(strings, 'key', 'gui-web-sdk.yaml.strings');
  assert.ok(
    strings.some((entry) => String(entry.key).includes('photosensitivity')),
    'the photosensitivity notice has a string key',
  );
});

// ---------------------------------------------------------------- pages

interface Block {
  lang: string;
  meta: string;
  value: string;
  line: number;
  /** Inside a :::code-tabs container. */
  inTabs: boolean;
}
interface Page {
  file: string;
  source: string;
  frontMatter: Json;
  headings: Array<{depth: number; text: string}>;
  blocks: Block[];
}

function phrasingText(nodes: PhrasingContent[]): string {
  return nodes
    .map((node): string => {
      if (node.type === 'text' || node.type === 'inlineCode') return node.value;
      if ('children' in node) return phrasingText(node.children as PhrasingContent[]);
      return '';
    })
    .join('');
}

function readPage(relative: string): Page {
  const file = path.join(ROOT, relative);
  const source = withFacts(readFileSync(file, 'utf8'), relative);
  const tree = unified()
    .use(remarkParse)
    .use(remarkFrontmatter, ['yaml'])
    .use(remarkGfm)
    .use(remarkDirective)
    .parse(source) as Root;
  // The page as the site builds it: each ::include replaced by its partial, facts in its code.
  expandIncludes(tree, sources, (node) => `${relative}:${node.position?.start.line ?? '?'}`);
  let frontMatter: Json = {};
  const headings: Page['headings'] = [];
  const blocks: Block[] = [];
  visit(tree, (node, _index, parent) => {
    if (node.type === 'yaml') {
      const parsed: unknown = parseYaml(node.value);
      if (isRecord(parsed)) frontMatter = parsed;
    } else if (node.type === 'heading') {
      const heading = node as Heading;
      headings.push({depth: heading.depth, text: phrasingText(heading.children)});
    } else if (node.type === 'code') {
      const block = node as Code;
      blocks.push({
        lang: block.lang ?? '',
        meta: block.meta ?? '',
        value: withFacts(block.value, relative),
        line: block.position?.start.line ?? 0,
        inTabs: parent?.type === 'containerDirective' && parent.name === 'code-tabs',
      });
    }
  });
  return {file: relative, source, frontMatter, headings, blocks};
}

const COMMON_SECTIONS = [
  'Install',
  'Get a client token from your server',
  'Initialisation options',
  'Methods',
  'Events and callbacks',
  'Errors',
  'Localisation',
  'Accessibility',
  'Self-hosting the assets',
  'Content-Security-Policy',
  'Embedding in an iframe',
  'Android and iOS WebViews',
  'HTTPS and camera permissions',
  'Supported browsers',
  'Framework examples',
  'Troubleshooting',
];

const pages = [
  {
    file: 'docs/webSDK/web-sdk.md',
    title: 'Web SDK',
    data: web,
    dataFile: 'sdk/web-sdk.yaml',
    sections: [...COMMON_SECTIONS.slice(0, 6), 'Customisation', ...COMMON_SECTIONS.slice(6)],
    tables: [
      'cdn.files',
      'options',
      'methods',
      'events',
      'api_errors',
      'locales',
      'assets',
      'csp',
      'webview',
      'troubleshooting',
    ],
  },
  {
    file: 'docs/webSDK/gui-web-sdk.md',
    title: 'GUI Web SDK',
    data: gui,
    dataFile: 'sdk/gui-web-sdk.yaml',
    sections: [...COMMON_SECTIONS.slice(0, 6), 'Theming and customisation', ...COMMON_SECTIONS.slice(6)],
    tables: [
      'cdn.files',
      'options',
      'methods',
      'events',
      'theme_variables',
      'locales',
      'strings',
      'assets',
      'csp',
      'webview',
      'troubleshooting',
    ],
  },
] as const;

// ---------------------------------------------------------------- parsers per language

const TS_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  jsx: ts.JsxEmit.Preserve,
  allowJs: true,
};

/** Syntax errors of a JavaScript or TypeScript snippet, through the TypeScript compiler API. */
function scriptErrors(code: string, fileName: string): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  if (source.statements.length === 0) return ['no statements'];
  const {diagnostics = []} = ts.transpileModule(code, {
    fileName,
    reportDiagnostics: true,
    compilerOptions: TS_OPTIONS,
  });
  return diagnostics
    .filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error)
    .map((diagnostic) => {
      const position =
        diagnostic.file && diagnostic.start !== undefined
          ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start)
          : undefined;
      const at = position ? `line ${position.line + 1}: ` : '';
      return `${at}${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
}

const attributesOf = (tag: string): Map<string, string> => {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) {
    attributes.set((match[1] as string).toLowerCase(), match[2] ?? '');
  }
  return attributes;
};

/** The inline scripts of an HTML snippet (external scripts must be empty). */
function htmlErrors(code: string): string[] {
  const errors: string[] = [];
  for (const match of code.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = attributesOf(match[1] ?? '');
    const body = match[2] ?? '';
    if (attributes.has('src')) {
      if (body.trim()) errors.push(`<script src> with content`);
      continue;
    }
    errors.push(...scriptErrors(body, 'inline.js').map((error) => `inline script, ${error}`));
  }
  const opened = (code.match(/<script\b/gi) ?? []).length;
  const closed = (code.match(/<\/script>/gi) ?? []).length;
  if (opened !== closed) errors.push(`${opened} <script> tags, ${closed} </script>`);
  return errors;
}

function vueErrors(code: string): string[] {
  const match = /<script\s+setup\b([^>]*)>([\s\S]*?)<\/script>/i.exec(code);
  if (!match) return ['no <script setup> element'];
  const lang = attributesOf(match[1] ?? '').get('lang');
  if (lang !== 'ts') return ['<script setup> must be lang="ts"'];
  if (!/<template>[\s\S]*<\/template>/.test(code)) return ['no <template>'];
  return scriptErrors(match[2] ?? '', 'component.ts');
}

function run(
  command: string,
  args: string[],
  input: string,
): {status: number | null; output: string; missing: boolean} {
  const result = spawnSync(command, args, {input, encoding: 'utf8'});
  const missing = (result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
  return {status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim(), missing};
}

/** Removes string literals and comments so that bracket counting sees only code. */
function stripForBalance(code: string, lineComment: string | null, blockComments: boolean): string {
  let out = '';
  let index = 0;
  while (index < code.length) {
    const char = code[index] as string;
    if (blockComments && code.startsWith('/*', index)) {
      const end = code.indexOf('*/', index + 2);
      index = end === -1 ? code.length : end + 2;
    } else if (lineComment && code.startsWith(lineComment, index)) {
      const end = code.indexOf('\n', index);
      index = end === -1 ? code.length : end;
    } else if (char === '"' || char === "'") {
      let end = index + 1;
      while (end < code.length && code[end] !== char && code[end] !== '\n') end += code[end] === '\\' ? 2 : 1;
      index = end + 1;
      out += '""';
    } else {
      out += char;
      index += 1;
    }
  }
  return out;
}

function balanceErrors(code: string): string[] {
  const pairs: Record<string, string> = {')': '(', ']': '[', '}': '{'};
  const stack: string[] = [];
  for (const char of code) {
    if ('([{'.includes(char)) stack.push(char);
    else if (char in pairs) {
      if (stack.pop() !== pairs[char]) return [`unbalanced "${char}"`];
    }
  }
  return stack.length > 0 ? [`unclosed "${stack.join('')}"`] : [];
}

function xmlErrors(code: string): string[] {
  const stack: string[] = [];
  const tags = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+="[^"]*")*)\s*(\/?)>/g;
  let consumed = 0;
  for (const match of code.matchAll(tags)) {
    consumed += match[0].length;
    const [, closing, name, , selfClosing] = match;
    if (!name || selfClosing) continue;
    if (closing) {
      const open = stack.pop();
      if (open !== name) return [`</${name}> closes <${open ?? 'nothing'}>`];
    } else stack.push(name);
  }
  const stray = code.split('<').length - 1;
  const matched = [...code.matchAll(tags)].length;
  if (stray !== matched) return [`${stray - matched} malformed tag(s)`];
  if (consumed === 0) return ['no elements'];
  return stack.length > 0 ? [`<${stack.join('>, <')}> not closed`] : [];
}

const HEADER_LINE = /^[A-Za-z][A-Za-z0-9-]*: \S.*$/;

/** An HTTP header block: one `Name: value` per line; CSP values are `directive source…` lists. */
function httpErrors(code: string): string[] {
  const errors: string[] = [];
  for (const line of code.split('\n').filter((entry) => entry.trim())) {
    if (!HEADER_LINE.test(line)) errors.push(`not a header line: ${line}`);
    if (/^Content-Security-Policy(-Report-Only)?:/i.test(line)) {
      for (const directive of parseCsp(line).keys()) {
        if (!/^[a-z-]+$/.test(directive)) errors.push(`bad CSP directive "${directive}"`);
      }
    }
  }
  return errors;
}

function parseCsp(line: string): Map<string, string[]> {
  const policy = new Map<string, string[]>();
  const value = line.slice(line.indexOf(':') + 1);
  for (const part of value.split(';')) {
    const [name, ...sources] = tokens(part);
    if (name) policy.set(name, sources);
  }
  return policy;
}

function nginxErrors(code: string): string[] {
  const stripped = stripForBalance(code, '#', false);
  const errors = balanceErrors(stripped);
  for (const line of stripped
    .split('\n')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    if (!/[;{}]$/.test(line)) errors.push(`statement without ";": ${line}`);
  }
  return errors;
}

function apacheErrors(code: string): string[] {
  const sections = code
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('<'))
    .join('\n');
  const errors = sections ? xmlErrors(sections.replace(/<(\w+)\s+[^>"]+>/g, '<$1>')) : [];
  for (const line of code
    .split('\n')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    if (!line.startsWith('<') && !line.startsWith('#') && !/^[A-Za-z]+\s+\S/.test(line)) {
      errors.push(`not a directive: ${line}`);
    }
  }
  return errors;
}

type Checker = (block: Block) => string[] | 'skip';

const checkers: Record<string, Checker> = {
  javascript: (block) => scriptErrors(block.value, 'block.js'),
  js: (block) => scriptErrors(block.value, 'block.js'),
  jsx: (block) => scriptErrors(block.value, 'block.jsx'),
  typescript: (block) => scriptErrors(block.value, 'block.ts'),
  ts: (block) => scriptErrors(block.value, 'block.ts'),
  tsx: (block) => scriptErrors(block.value, 'block.tsx'),
  html: (block) => htmlErrors(block.value),
  vue: (block) => vueErrors(block.value),
  json: (block) => {
    try {
      JSON.parse(block.value);
      return [];
    } catch (error) {
      return [String(error)];
    }
  },
  yaml: (block) =>
    parseAllDocuments(block.value).flatMap((document) => document.errors.map((error) => error.message)),
  bash: (block) => {
    const result = run('bash', ['-n'], block.value);
    return result.status === 0 ? [] : [result.output || 'bash -n failed'];
  },
  python: (block) => {
    const result = run('python3', ['-c', 'import ast, sys; ast.parse(sys.stdin.read())'], block.value);
    if (result.missing) return 'skip';
    return result.status === 0 ? [] : [result.output];
  },
  css: (block) => balanceErrors(stripForBalance(block.value, null, true)),
  kotlin: (block) => balanceErrors(stripForBalance(block.value, '//', true)),
  swift: (block) => balanceErrors(stripForBalance(block.value, '//', true)),
  xml: (block) => xmlErrors(block.value),
  http: (block) => httpErrors(block.value),
  nginx: (block) => nginxErrors(block.value),
  apacheconf: (block) => apacheErrors(block.value),
  mermaid: (block) =>
    /^(sequenceDiagram|flowchart|graph)\b/.test(block.value.trim())
      ? []
      : ['not a sequenceDiagram or flowchart'],
};
checkers.sh = checkers.bash as Checker;
checkers.shell = checkers.bash as Checker;
checkers.py = checkers.python as Checker;

// ---------------------------------------------------------------- page tests

for (const spec of pages) {
  const page = readPage(spec.file);

  test(`${spec.file}: front matter and required sections`, () => {
    assert.equal(page.frontMatter.title, spec.title);
    const description = String(page.frontMatter.description ?? '');
    assert.ok(
      description.length >= 120 && description.length <= 160,
      `description is ${description.length} characters, not 120-160`,
    );
    assert.ok(!page.headings.some((heading) => heading.depth === 1), 'no H1 in the body');
    const sections = page.headings.filter((heading) => heading.depth === 2).map((heading) => heading.text);
    for (const section of spec.sections) {
      assert.ok(sections.includes(section), `missing section "## ${section}"`);
    }
    assert.deepEqual(
      sections.filter((section) => spec.sections.includes(section as never)),
      [...spec.sections],
      'required sections are in the order of the content guide',
    );
    const frameworks = page.headings.filter((heading) => heading.depth === 3).map((heading) => heading.text);
    for (const framework of ['React', 'Vue 3', 'Plain HTML']) {
      assert.ok(frameworks.includes(framework), `missing "### ${framework}" example`);
    }
    assert.doesNotMatch(page.source, /\b(TODO|TBD|lorem|coming soon|placeholder)\b/i);
  });

  test(`${spec.file}: every code block parses`, async (t) => {
    assert.ok(page.blocks.length > 0, 'no code blocks found');
    for (const block of page.blocks) {
      await t.test(`line ${block.line} (${block.lang || 'no language'})`, (sub) => {
        const checker = checkers[block.lang];
        assert.ok(checker, `a code block needs a language this test can check, not "${block.lang}"`);
        const errors = checker(block);
        if (errors === 'skip') {
          sub.skip(`no parser for ${block.lang} on this machine`);
          return;
        }
        assert.deepEqual(errors, [], `${spec.file}:${block.line}`);
      });
    }
    const languages = new Set(page.blocks.map((block) => block.lang));
    for (const lang of [
      'bash',
      'javascript',
      'python',
      'tsx',
      'vue',
      'html',
      'http',
      'xml',
      'kotlin',
      'swift',
    ]) {
      assert.ok(languages.has(lang), `no ${lang} block`);
    }
  });

  test(`${spec.file}: directives render and tables come from the data files`, async () => {
    const {markdown} = await renderPageMarkdown(await withDocs(), path.join(ROOT, spec.file));
    assert.doesNotMatch(markdown, /^::/m, 'a directive was left unexpanded');
    for (const table of spec.tables) {
      assert.ok(
        page.source.includes(`::data-table{src="${spec.dataFile}" path="${table}"`),
        `the ${table} table is not rendered from ${spec.dataFile}`,
      );
    }
    assert.ok(
      page.source.includes('::error-codes{raised-by="sdk"}'),
      'the SDK errors come from the catalogue',
    );
    assert.ok(
      page.source.includes(`::error-codes{sdk="${spec.dataFile.replace(/^sdk\/|\.yaml$/g, '')}"}`),
      'the catalogue rows of the API errors this SDK passes on',
    );
    assert.ok(page.source.includes('](../auth.md#op-create-client-token)'), 'link to POST /client-tokens');
    assert.ok(page.source.includes('](../compatibility-matrix.md)'), 'link to the compatibility matrix');
    assert.ok(!page.source.includes('::operation{'), 'createClientToken is placed on /auth only');
  });

  test(`${spec.file}: the client token step has cURL, JavaScript and Python that call POST /client-tokens`, () => {
    const tabs = page.blocks.filter((block) => block.inTabs);
    assert.deepEqual(
      tabs.map((block) => block.lang),
      ['bash', 'javascript', 'python'],
    );
    for (const block of tabs) assert.match(block.value, /\/client-tokens/, `${block.lang} tab`);
    for (const block of tabs)
      assert.match(block.value, /VULTUS_SECRET_KEY/, `${block.lang} reads the key from the environment`);
    // cURL uses only paths of the contract, under the documented base URL.
    const patterns = contractPaths.map(
      (template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    );
    for (const block of page.blocks.filter((entry) => entry.lang === 'bash')) {
      for (const url of block.value.matchAll(/curl\s+'?(https:\/\/[^\s'"]+)/g)) {
        const address = url[1] as string;
        assert.ok(address.startsWith('https://api.vultus.example/v1/'), `cURL URL ${address}`);
        const apiPath = address.slice('https://api.vultus.example/v1'.length).split('?')[0] as string;
        assert.ok(
          patterns.some((pattern) => pattern.test(apiPath)),
          `cURL path ${apiPath} is not in the contract`,
        );
      }
    }
  });

  test(`${spec.file}: CSP headers, CDN URLs, integrity hashes and version pins match the data`, () => {
    for (const variant of ['cdn', 'self-hosted'] as const) {
      const headers = page.blocks.filter(
        (block) => block.lang === 'http' && tokens(block.meta).includes(`csp=${variant}`),
      );
      assert.equal(headers.length, 1, `one http block with csp=${variant}`);
      const line = (headers[0] as Block).value.trim();
      assert.match(line, /^Content-Security-Policy: /);
      assert.doesNotMatch(line, /'unsafe-(eval|inline)'/, `the csp=${variant} header is strict`);
      const policy = parseCsp(line);
      for (const row of spec.data.csp.filter((entry) => ['Yes', 'Recommended'].includes(entry.required))) {
        const sources = policy.get(row.directive);
        assert.ok(sources, `csp=${variant} header lacks ${row.directive}`);
        for (const token of tokens(variant === 'cdn' ? row.value : row.value_self_hosted)) {
          assert.ok(sources.includes(token), `csp=${variant} header: ${row.directive} lacks ${token}`);
        }
      }
    }

    const cdnFiles = [...web.cdn.files, ...gui.cdn.files];
    for (const match of page.source.matchAll(/https:\/\/cdn\.vultus\.example\/[^\s"'`)<]*/g)) {
      const url = match[0];
      const known =
        cdnFiles.some((entry) => entry.url === url) ||
        [web.cdn.assets_base, gui.cdn.assets_base].includes(url);
      assert.ok(known, `${url} is neither a CDN file nor an assets base of the data files`);
    }

    for (const block of page.blocks.filter((entry) => entry.lang === 'html')) {
      for (const tag of block.value.matchAll(/<(script|link)\b([^>]*)>/g)) {
        const attributes = attributesOf(tag[2] ?? '');
        const integrity = attributes.get('integrity');
        if (integrity === undefined) continue;
        const url = attributes.get('src') ?? attributes.get('href') ?? '';
        const entry = cdnFiles.find((candidate) => candidate.url === url);
        assert.ok(entry, `line ${block.line}: ${url} is not a CDN file`);
        assert.equal(integrity, entry.integrity, `line ${block.line}: integrity of ${entry.file}`);
        assert.equal(
          attributes.get('crossorigin'),
          'anonymous',
          `line ${block.line}: crossorigin on ${entry.file}`,
        );
      }
    }

    for (const match of page.source.matchAll(/@vultus\/web-sdk(-gui)?@([\w.-]+)/g)) {
      assert.equal(match[2], spec.data.version, `version pin ${match[0]}`);
    }
  });

  test(`${spec.file}: framework examples mount and clean up`, () => {
    const tsx = page.blocks.find((block) => block.lang === 'tsx');
    assert.ok(
      tsx && /useEffect\(/.test(tsx.value) && /return \(\) =>/.test(tsx.value),
      'React: useEffect with cleanup',
    );
    const vue = page.blocks.find((block) => block.lang === 'vue');
    assert.ok(
      vue && /onMounted\(/.test(vue.value) && /onBeforeUnmount\(/.test(vue.value),
      'Vue: onMounted and onBeforeUnmount',
    );
    const html = page.blocks.filter((block) => block.lang === 'html' && /<!doctype html>/i.test(block.value));
    assert.equal(html.length, 1, 'one complete HTML page');
    assert.match((html[0] as Block).value, /integrity="sha384-/);
    assert.match((html[0] as Block).value, /crossorigin="anonymous"/);
  });
}

test('the GUI page embeds behind a strict CSP: its plain HTML page has no inline script or style', () => {
  const page = readPage('docs/webSDK/gui-web-sdk.md');
  const html = page.blocks.find((block) => block.lang === 'html' && /<!doctype html>/i.test(block.value));
  assert.ok(html);
  for (const script of html.value.matchAll(/<script\b([^>]*)>/g)) {
    assert.ok(attributesOf(script[1] ?? '').has('src'), 'inline <script> would need a nonce');
  }
  assert.doesNotMatch(html.value, /<style\b|\sstyle="/, 'inline styles would need a nonce');
  const script = page.blocks.find(
    (block) => block.lang === 'javascript' && block.meta.includes('title="js/identity-check.js"'),
  );
  assert.ok(script, 'the external script of the plain HTML page is shown');
  assert.match(script.value, /styles: 'external'/, 'without a nonce the GUI must not inject its styles');
});

test('the challenge actions are the contract’s ChallengeAction wherever they are named', async () => {
  const schemas =
    isRecord(contract.components) && isRecord(contract.components.schemas) ? contract.components.schemas : {};
  const schema = schemas.ChallengeAction;
  assert.ok(isRecord(schema) && Array.isArray(schema.enum), 'contract: ChallengeAction enum not found');
  const actions = (schema.enum as unknown[]).map(String);
  // The SDK's challenge event lists them, and the GUI's strings have one per action at most.
  const event = list(web.raw, 'events', 'web-sdk.yaml').find((entry) => entry.name === 'challenge');
  const listed = [...String(event?.when ?? '').matchAll(/`([a-z_]+)`/g)]
    .map((match) => match[1])
    .filter((word) => word !== 'action');
  assert.deepEqual(listed, actions, 'web-sdk.yaml: the challenge event lists the contract’s actions');
  const strings = list(gui.raw, 'strings', 'gui-web-sdk.yaml');
  for (const entry of strings) {
    const action = /^challenge\.(.+)$/.exec(String(entry.key))?.[1];
    if (action)
      assert.ok(actions.includes(action), `gui-web-sdk.yaml: string ${String(entry.key)} names no action`);
  }
  // Pages render the list (:challenges); none names a movement the SDK never asks for.
  const interactive = await renderPageMarkdown(
    await withDocs(),
    path.join(ROOT, 'docs/services/interactive.md'),
  );
  assert.ok(
    interactive.markdown.includes(
      'turn the head left, turn the head right, look up, move closer or move back',
    ),
    'docs/services/interactive.md renders the contract’s challenge list',
  );
  for (const file of ['docs/services/interactive.md', 'docs/metrics/liveness-verification-system.md']) {
    const {markdown} = await renderPageMarkdown(await withDocs(), path.join(ROOT, file));
    assert.doesNotMatch(
      markdown,
      /\b(nod|nods|smile|blink|head turns)\b/i,
      `${file} names a movement that is no challenge`,
    );
  }
});

test('a page that sends the reader to a regional host for data residency says to pass the same region to the SDK', async () => {
  const missing: string[] = [];
  let found = 0;
  for (const page of await renderedDocs()) {
    visit(page.tree, 'paragraph', (paragraph) => {
      const text = toString(paragraph);
      if (!/\bone region\b/.test(text) || !/regional host/.test(text)) return;
      found += 1;
      // The SDKs call the global host unless `region` (or `apiUrl`) says otherwise.
      if (!/\bregion\b[^.]*\bSDK\b|\bSDK\b[^.]*\bregion\b/.test(text.replace(/regional host/g, '')))
        missing.push(`${page.route}: ${text.slice(0, 120)}…`);
    });
  }
  assert.ok(found >= 4, `${found} paragraphs about one region`);
  assert.deepEqual(missing, []);
});

test('a sample that lets a page use the camera checks its exact origin, never a prefix of it', async () => {
  // `startsWith("https://app.brightloan.example")` also admits https://app.brightloan.example.attacker.net.
  const prefixChecks: string[] = [];
  for (const page of await renderedDocs()) {
    for (const block of codeBlocks(page.tree)) {
      block.value.split('\n').forEach((line, index) => {
        if (/startsWith\(\s*["'`]https?:\/\//.test(line) || /\borigin\b[^\n]*\.startsWith\(/i.test(line))
          prefixChecks.push(
            `${page.file}: "${block.value.split('\n')[0] ?? ''}" line ${index + 1}: ${line.trim()}`,
          );
      });
    }
  }
  assert.deepEqual(prefixChecks, [], 'origin checks by prefix');
});
