/**
 * One copy of the site, built once cold (with broken links, which it must name) and then warm, as
 * a writer builds it again and again: an
 * edit to the contract, a data file or a partial reaches the pages rendered from it when the
 * bundler's persistent cache is warm, as `npm start` and a second `npm run build` use it; and the
 * mistakes the build finds once it compiles the pages (a broken link or anchor, a misspelt
 * directive or fact, JSX or an unclosed element in a .md page, a data value its schema rejects) fail
 * it with the file, the line and a suggestion. Each case puts the files it edits back afterwards,
 * so the next one builds the same sources warm. (Mistakes found before any page compiles:
 * ./build-errors.test.ts.)
 */
import {createHash} from 'node:crypto';
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {siteCopy} from '../../scripts/lib/siteCopy';
import {partUrl, type SearchIndexHead} from '../../src/lib/search/indexFiles';
import {build, edit, failedBuild, lineOf, restoringFiles, siteDir} from './helpers/site-copy';

/** The name of the search index of a build directory (its content hash is in it). */
function indexName(buildDir: string): string {
  const names = readdirSync(buildDir).filter((file) => /^search-index-[0-9a-f]+\.json$/.test(file));
  assert.equal(names.length, 1, `one search index in ${buildDir}`);
  return names[0] ?? '';
}

/** The links the cold build finds broken: a page, an anchor, and an anchor a partial links to. */
const brokenLinkEdits = (dir: string): void => {
  const page = path.join(dir, 'docs/auth.md');
  writeFileSync(page, `${readFileSync(page, 'utf8')}\n\nSee [the missing page](/no-such-page-anywhere).\n`);
  edit(dir, 'docs/auth.md', '(./requests.md#rate-limits)', '(./requests.md#rate-limit)');
  // In a partial: named at the line that includes it.
  edit(
    dir,
    'docs/_partials/onprem-semver.md',
    '(../revision-history.md)',
    '(../revision-history.md#no-such-release)',
  );
};

