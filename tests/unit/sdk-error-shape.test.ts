/**
 * One shape for the Web SDKs' error payload. The SDK reference (data/sdk/web-sdk.yaml,
 * `error_type`) names the type the `error` event, `onError` and every rejection pass, and the
 * contract schema that defines its fields: the API's error object, the value of `error` in a
 * response body, never the `{"error": …}` body itself. Every error handler in a docs sample reads
 * only fields of that schema, and every SDK error example on the SDK pages shows that schema.
 *
 * Run: node --import tsx --test tests/unit/sdk-error-shape.test.ts
 */
import {before, test} from 'node:test';
import assert from 'node:assert/strict';
import ts from 'typescript';
import {codeBlocks, metaValue, bundledContract, renderedDocs, sources} from './helpers/pages';
import {parseScript, sdkSamples} from './helpers/sdk-samples';

type Json = Record<string, unknown>;

const web = sources.data('sdk/web-sdk.yaml');
const gui = sources.data('sdk/gui-web-sdk.yaml');
const errorType: {name?: string; schema?: string} | undefined = web.error_type;

let schemas: Record<string, Json>;
let errorSchema: Json | undefined;
/** The fields a handler may read: the properties of the schema the reference names. */
let errorFields: Set<string>;
before(async () => {
  schemas = ((await bundledContract()).components as {schemas: Record<string, Json>}).schemas;
  errorSchema = errorType?.schema ? schemas[errorType.schema] : undefined;
  errorFields = new Set(Object.keys((errorSchema?.properties as Json | undefined) ?? {}));
});

test('the SDK reference defines the error payload once, as the API’s inner error object', () => {
  assert.ok(
    errorType?.name && errorType.schema,
    'data/sdk/web-sdk.yaml: error_type {name, schema} is missing',
  );
  assert.ok(errorSchema, `contract: no schema ${errorType.schema}`);
  const body = schemas.Error as {properties?: {error?: {$ref?: string}}; description?: string};
  assert.equal(
    body.properties?.error?.$ref,
    `#/components/schemas/${errorType.schema}`,
    'the SDKs pass the object a response body holds under `error`, not the body',
  );
  assert.ok(!errorFields.has('error'), `${errorType.schema} is the inner object, not the wrapper`);
  for (const field of ['type', 'code', 'message', 'param', 'retryable', 'request_id', 'doc_url']) {
    assert.ok(errorFields.has(field), `${errorType.schema} lacks ${field}`);
  }
  assert.match(
    String(body.description),
    new RegExp(`\`${errorType.schema}\``),
    'contract: the Error description names the object the SDKs pass',
  );
  for (const [file, data] of [
    ['web-sdk.yaml', web],
    ['gui-web-sdk.yaml', gui],
  ] as const) {
    const event = data.events.find((entry) => entry.name === 'error');
    assert.equal(event?.payload, errorType.name, `${file}: the error event passes ${errorType.name}`);
  }
  const onError = gui.options.find((option) => option.name === 'onError');
  assert.match(String(onError?.type), new RegExp(`\\b${errorType.name}\\b`), 'gui: onError');
});

test('the SDK pages show SDK error examples as that object, not as a response body', async () => {
  const pages = (await renderedDocs()).filter((page) => page.route.startsWith('/webSDK/'));
  for (const route of ['/webSDK/web-sdk', '/webSDK/gui-web-sdk'])
    assert.ok(
      pages.some((page) => page.route === route),
      `${route} is a page`,
    );
  for (const page of pages) {
    for (const block of codeBlocks(page.tree).filter((entry) => entry.lang === 'json')) {
      const schema = metaValue(block.meta, 'schema');
      assert.notEqual(schema, 'Error', `docs/${page.file}: an SDK error example shows the response body`);
    }
  }
  const webPage = pages.find((page) => page.route === '/webSDK/web-sdk');
  assert.ok(
    codeBlocks(webPage?.tree ?? {type: 'root', children: []}).some(
      (block) => block.lang === 'json' && metaValue(block.meta, 'schema') === errorType?.schema,
    ),
    `/webSDK/web-sdk shows an example of ${String(errorType?.schema)}`,
  );
});

// ---------------------------------------------------------------- handlers

/**
 * The fields one sample reads from an SDK error, outside `fields`, as messages. An SDK error is
 * the first parameter of an `error` event handler (`x.on('error', …)`), of `onError`, of a
 * `.catch()` handler or a `catch` clause around an SDK call, and anything typed or cast as
 * `typeName`.
 */
