/**
 * Bad input fails the build with a message that names the file (and the field or path),
 * never a stack trace alone: a broken link, a malformed front matter, a malformed contract.
 * Each case builds a copy of the site with one fault injected.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
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
