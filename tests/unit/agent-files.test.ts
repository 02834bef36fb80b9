/**
 * The files for coding agents (plugins/vultus-contract/outputs/agents.ts): /skill.md and the
 * "Instructions for agents" of /llms.txt render from docs/_agents/ with the pages' facts, their
 * links absolute; the skill's front matter is a skill's; and their links are checked as the
 * pages' are, although they are no page.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parse as parseYaml} from 'yaml';
import {
  renderAgentFiles,
  skillFrontMatterProblems,
  skillMarkdown,
} from '../../plugins/vultus-contract/outputs/agents';
import {brokenLinks} from '../../plugins/vultus-contract/links';
import {withDocs} from './helpers/pages';

test('the skill and the instructions render with their facts, every link absolute', async () => {
  const routesByFile = new Map(
    (await withDocs()).docsPages().map((page) => [page.file.replace(/^docs\//, ''), page.route] as const),
  );
  const {skill, instructions} = await renderAgentFiles(await withDocs(), routesByFile);
  const published = skillMarkdown(skill);
  const [, frontMatter = '', body = ''] = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(published) ?? [];
  assert.deepEqual(skillFrontMatterProblems(parseYaml(frontMatter)), []);
  for (const [name, markdown] of [
    ['skill.md', body],
    ['instructions', instructions.markdown],
  ] as const) {
    assert.ok(markdown.length > 300, `${name}: rendered`);
    assert.doesNotMatch(markdown, /%\{|:fact\{|:sandbox\b/, `${name}: every fact expanded`);
    for (const [, url] of markdown.matchAll(/\]\(([^)]+)\)/g)) {
      assert.match(url ?? '', /^https:\/\/docs\.vultus\.example\//, `${name}: ${url} is absolute`);
    }
  }
});

test('a skill front matter without a name, or with a name that is no skill name, is refused by field', () => {
  assert.deepEqual(skillFrontMatterProblems({name: 'vultus-integration', description: 'How to.'}), []);
  assert.deepEqual(skillFrontMatterProblems({description: 'How to.'}), [
    "front matter must have required property 'name'",
  ]);
  assert.deepEqual(skillFrontMatterProblems({name: 'Vultus Integration', description: 'How to.'}), [
    'name must match pattern "^[a-z0-9]+(-[a-z0-9]+)*$"',
  ]);
});

test('a broken link of a file that is no page fails the check, named by its file and line', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'vultus-agent-links-'));
  try {
    writeFileSync(path.join(outDir, 'auth.html'), '<h2 id="secret-keys">Secret keys</h2>');
    const problems = brokenLinks(
      [
        {
          file: '_agents/skill.md',
          route: '/skill.md',
          links: [
            {url: '../auth.md#secret-keys', line: 3},
            {url: '../auth.md#secret-key', line: 4},
            {url: '../nowhere.md', line: 5},
          ],
        },
      ],
      {routeOfFile: new Map([['auth.md', '/auth']]), routes: ['/auth'], outDir},
    );
    assert.equal(problems.length, 2);
    assert.match(
      problems[0] ?? '',
      /^docs\/_agents\/skill\.md:4: broken link \.\.\/auth\.md#secret-key: the page \/auth has no anchor #secret-key/,
    );
    assert.match(
      problems[1] ?? '',
      /^docs\/_agents\/skill\.md:5: broken link \.\.\/nowhere\.md: there is no page docs\/nowhere\.md/,
    );
  } finally {
    rmSync(outDir, {recursive: true, force: true});
  }
});
