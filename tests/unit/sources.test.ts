/**
 * The site's sources (plugins/vultus-contract/sources.ts) are loaded once per build and read again
 * after an edit only when the bundler says the file changed, which is what `docusaurus start` does
 * before each compilation: a page rendered after the edit shows the new value, everywhere it is used.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkDirective from 'remark-directive';
import remarkStringify from 'remark-stringify';
import type {Root} from 'mdast';
import {VFile} from 'vfile';
import remarkVultusContract from '../../plugins/vultus-contract/remark';
import {substituteFacts} from '../../plugins/vultus-contract/facts/facts';
import {Sources} from '../../plugins/vultus-contract/sources';
import {siteDir} from './helpers/pages';

/**
 * Runs `use` on a throwaway copy of the site's sources: the contract, data/, the partials and the
 * MCP server's package.json (its version is a fact).
 */
async function inSiteCopy(use: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vultus-sources-'));
  try {
    for (const part of ['contract', 'data', 'docs/_partials', 'mcp/package.json'])
      cpSync(path.join(siteDir, part), path.join(dir, part), {recursive: true});
    await use(dir);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

/** The page `markdown` rendered from `sources`, as Markdown. */
async function render(sources: Sources, markdown: string): Promise<string> {
  const processor = unified()
    .use(remarkParse)
    .use(remarkDirective)
    .use(remarkVultusContract, {sources, mode: 'markdown'})
    .use(remarkStringify);
  const file = new VFile({path: path.join(sources.siteDir, 'docs/page.md'), value: markdown});
  return String(processor.stringify((await processor.run(processor.parse(file), file)) as Root));
}

/** Replaces `from` by `to` in a file of the copy. */
function edit(dir: string, relative: string, from: string | RegExp, to: string): string {
  const file = path.join(dir, relative);
  const before = readFileSync(file, 'utf8');
  const after = before.replace(from, to);
  assert.notEqual(after, before, `${relative} holds ${String(from)}`);
  writeFileSync(file, after);
  return file;
}

test('each source is loaded once: an edit the bundler has not reported changes nothing', () =>
  inSiteCopy(async (dir) => {
    const sources = new Sources(dir);
    assert.equal(sources.data('onprem/services.yaml'), sources.data('onprem/services.yaml'));
    assert.equal(await sources.contract(), await sources.contract());
    const page = 'Images are version :fact{key="onprem.version"}.\n';
    const before = await render(sources, page);
    edit(dir, 'data/onprem/services.yaml', /^version: .*$/m, 'version: 9.9.9');
    assert.equal(await render(sources, page), before);
  }));

test('after forget, a data file, the contract and a partial are read again, facts included', () =>
  inSiteCopy(async (dir) => {
    const sources = new Sources(dir);
    const page = [
      'Images are version :fact{key="onprem.version"}.',
      '',
      'At most :fact{key="limits.allowed_origins_max"} origins.',
      '',
      '```bash',
      'docker pull onprem/face-match:%{onprem.version}',
      '```',
      '',
    ].join('\n');
    const before = await render(sources, page);
    assert.doesNotMatch(before, /9\.9\.9|\b777\b/);
    const data = edit(dir, 'data/onprem/services.yaml', /^version: .*$/m, 'version: 9.9.9');
    const contract = edit(
      dir,
      'contract/openapi.yaml',
      /allowed_origins_max: \d+/,
      'allowed_origins_max: 777',
    );
    sources.forget([data, contract]);
    const after = await render(sources, page);
    assert.match(after, /Images are version 9\.9\.9\./);
    assert.match(after, /onprem\/face-match:9\.9\.9/);
    assert.match(after, /At most 777 origins\./);
  }));

test('a partial edited and forgotten is placed again with its new text', () =>
  inSiteCopy(async (dir) => {
    const sources = new Sources(dir);
    const partial = path.join(dir, 'docs/_partials/sources-test.md');
    writeFileSync(partial, 'The first text.\n');
    const page = '::include{src="sources-test.md"}\n';
    assert.match(await render(sources, page), /The first text\./);
    writeFileSync(partial, 'The second text.\n');
    assert.match(await render(sources, page), /The first text\./);
    sources.forget([partial]);
    assert.match(await render(sources, page), /The second text\./);
  }));

test('a file read as text is still loaded as what it is: the contract after its text, and again after forget', () =>
  inSiteCopy(async (dir) => {
    const sources = new Sources(dir);
    const text = sources.text('contract/openapi.yaml');
    assert.match(String(text), /^openapi: /m);
    const contract = await sources.contract();
    assert.ok(contract.operations.size > 0, 'the contract, not its text');
    assert.equal(sources.text('contract/openapi.yaml'), text);
    sources.forget([path.join(dir, 'contract/openapi.yaml')]);
    assert.notEqual(await sources.contract(), contract, 'after forget the contract is loaded again');
  }));

test('the facts a page states are those of the contract it is rendered with, whichever was rendered first', () =>
  inSiteCopy(async (dir) => {
    const sources = new Sources(dir);
    const contract = await sources.contract();
    // A contract without signature test vectors has no signature facts (a test's minimal contract).
    const without = {...contract, document: {...contract.document, 'x-signature-test-vectors': undefined}};
    assert.throws(
      () => substituteFacts(without as typeof contract, sources, '%{signatures.webhook.header}', 'page.md'),
      /no such fact/,
    );
    assert.match(
      substituteFacts(contract, sources, '%{signatures.webhook.header}', 'page.md'),
      /^t=\d+,v1=[0-9a-f]{64}$/,
    );
  }));
