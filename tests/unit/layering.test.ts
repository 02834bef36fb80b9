/**
 * The imports of plugins/, src/lib/ and deploy/ run one way: no circles, and in plugins/vultus-contract/
 * down from the entry points to the directive registry, the renderers and the foundations, as
 * .dependency-cruiser.cjs defines them (each rule says its direction and why). An import against
 * them fails here, naming the importing module, the imported one and the rule.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type {ICruiseResult, IViolation} from 'dependency-cruiser';

const siteDir = path.resolve(__dirname, '../..');

function describe(violation: IViolation): string {
  const line = `${violation.from} → ${violation.to}: ${violation.rule.name}`;
  const cycle = violation.cycle?.map((step) => step.name);
  return cycle ? `${line}\n    (circle: ${[violation.from, ...cycle].join(' → ')})` : line;
}

test('the imports of plugins/, src/lib/ and deploy/ run the way .dependency-cruiser.cjs says', async () => {
  // dependency-cruiser is an ES module only, which the tests (CommonJS through tsx) import, not require.
  const {cruise} = await import('dependency-cruiser');
  const {default: extractDepcruiseOptions} =
    await import('dependency-cruiser/config-utl/extract-depcruise-options');
  const {default: extractTSConfig} = await import('dependency-cruiser/config-utl/extract-ts-config');
  const options = await extractDepcruiseOptions(path.join(siteDir, '.dependency-cruiser.cjs'));
  const tsConfig = extractTSConfig(path.join(siteDir, 'tsconfig.json'));
  const {output} = await cruise(
    ['plugins', 'src/lib', 'deploy'],
    {...options, baseDir: siteDir, validate: true, tsConfig: {fileName: path.join(siteDir, 'tsconfig.json')}},
    {},
    {tsConfig},
  );
  const result = output as ICruiseResult;
  const violations = result.summary.violations.map(describe);
  assert.equal(
    violations.length,
    0,
    `${violations.length} import(s) against the layers of .dependency-cruiser.cjs:\n  ${violations.join('\n  ')}`,
  );
  // The cruise saw the plugin and followed its imports: a wrong directory, or imports it could not
  // resolve, would leave the rules nothing to check.
  const modules = new Set(result.modules.map((module) => module.source));
  const unresolved = result.modules.flatMap((module) =>
    module.dependencies
      .filter((dependency) => dependency.couldNotResolve && dependency.module.startsWith('.'))
      .map((dependency) => `${module.source} → ${dependency.module}`),
  );
  assert.deepEqual(unresolved, [], 'relative imports the cruise could not resolve');
  for (const file of [
    'plugins/vultus-contract/index.ts',
    'plugins/vultus-contract/directive.ts',
    'src/lib/search/engine.ts',
  ])
    assert.ok(modules.has(file), `the cruise did not reach ${file}`);
});
