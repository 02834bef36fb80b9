/**
 * Bad input fails the build with a message that names the file (and the field or path),
 * never a stack trace alone: a broken link, a malformed front matter, a malformed contract.
 * Each case builds a copy of the site with one fault injected.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const siteDir = path.resolve(__dirname, '../..');
const copied = ['docs', 'blog', 'src', 'static', 'contract', 'data', 'config', 'plugins'];
const copiedFiles = ['docusaurus.config.ts', 'sidebars.ts', 'package.json', 'tsconfig.json'];

function siteCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vultus-build-error-'));
  for (const name of copied) cpSync(path.join(siteDir, name), path.join(dir, name), {recursive: true});
  for (const name of copiedFiles) cpSync(path.join(siteDir, name), path.join(dir, name));
  symlinkSync(path.join(siteDir, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

function build(dir: string): {status: number | null; output: string} {
  const result = spawnSync(process.execPath, [path.join(siteDir, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build'], {
    cwd: dir,
    encoding: 'utf8',
    env: {...process.env, FORCE_COLOR: '0', NO_COLOR: '1'},
    timeout: 600_000,
  });
  return {status: result.status, output: `${result.stdout}\n${result.stderr}`};
}

test('a broken link fails the build and names the file', () => {
  const dir = siteCopy();
  try {
    const page = path.join(dir, 'docs/auth.md');
    writeFileSync(page, `${readFileSync(page, 'utf8')}\n\nSee [the missing page](/no-such-page-anywhere).\n`);
    const {status, output} = build(dir);
    assert.notEqual(status, 0, 'the build must fail');
    assert.match(output, /no-such-page-anywhere/);
    assert.match(output, /\/auth\b/, 'the message names the page with the broken link');
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('a malformed front matter fails the build and names the file and the field', () => {
  const dir = siteCopy();
  try {
    const page = path.join(dir, 'docs/requests.md');
    const source = readFileSync(page, 'utf8');
    writeFileSync(page, source.replace(/^---\n/, '---\nsidebar_position: second\n'));
    const {status, output} = build(dir);
    assert.notEqual(status, 0, 'the build must fail');
    assert.match(output, /requests\.md/);
    assert.match(output, /sidebar_position/);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('a contract that references a missing schema fails the build and names the file and the path', () => {
  const dir = siteCopy();
  try {
    const contract = path.join(dir, 'contract/openapi.yaml');
    const source = readFileSync(contract, 'utf8');
    const broken = source.replace("$ref: '#/components/schemas/Image'", "$ref: '#/components/schemas/NoSuchImage'");
    assert.notEqual(broken, source, 'the fault was injected');
    writeFileSync(contract, broken);
    const {status, output} = build(dir);
    assert.notEqual(status, 0, 'the build must fail');
    assert.match(output, /contract\/openapi\.yaml/);
    assert.match(output, /#\/components\/schemas\/\w+\/properties\/\w+/, 'names the path inside the file');
    assert.match(output, /NoSuchImage/);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

/** Replaces `from` with `to` in a file of the site copy; the edit must change the file. */
function edit(dir: string, file: string, from: string, to: string): void {
  const full = path.join(dir, file);
  const source = readFileSync(full, 'utf8');
  const edited = source.replace(from, to);
  assert.notEqual(edited, source, `${file}: "${from}" was edited`);
  writeFileSync(full, edited);
}

test('an edit to the contract, a data file or a partial reaches its pages in a warm build, and the search index gets a new name', () => {
  const indexName = (buildDir: string): string => {
    const names = readdirSync(buildDir).filter((file) => /^search-index-[0-9a-f]+\.json$/.test(file));
    assert.equal(names.length, 1, `one search index in ${buildDir}`);
    return names[0] ?? '';
  };
  const html = (dir: string, route: string): string => readFileSync(path.join(dir, 'build', `${route}.html`), 'utf8');
  const dir = siteCopy();
  try {
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
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
