/**
 * Every code sample on every docs page that uses a Web SDK calls only what the SDK reference
 * (data/sdk/web-sdk.yaml, data/sdk/gui-web-sdk.yaml) defines: the functions it imports or reads
 * from the global, the options it passes to `createCapture()` or `mount()`, the methods it calls
 * on the capture or GUI object, the events it subscribes to, the types it imports, and the error
 * codes it branches on (the SDK's own and the contract's `x-error-codes`).
 *
 * Samples are read from the pages as the site renders them (directives expanded) and parsed with
 * the TypeScript compiler; a failure names the page, the sample's first line and the unknown name.
 *
 * Run: node --import tsx --test tests/unit/sdk-samples.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {parse as parseYaml} from 'yaml';
import {loadData} from '../../plugins/vultus-contract/data/load';
import {siteDir} from './helpers/pages';
import {parseScript, sdkSamples} from './helpers/sdk-samples';

interface Named {
  name: string;
}
interface SdkFile {
  package: string;
  global: string;
  options: Named[];
  events: Named[];
  methods: Named[];
  capture_errors?: {code: string}[];
  api_errors?: {code: string}[];
}

interface Sdk {
  label: string;
  package: string;
  global: string;
  /** The function that makes the capture object: `createCapture` or `mount`. */
  factory: string;
  /** What the package exports: its functions, and the types its reference names. */
  functions: Set<string>;
  types: Set<string>;
  options: Set<string>;
  methods: Set<string>;
  events: Set<string>;
  /** The files the package ships (`vultus-web-sdk-gui.min.css`), which a sample may import. */
  files: Set<string>;
}

function loadSdk(
  file: 'sdk/web-sdk.yaml' | 'sdk/gui-web-sdk.yaml',
  label: string,
  factory: string,
): Sdk & {errors: string[]} {
  const data: SdkFile = loadData(siteDir, file);
  const methods = data.methods.map((method) => method.name);
  // The types the reference names in its signatures, payloads and option types (`Capture`,
  // `VultusError`, `GuiOptions`…): capitalised words that are not the platform's own.
  const builtIns = new Set(['Promise', 'Array', 'HTMLElement', 'HTMLVideoElement', 'MediaStream']);
  const typeTexts = [
    ...data.methods.map((method) => (method as Named & {signature?: string}).signature ?? ''),
    ...data.events.map((event) => (event as Named & {payload?: string}).payload ?? ''),
    ...data.options.map((option) => (option as Named & {type?: string}).type ?? ''),
  ];
  const types = new Set(
    typeTexts
      .flatMap((text) => [...text.matchAll(/\b[A-Z][A-Za-z]+\b/g)].map((match) => match[0]))
      .filter((name) => !builtIns.has(name)),
  );
  const files = new Set(
    [
      ...readFileSync(path.join(siteDir, 'data', file), 'utf8').matchAll(/[\w.-]+\.(?:js|css|wasm|bin)\b/g),
    ].map((match) => match[0]),
  );
  return {
    label,
    package: data.package,
    global: data.global,
    factory,
    functions: new Set(methods.filter((name) => !name.includes('.'))),
    types,
    options: new Set(data.options.map((option) => option.name)),
    methods: new Set(
      methods.filter((name) => name.includes('.')).map((name) => name.split('.')[1] as string),
    ),
    events: new Set(data.events.map((event) => event.name)),
    errors: [...(data.capture_errors ?? []), ...(data.api_errors ?? [])].map((error) => error.code),
    files,
  };
}

const web = loadSdk('sdk/web-sdk.yaml', 'Web SDK', 'createCapture');
const gui = loadSdk('sdk/gui-web-sdk.yaml', 'GUI Web SDK', 'mount');
const contract = parseYaml(readFileSync(path.join(siteDir, 'contract/openapi.yaml'), 'utf8')) as {
  'x-error-codes': {code: string}[];
};
const errorCodes = new Set([
  ...web.errors,
  ...gui.errors,
  ...contract['x-error-codes'].map((error) => error.code),
]);

