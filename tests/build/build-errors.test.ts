/**
 * Bad input that stops the build before it compiles a page fails it with a message that names the
 * file (and the field or path), never a stack trace alone: a malformed front matter, a malformed
 * contract. Each case builds a fresh copy of the site with one fault injected. The mistakes the
 * build finds later (a broken link, a misspelt directive) are built warm: ./build-warm.test.ts.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {edit, failedBuild, lineOf, withSiteCopy} from './helpers/site-copy';

test('a malformed, misspelt or incomplete front matter fails the build, naming the file, the line and the field', () =>
  withSiteCopy((dir) => {
    const page = path.join(dir, 'docs/requests.md');
    const source = readFileSync(page, 'utf8');
    const broken = source
      .replace(/^---\n/, '---\nsidebar_position: second\n')
      .replace(/^title: /m, 'titel: ')
      .replace(/^description: .*\n/m, '');
    assert.notEqual(broken, source, 'the faults were injected');
    writeFileSync(page, broken);
    const output = failedBuild(dir);
    assert.match(output, /docs\/requests\.md:2: front matter: sidebar_position: must be number/);
    assert.match(
      output,
      /docs\/requests\.md:3: front matter: unknown field "titel" \(did you mean "title"\?\)/,
    );
    assert.match(output, /docs\/requests\.md:1: front matter: "description" is missing/);
  }));

test('a contract that is not valid YAML fails the build naming the contract and the line, not the site config', () =>
  withSiteCopy((dir) => {
    edit(
      dir,
      'contract/openapi.yaml',
      '      x-rate-limit-group: media\n',
      '      x-rate-limit-group: [media\n',
    );
    const output = failedBuild(dir);
    const line = lineOf(dir, 'contract/openapi.yaml', '[media');
    assert.match(output, new RegExp(`contract/openapi\\.yaml:(${line}|${line + 1}): not valid YAML: `));
    assert.doesNotMatch(output, /docusaurus\.config\.ts/);
  }));

test('a contract that references a missing schema fails the build and names the file and the path', () =>
  withSiteCopy((dir) => {
    const contract = path.join(dir, 'contract/openapi.yaml');
    const source = readFileSync(contract, 'utf8');
    const broken = source.replace(
      "$ref: '#/components/schemas/Image'",
      "$ref: '#/components/schemas/NoSuchImage'",
    );
    assert.notEqual(broken, source, 'the fault was injected');
    writeFileSync(contract, broken);
    const output = failedBuild(dir);
    assert.match(output, /contract\/openapi\.yaml/);
    assert.match(output, /#\/components\/schemas\/\w+\/properties\/\w+/, 'names the path inside the file');
    assert.match(output, /NoSuchImage/);
  }));
