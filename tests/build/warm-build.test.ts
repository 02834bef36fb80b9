/**
 * A warm build renders what changed: an edit to the contract, a data file or a partial reaches
 * the pages rendered from it when the bundler's persistent cache is warm, as `npm start` and a
 * second `npm run build` use it.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {build, edit, withSiteCopy} from './helpers/site-copy';

test('an edit to the contract, a data file or a partial reaches its pages in a warm build, and the search index gets a new name', () => {
  const indexName = (buildDir: string): string => {
    const names = readdirSync(buildDir).filter((file) => /^search-index-[0-9a-f]+\.json$/.test(file));
    assert.equal(names.length, 1, `one search index in ${buildDir}`);
    return names[0] ?? '';
  };
  const html = (dir: string, route: string): string => readFileSync(path.join(dir, 'build', `${route}.html`), 'utf8');
  return withSiteCopy((dir) => {
    // A cold build fills the bundler's persistent cache; the second build is warm.
    const cold = build(dir);
    assert.equal(cold.status, 0, cold.output);
    const before = indexName(path.join(dir, 'build'));
    edit(dir, 'contract/openapi.yaml', 'Compares the face in `image`', 'Compares the quokka face in `image`');
    edit(dir, 'data/onprem/config.yaml', 'Inference workers in the container.', 'Inference wombat workers in the container.');
    edit(dir, 'docs/_partials/onprem-api-key.md', 'chmod 0444 license.vlic', 'chmod 0444 license.vlic # numbat');
    const warm = build(dir);
    assert.equal(warm.status, 0, warm.output);
    for (const [route, word] of [
      ['/services/face-search', 'quokka'],
      ['/onprem-services/face-match', 'wombat'],
      ['/onprem-services/face-search', 'numbat'],
      ['/onprem-services/deepfake-detection', 'numbat'],
    ] as const) {
      assert.match(html(dir, route), new RegExp(word), `${route}: the warm build renders the edit ("${word}")`);
    }
    const after = indexName(path.join(dir, 'build'));
    assert.notEqual(after, before, 'the edited index must not keep the old name');
    assert.match(readFileSync(path.join(dir, 'build', after), 'utf8'), /quokka/, 'the new index holds the edit');
    assert.match(
      html(dir, '/services/face-search'),
      new RegExp(`<meta name="?vultus-search-index"? content="?/${after.replace('.', '\\.')}`),
      'pages name the new index',
    );
  });
});