/** The unknown SDK names one sample uses, as messages. */
function unknownNames(source: string, language: string, pageSdk: Sdk | undefined): string[] {
  const file = parseScript(source, language);
  const problems: string[] = [];
  const sdkByPackage = new Map([web, gui].map((sdk) => [sdk.package, sdk]));
  const sdkByGlobal = new Map([web, gui].map((sdk) => [sdk.global, sdk]));
  /** Local name → the SDK function it was imported as. */
  const imported = new Map<string, {sdk: Sdk; name: string}>();
  /** Names that hold a capture or GUI object. */
  const instances = new Map<string, Sdk>();
  let sdkInSample: Sdk | undefined;

  // Imports and the global name the sample reaches the SDK through.
  const findImports = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const specifier = node.moduleSpecifier.text;
      const sdk = sdkByPackage.get(specifier);
      const shipped = [web, gui].some(
        (candidate) =>
          specifier.startsWith(`${candidate.package}/`) &&
          candidate.files.has(path.posix.basename(specifier)),
      );
      if (!sdk && !shipped && specifier.startsWith('@vultus/')) {
        problems.push(`imports from ${specifier}, which no SDK reference names`);
      }
      if (sdk) {
        sdkInSample = sdk;
        const clause = node.importClause;
        if (clause?.name)
          problems.push(
            `${sdk.label}: default import "${clause.name.text}"; the package has named exports only`,
          );
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) instances.set(bindings.name.text, sdk);
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            const name = (element.propertyName ?? element.name).text;
            const typeOnly = clause?.isTypeOnly || element.isTypeOnly;
            if (typeOnly ? !sdk.types.has(name) : !sdk.functions.has(name)) {
              problems.push(
                `${sdk.label}: imports ${typeOnly ? 'type ' : ''}"${name}", which the reference does not define`,
              );
            } else if (!typeOnly) imported.set(element.name.text, {sdk, name});
          }
        }
      }
    }
    if (ts.isIdentifier(node) && sdkByGlobal.has(node.text)) sdkInSample = sdkByGlobal.get(node.text);
    ts.forEachChild(node, findImports);
  };
  findImports(file);
  const sdk = sdkInSample ?? pageSdk;
  if (!sdk) return problems;

  /** The SDK function a call expression calls, if any: `createCapture(…)`, `VultusGUI.mount(…)`. */
  const calledFunction = (call: ts.CallExpression): {sdk: Sdk; name: string} | undefined => {
    const callee = call.expression;
    if (ts.isIdentifier(callee)) {
      return (
        imported.get(callee.text) ?? (callee.text === sdk.factory ? {sdk, name: sdk.factory} : undefined)
      );
    }
    if (ts.isPropertyAccessExpression(callee)) {
      const owner = callee.expression;
      const ownerName = ts.isIdentifier(owner)
        ? owner.text
        : ts.isPropertyAccessExpression(owner) &&
            ts.isIdentifier(owner.expression) &&
            owner.expression.text === 'window'
          ? owner.name.text
          : undefined;
      const viaGlobal = ownerName ? sdkByGlobal.get(ownerName) : undefined;
      if (viaGlobal) return {sdk: viaGlobal, name: callee.name.text};
    }
    return undefined;
  };
  const unwrap = (expression: ts.Expression): ts.Expression => {
    let current = expression;
    while (
      ts.isAwaitExpression(current) ||
      ts.isParenthesizedExpression(current) ||
      ts.isNonNullExpression(current)
    ) {
      current = current.expression;
    }
    return current;
  };

  // Which names hold a capture or GUI object: declared from the factory, typed as the
  // factory's result, or by the reference's own naming (`capture`, `gui`).
  instances.set(sdk === web ? 'capture' : 'gui', sdk);
  const findInstances = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      const initializer = node.initializer ? unwrap(node.initializer) : undefined;
      const called =
        initializer && ts.isCallExpression(initializer) ? calledFunction(initializer) : undefined;
      const typed = node.type?.getText(file) ?? '';
      if (called?.name === called?.sdk.factory && called) instances.set(node.name.text, called.sdk);
      else if (/\b(Capture|GuiCapture)\b/.test(typed)) instances.set(node.name.text, sdk);
    }
    ts.forEachChild(node, findInstances);
  };
  findInstances(file);

  const check = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const called = calledFunction(node);
      if (called) {
        if (!called.sdk.functions.has(called.name)) {
          problems.push(`${called.sdk.label}: calls ${called.name}(), which the reference does not define`);
        } else if (called.name === called.sdk.factory) {
          const [options] = node.arguments;
          if (options && ts.isObjectLiteralExpression(options)) {
            for (const property of options.properties) {
              const name = property.name && ts.isIdentifier(property.name) ? property.name.text : undefined;
              if (name && !called.sdk.options.has(name)) {
                problems.push(
                  `${called.sdk.label}: passes option "${name}" to ${called.name}(), which the reference does not define`,
                );
              }
            }
          }
        }
      }
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)) {
        const owner = instances.get(callee.expression.text);
        if (owner && !owner.methods.has(callee.name.text)) {
          problems.push(
            `${owner.label}: calls ${callee.expression.text}.${callee.name.text}(), which the reference does not define`,
          );
        }
        if (owner && callee.name.text === 'on') {
          const [event] = node.arguments;
          if (event && ts.isStringLiteral(event) && !owner.events.has(event.text)) {
            problems.push(
              `${owner.label}: subscribes to "${event.text}", which the reference does not define`,
            );
          }
        }
      }
    }
    // Branching on an error code: `error.code === 'x'`, `case 'x':` under `switch (error.code)`.
    if (ts.isBinaryExpression(node) && /^={2,3}|!={1,2}$/.test(node.operatorToken.getText(file))) {
      const [left, right] = [node.left, node.right];
      for (const [side, other] of [
        [left, right],
        [right, left],
      ] as const) {
        if (ts.isPropertyAccessExpression(side) && side.name.text === 'code' && ts.isStringLiteral(other)) {
          if (!errorCodes.has(other.text))
            problems.push(`branches on error code "${other.text}", which no catalogue lists`);
        }
      }
    }
    if (
      ts.isSwitchStatement(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'code'
    ) {
      for (const clause of node.caseBlock.clauses) {
        if (
          ts.isCaseClause(clause) &&
          ts.isStringLiteral(clause.expression) &&
          !errorCodes.has(clause.expression.text)
        ) {
          problems.push(`branches on error code "${clause.expression.text}", which no catalogue lists`);
        }
      }
    }
    ts.forEachChild(node, check);
  };
  check(file);
  return problems;
}