export function unknownErrorFields(
  source: string,
  language: string,
  typeName: string,
  fields: Set<string>,
): string[] {
  const file = parseScript(source, language);
  const problems: string[] = [];
  const text = (node: ts.Node): string => node.getText(file);
  const typedAsError = (type: ts.TypeNode | undefined): boolean =>
    type !== undefined && new RegExp(`\\b${typeName}\\b`).test(text(type));

  /** Checks what a binding (a parameter or a catch variable) reads inside `scope`. */
  const checkBinding = (name: ts.BindingName, scope: ts.Node, where: string): void => {
    if (ts.isObjectBindingPattern(name)) {
      for (const element of name.elements) {
        const field = (element.propertyName ?? element.name).getText(file);
        if (!fields.has(field)) problems.push(`${where} destructures "${field}"`);
      }
      return;
    }
    if (!ts.isIdentifier(name)) return;
    const local = name.text;
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAccessExpression(node)) {
        let owner: ts.Expression = node.expression;
        while (
          ts.isParenthesizedExpression(owner) ||
          ts.isAsExpression(owner) ||
          ts.isNonNullExpression(owner)
        )
          owner = owner.expression;
        if (ts.isIdentifier(owner) && owner.text === local && !fields.has(node.name.text)) {
          problems.push(`${where} reads "${local}.${node.name.text}"`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(scope);
  };

  const handlerOf = (expression: ts.Expression | undefined): ts.FunctionLikeDeclaration | undefined =>
    expression && (ts.isArrowFunction(expression) || ts.isFunctionExpression(expression))
      ? expression
      : undefined;
  const checkHandler = (handler: ts.FunctionLikeDeclaration | undefined, where: string): void => {
    const parameter = handler?.parameters[0];
    if (handler?.body && parameter) checkBinding(parameter.name, handler.body, where);
  };
  const callsSdk = (node: ts.Node): boolean =>
    /\b(createCapture|mount|VultusWebSDK|VultusGUI)\b/.test(text(node));

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [first, second] = node.arguments;
      if (method === 'on' && first && ts.isStringLiteral(first) && first.text === 'error') {
        checkHandler(handlerOf(second), `the error handler at "${text(node).split('\n')[0]}"`);
      }
      if (method === 'catch' && callsSdk(node.expression.expression)) {
        checkHandler(handlerOf(first), 'a .catch() handler of an SDK call');
      }
    }
    if (ts.isPropertyAssignment(node) && text(node.name) === 'onError') {
      checkHandler(handlerOf(node.initializer), 'onError');
    }
    if (ts.isCatchClause(node) && node.variableDeclaration && callsSdk(node.parent.tryBlock)) {
      checkBinding(node.variableDeclaration.name, node.block, 'a catch clause around an SDK call');
    }
    if (ts.isParameter(node) && typedAsError(node.type) && node.parent && 'body' in node.parent) {
      const body = (node.parent as ts.FunctionLikeDeclaration).body;
      if (body) checkBinding(node.name, body, `a ${typeName} parameter`);
    }
    if (
      ts.isAsExpression(node) &&
      typedAsError(node.type) &&
      ts.isPropertyAccessExpression(node.parent.parent)
    ) {
      const field = node.parent.parent.name.text;
      if (ts.isParenthesizedExpression(node.parent) && !fields.has(field)) {
        problems.push(`a cast to ${typeName} reads "${field}"`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return [...new Set(problems)];
}

test('every SDK error handler in a docs sample reads only fields of the error object', async () => {
  assert.ok(errorType?.name && errorFields.size > 0, 'error_type is not defined');
  const problems: string[] = [];
  let checked = 0;
  for (const {page, block, language, source} of await sdkSamples()) {
    checked += 1;
    for (const problem of unknownErrorFields(source, language, errorType.name, errorFields)) {
      problems.push(`docs/${page.file}: sample "${block.value.split('\n')[0]}": ${problem}`);
    }
  }
  assert.ok(checked >= 20, `only ${checked} SDK samples found: the extraction is broken`);
  assert.deepEqual(problems, []);
});

test('the handler check finds a handler that reads the response body’s wrapper', () => {
  const fields = new Set(['type', 'code', 'message', 'param', 'retryable', 'request_id', 'doc_url']);
  const sample = [
    "capture.on('error', (error) => console.log(error.error.code));",
    'mount({onError: ({error}) => console.log(error)});',
    'try { await createCapture({}); } catch (failure) { console.log(failure.status); }',
    'const show = (error: VultusError) => error.retryable;',
  ].join('\n');
  assert.deepEqual(unknownErrorFields(sample, 'typescript', 'VultusError', fields), [
    'the error handler at "capture.on(\'error\', (error) => console.log(error.error.code))" reads "error.error"',
    'onError destructures "error"',
    'a catch clause around an SDK call reads "failure.status"',
  ]);
});
