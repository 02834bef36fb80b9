/**
 * A docs page depends on the files it was rendered from (plugins/vultus-contract/reads.ts), so an
 * edit renders again exactly the pages that use the edited file: a page that states a named fact
 * depends on the file of that fact, not on every file a fact comes from, and a page depends on the
 * contract where a directive renders from it, not for holding a directive.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import {VFile} from 'vfile';
import remarkVultusContract from '../../plugins/vultus-contract/remark';
import {collectFacts, factFile} from '../../plugins/vultus-contract/facts/facts';
import {PageReads, noteRead} from '../../plugins/vultus-contract/reads';
import {siteDir, sources} from './helpers/pages';

/** The site-relative files a page of `markdown` is rendered from. */
async function readsOf(markdown: string): Promise<string[]> {
  const page = path.join(siteDir, 'docs/reads-test.md');
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkDirective)
    .use(remarkVultusContract, {sources});
  const file = new VFile({path: page, value: markdown});
  await processor.run(processor.parse(file), file);
  return sources.reads.of(page).map((read) => path.relative(siteDir, read));
}

test('a page that states a fact depends on the file of that fact, not on every source of facts', async () => {
  const inline = await readsOf('The images are version :fact{key="onprem.version"}.\n');
  assert.ok(inline.includes('data/onprem/services.yaml'), `reads: ${inline.join(', ')}`);
  for (const other of [
    'data/metrics/liveness.yaml',
    'data/sdk/web-sdk.yaml',
    'data/onprem/config.yaml',
    'contract/openapi.yaml',
  ])
    assert.ok(!inline.includes(other), `${other} is not read by a page stating onprem.version`);

  const inCode = await readsOf('```bash\nnpm install @vultus/web-sdk@%{sdk.version}\n```\n');
  assert.ok(inCode.includes('data/sdk/web-sdk.yaml'), `reads: ${inCode.join(', ')}`);
  assert.ok(!inCode.includes('data/onprem/services.yaml'));
});

test('a page depends on the contract where it renders from it', async () => {
  const operation = await readsOf('::operation{id="getMedia"}\n');
  assert.ok(operation.includes('contract/openapi.yaml'), `reads: ${operation.join(', ')}`);
  const limit = await readsOf('At most :fact{key="limits.allowed_origins_max"} origins.\n');
  assert.deepEqual(limit, ['contract/openapi.yaml']);
});

test('every fact names the file it comes from', async () => {
  const facts = collectFacts(await sources.contract(), sources);
  const files = new Set([...facts.values()].map(factFile));
  assert.ok(
    files.has('contract/openapi.yaml') && files.has('data/metrics/liveness.yaml'),
    [...files].join(', '),
  );
});

test('a page whose render fails is known with the files it read until it renders again', async () => {
  const reads = new PageReads();
  const page = path.join(siteDir, 'docs/failing.md');
  const data = path.join(siteDir, 'data/onprem/config.yaml');
  await assert.rejects(
    reads.record(page, async () => {
      noteRead(data);
      throw new Error('data/onprem/config.yaml:3: not valid YAML');
    }),
    /not valid YAML/,
  );
  assert.deepEqual(reads.failedPages(), [page]);
  assert.deepEqual([...reads.ofFailedPages()], [data], 'the file it read before it failed');
  assert.deepEqual(reads.of(page), [data], 'the next render declares it before the MDX loader runs');
  await reads.record(page, async () => noteRead(data));
  assert.deepEqual(reads.failedPages(), [], 'rendered again, it no longer fails');
  assert.deepEqual([...reads.ofFailedPages()], []);
});

test('the server knows whether some page read a file (what no page read, it watches itself)', async () => {
  const reads = new PageReads();
  const data = path.join(siteDir, 'data/onprem/config.yaml');
  assert.equal(reads.anyPageReads(data), false, 'no page rendered yet');
  await reads.record(path.join(siteDir, 'docs/onprem.md'), async () => noteRead(data));
  assert.equal(reads.anyPageReads(data), true);
  assert.equal(reads.anyPageReads(path.join(siteDir, 'data/aml/screening.yaml')), false);
  await reads.record(path.join(siteDir, 'docs/onprem.md'), async () => undefined);
  assert.equal(reads.anyPageReads(data), false, 'once the page renders without it');
});
