/**
 * Bad input fails the build with a message that names the file (and the field or path),
 * never a stack trace alone: a broken link, a malformed front matter, a malformed contract.
 * Each case builds a copy of the site with one fault injected.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {build, edit, withSiteCopy} from './helpers/site-copy';

/** The 1-based line of the first line of a file of the copy that holds `text`. */
const lineOf = (dir: string, file: string, text: string): number =>
  readFileSync(path.join(dir, file), 'utf8')
    .split('\n')
    .findIndex((row) => row.includes(text)) + 1;

test('a broken link or anchor fails the build, naming the file and the line where the writer wrote it', () =>
  withSiteCopy((dir) => {
    const page = path.join(dir, 'docs/auth.md');
    writeFileSync(page, `${readFileSync(page, 'utf8')}\n\nSee [the missing page](/no-such-page-anywhere).\n`);
    edit(dir, 'docs/auth.md', '(./requests.md#rate-limits)', '(./requests.md#rate-limit)');
    // In a partial: named at the line that includes it.
    edit(dir, 'docs/_partials/onprem-semver.md', '(../revision-history.md)', '(../revision-history.md#no-such-release)');
    const line = (file: string, text: string): number => lineOf(dir, file, text);
    const {status, output} = build(dir);
    assert.notEqual(status, 0, 'the build must fail');
    const expected = [
      `docs/auth.md:${line('docs/auth.md', '(/no-such-page-anywhere)')}: broken link /no-such-page-anywhere: no page has the address /no-such-page-anywhere`,
      `docs/auth.md:${line('docs/auth.md', '#rate-limit)')}: broken link ./requests.md#rate-limit: the page /requests has no anchor #rate-limit (did you mean #rate-limits?)`,
      `docs/onprem-services/face-search.md:${line('docs/onprem-services/face-search.md', 'src="onprem-semver.md"')}: broken link ../revision-history.md#no-such-release: the page /revision-history has no anchor #no-such-release`,
    ];
    for (const message of expected) assert.ok(output.includes(message), `the output says: ${message}\n${output.slice(-3000)}`);
  }));

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
    const {status, output} = build(dir);
    assert.notEqual(status, 0, 'the build must fail');
    assert.match(output, /docs\/requests\.md:2: front matter: sidebar_position: must be number/);
    assert.match(output, /docs\/requests\.md:3: front matter: unknown field "titel" \(did you mean "title"\?\)/);
    assert.match(output, /docs\/requests\.md:1: front matter: "description" is missing/);
  }));

test('a contract that is not valid YAML fails the build naming the contract and the line, not the site config', () =>
  withSiteCopy((dir) => {
    edit(dir, 'contract/openapi.yaml', '      x-rate-limit-group: media\n', '      x-rate-limit-group: [media\n');
    const {status, output} = build(dir);
    assert.notEqual(status, 0, 'the build must fail');
    const line = lineOf(dir, 'contract/openapi.yaml', '[media');
    assert.match(output, new RegExp(`contract/openapi\\.yaml:(${line}|${line + 1}): not valid YAML: `));
    assert.doesNotMatch(output, /docusaurus\.config\.ts/);
  }));

test('a misspelt directive or fact, JSX or an unclosed element in a .md page, and a data value its schema rejects fail the build with file, line and a suggestion, and no stack trace', () =>
  withSiteCopy((dir) => {
    edit(dir, 'docs/auth.md', ':fact{key="limits.allowed_origins_max"}', ':fakt{key="limits.allowed_origins_max"}');
    edit(dir, 'docs/requests.md', '::operation{id="getMedia"}', '::operatoin{id="getMedia"}');
    edit(dir, 'docs/common-parameters.md', ':fact{key="limits.metadata.max_keys"}', ':fact{key="limits.metadata.max_key"}');
    edit(dir, 'docs/compatibility-matrix.md', '## Supported browsers\n', '## Supported browsers\n\n<Tabs>\n\nChrome.\n\n</Tabs>\n');
    edit(dir, 'docs/decline-reasons.md', '\n## ', '\n<div class="note">\n\nAn unclosed note.\n\n## ');
    edit(dir, 'data/aml/screening.yaml', '    kind: sanctions\n', '    kind: sanctionz\n');
    const line = (file: string, text: string): number => lineOf(dir, file, text);
    const {status, output} = build(dir);
    assert.notEqual(status, 0, 'the build must fail');
    const expected = [
      `docs/auth.md:${line('docs/auth.md', ':fakt{')}: unknown directive :fakt (did you mean :fact?)`,
      `docs/requests.md:${line('docs/requests.md', '::operatoin')}: unknown directive ::operatoin (did you mean ::operation?)`,
      `docs/common-parameters.md:${line('docs/common-parameters.md', 'max_key"}')}: :fact: no fact "limits.metadata.max_key" (did you mean "limits.metadata.max_keys"?)`,
      `docs/compatibility-matrix.md:${line('docs/compatibility-matrix.md', '<Tabs>')}: <Tabs> is a React component`,
      `docs/decline-reasons.md:${line('docs/decline-reasons.md', '<div class="note">')}: <div> is never closed`,
      `data/aml/screening.yaml:${line('data/aml/screening.yaml', 'kind: sanctionz')}: /lists/0/kind: must be equal to one of the allowed values`,
    ];
    for (const message of expected) assert.ok(output.includes(message), `the output says: ${message}\n${output.slice(0, 3000)}`);
    assert.doesNotMatch(output, /\n\s+at .*plugins\/vultus-contract/, 'no stack trace into the plugin');
  }));

test('a contract that references a missing schema fails the build and names the file and the path', () =>
  withSiteCopy((dir) => {
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
  }));