describe('a copy of the site built cold, then warm', () => {
  let dir = '';
  /** What the cold build printed, with the links of brokenLinkEdits broken. */
  let coldOutput = '';
  /** The lines the cold build's messages must name, read while the links were broken. */
  let brokenLines: {page: number; anchor: number; include: number} = {page: 0, anchor: 0, include: 0};
  before(() => {
    dir = siteCopy(siteDir, 'vultus-build-');
    // The cold build fills the bundler's persistent cache (the bundle is written before the links
    // are checked, so a build that fails on a link fills it too); every build after it is warm.
    // It builds with broken links, so the cache is filled by a build a test needs anyway.
    return restoringFiles(dir, ['docs/auth.md', 'docs/_partials/onprem-semver.md'], () => {
      brokenLinkEdits(dir);
      brokenLines = {
        page: lineOf(dir, 'docs/auth.md', '(/no-such-page-anywhere)'),
        anchor: lineOf(dir, 'docs/auth.md', '#rate-limit)'),
        include: lineOf(dir, 'docs/onprem-services/face-search.md', 'src="onprem-semver.md"'),
      };
      coldOutput = failedBuild(dir);
    });
  });
  after(() => rmSync(dir, {recursive: true, force: true}));
  // The cases that edit a few pages build first: the contract edit, last, renders again every page
  // that reads the contract, and again when the contract is put back.

  test('a broken link or anchor fails the build, naming the file and the line where the writer wrote it', () => {
    const expected = [
      `docs/auth.md:${brokenLines.page}: broken link /no-such-page-anywhere: no page has the address /no-such-page-anywhere`,
      `docs/auth.md:${brokenLines.anchor}: broken link ./requests.md#rate-limit: the page /requests has no anchor #rate-limit (did you mean #rate-limits?)`,
      `docs/onprem-services/face-search.md:${brokenLines.include}: broken link ../revision-history.md#no-such-release: the page /revision-history has no anchor #no-such-release`,
    ];
    for (const message of expected)
      assert.ok(coldOutput.includes(message), `the output says: ${message}\n${coldOutput.slice(-3000)}`);
  });

  test('a misspelt directive or fact, JSX or an unclosed element in a .md page, and a data value its schema rejects fail the build with file, line and a suggestion, and no stack trace', () => {
    const files = [
      'docs/auth.md',
      'docs/requests.md',
      'docs/common-parameters.md',
      'docs/compatibility-matrix.md',
      'docs/decline-reasons.md',
      'data/aml/screening.yaml',
    ];
    return restoringFiles(dir, files, () => {
      edit(
        dir,
        'docs/auth.md',
        ':fact{key="limits.allowed_origins_max"}',
        ':fakt{key="limits.allowed_origins_max"}',
      );
      edit(dir, 'docs/requests.md', '::operation{id="getMedia"}', '::operatoin{id="getMedia"}');
      edit(
        dir,
        'docs/common-parameters.md',
        ':fact{key="limits.metadata.max_keys"}',
        ':fact{key="limits.metadata.max_key"}',
      );
      edit(
        dir,
        'docs/compatibility-matrix.md',
        '## Supported browsers\n',
        '## Supported browsers\n\n<Tabs>\n\nChrome.\n\n</Tabs>\n',
      );
      edit(dir, 'docs/decline-reasons.md', '\n## ', '\n<div class="note">\n\nAn unclosed note.\n\n## ');
      edit(dir, 'data/aml/screening.yaml', '    kind: sanctions\n', '    kind: sanctionz\n');
      const line = (file: string, text: string): number => lineOf(dir, file, text);
      const output = failedBuild(dir);
      const expected = [
        `docs/auth.md:${line('docs/auth.md', ':fakt{')}: unknown directive :fakt (did you mean :fact?)`,
        `docs/requests.md:${line('docs/requests.md', '::operatoin')}: unknown directive ::operatoin (did you mean ::operation?)`,
        `docs/common-parameters.md:${line('docs/common-parameters.md', 'max_key"}')}: :fact: no fact "limits.metadata.max_key" (did you mean "limits.metadata.max_keys"?)`,
        `docs/compatibility-matrix.md:${line('docs/compatibility-matrix.md', '<Tabs>')}: <Tabs> is a React component`,
        `docs/decline-reasons.md:${line('docs/decline-reasons.md', '<div class="note">')}: <div> is never closed`,
        `data/aml/screening.yaml:${line('data/aml/screening.yaml', 'kind: sanctionz')}: /lists/0/kind: must be equal to one of the allowed values`,
      ];
      for (const message of expected)
        assert.ok(output.includes(message), `the output says: ${message}\n${output.slice(0, 3000)}`);
      assert.doesNotMatch(output, /\n\s+at .*plugins\/vultus-contract/, 'no stack trace into the plugin');
    });
  });

  test('an edit to the contract, a data file or a partial reaches its pages in a warm build, and the search index gets a new name', () => {
    const html = (route: string): string => readFileSync(path.join(dir, 'build', `${route}.html`), 'utf8');
    const files = ['contract/openapi.yaml', 'data/onprem/config.yaml', 'docs/_partials/onprem-api-key.md'];
    return restoringFiles(dir, files, () => {
      edit(
        dir,
        'contract/openapi.yaml',
        'Compares the face in `image`',
        'Compares the quokka face in `image`',
      );
      edit(
        dir,
        'data/onprem/config.yaml',
        'Inference workers in the container.',
        'Inference wombat workers in the container.',
      );
      edit(dir, 'docs/_partials/onprem-api-key.md', '> vultus_api_key.txt', '> vultus_api_key.txt # numbat');
      const warm = build(dir);
      assert.equal(warm.status, 0, warm.output);
      for (const [route, word] of [
        ['/services/face-search', 'quokka'],
        ['/onprem-services/face-match', 'wombat'],
        ['/onprem-services/face-search', 'numbat'],
        ['/onprem-services/deepfake-detection', 'numbat'],
      ] as const) {
        assert.match(html(route), new RegExp(word), `${route}: the warm build renders the edit ("${word}")`);
      }
      const after = indexName(path.join(dir, 'build'));
      const read = (file: string): string => readFileSync(path.join(dir, 'build', file), 'utf8');
      const head = read(after);
      assert.match(head, /"quokka"/, 'the new index has the edit among its terms');
      // Its name is its content's (the head, then each part): a browser that keeps the old index for
      // a year fetches the new one.
      const {parts} = JSON.parse(head) as SearchIndexHead;
      const content = createHash('sha256').update(head);
      for (const kind of ['postings', 'details'] as const)
        parts[kind].forEach((_, at) => content.update(read(partUrl(after, kind, at))));
      assert.equal(
        after,
        `search-index-${content.digest('hex').slice(0, 12)}.json`,
        'the index is named after its content',
      );
      assert.match(
        html('/services/face-search'),
        new RegExp(`<meta name="?vultus-search-index"? content="?/${after.replace('.', '\\.')}`),
        'pages name the new index',
      );
    });
  });
});