test('every SDK function, option, method, event, type and error code in a docs sample exists in the SDK reference', async () => {
  const problems: string[] = [];
  let checked = 0;
  for (const {page, block, language, source} of await sdkSamples()) {
    const pageSdk =
      page.route === '/webSDK/web-sdk' ? web : page.route === '/webSDK/gui-web-sdk' ? gui : undefined;
    checked += 1;
    const firstLine = block.value.split('\n')[0] ?? '';
    for (const problem of unknownNames(source, language, pageSdk)) {
      problems.push(`${page.file}: sample "${firstLine}": ${problem}`);
    }
  }
  assert.ok(checked >= 20, `only ${checked} SDK samples found: the extraction is broken`);
  assert.deepEqual(problems, []);
});

test('every sample that runs a headless capture to its end also offers another attempt after a resubmit, while attempts are left', async () => {
  // Without a `resubmit` handler the capture waits for a `retry()` nobody calls, and the session
  // expires with no result and no webhook (data/sdk/web-sdk.yaml, events.resubmit).
  const stalls: string[] = [];
  let runs = 0;
  for (const {page, block, source} of await sdkSamples()) {
    if (!/\bcreateCapture\(/.test(source) || !/\.on\(\s*['"]complete['"]/.test(source)) continue;
    runs += 1;
    // …and offers it only while attempts are left: with none, the session has ended `resubmit`.
    if (
      !/\.on\(\s*['"]resubmit['"]/.test(source) ||
      !/\.retry\(\)/.test(source) ||
      !/\battemptsLeft\b/.test(source)
    )
      stalls.push(`${page.file}: sample "${block.value.split('\n')[0] ?? ''}"`);
  }
  assert.ok(runs >= 3, `only ${runs} samples run a capture to its end: the extraction is broken`);
  assert.deepEqual(stalls, [], 'samples that never answer a resubmit');
});

test('every sample that runs a capture to its end leaves the user nowhere stuck: it answers an error by retryable, a GUI close, and renews the token', async () => {
  // A retryable error is tried again (`retry()`, or the GUI's own Try again button); any other has
  // stopped the flow, and the page must say what comes next. The GUI's close button (allowCancel,
  // on by default) stops the camera and leaves an empty area without onCancel. A first token lasts
  // 10 minutes: without refreshToken a slow capture ends with client_token_expired.
  const stuck: string[] = [];
  let runs = 0;
  for (const {page, block, source} of await sdkSamples()) {
    const headless = /\bcreateCapture\(/.test(source) && /\.on\(\s*['"]complete['"]/.test(source);
    const guiRun = /\bmount\(/.test(source) && /\bonComplete\b/.test(source);
    if (!headless && !guiRun) continue;
    runs += 1;
    const missing: string[] = [];
    const onError = headless
      ? /\.on\(\s*['"]error['"][\s\S]*?\}\);/.exec(source)?.[0]
      : /\bonError\b[\s\S]*?\n\s*\},?\n/.exec(source)?.[0];
    if (!onError || !/\bretryable\b/.test(onError)) missing.push('an error handler that reads retryable');
    if (guiRun && !/\bonCancel\b/.test(source)) missing.push('onCancel');
    if (!/\brefreshToken\b/.test(source)) missing.push('refreshToken');
    if (missing.length > 0)
      stuck.push(`${page.file}: sample "${block.value.split('\n')[0] ?? ''}" lacks ${missing.join(', ')}`);
  }
  assert.ok(runs >= 8, `only ${runs} samples run a capture to its end: the extraction is broken`);
  assert.deepEqual(stuck, [], 'samples that leave the user stuck');
});

test('the checker finds an unknown function, option, method, event and error code', () => {
  const sample = [
    "import {Vultus, createCapture} from '@vultus/web-sdk';",
    "const capture = await createCapture({clientToken, container: '#capture'});",
    "capture.on('finished', () => capture.close());",
    "capture.on('error', (error) => { if (error.code === 'camera_exploded') Vultus.startLiveness(); });",
  ].join('\n');
  assert.deepEqual(unknownNames(sample, 'javascript', undefined), [
    'Web SDK: imports "Vultus", which the reference does not define',
    'Web SDK: passes option "container" to createCapture(), which the reference does not define',
    'Web SDK: subscribes to "finished", which the reference does not define',
    'Web SDK: calls capture.close(), which the reference does not define',
    'branches on error code "camera_exploded", which no catalogue lists',
  ]);
});
