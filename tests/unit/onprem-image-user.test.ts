/**
 * F56: the user and group the on-premise images run as are stated once, in data/onprem/services.yaml
 * (facts onprem.user and onprem.group), and shown wherever a page asks for the data volume's
 * ownership: the storage troubleshooting, the 5.0.0 release note and the Helm chart's pod security
 * context. No source types the number.
 *
 * Run: node --import tsx --test tests/unit/onprem-image-user.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {siteDir} from './helpers/pages';
import {onpremPages, pageSources, renderDoc, section} from './helpers/onprem-pages';

const services = parse(readFileSync(path.join(siteDir, 'data/onprem/services.yaml'), 'utf8')) as {
  user: number;
  group: number;
};
const owner = `${services.user}:${services.group}`;

test('every sentence about the data volume’s ownership or the non-root user gives the ids', async () => {
  const pages = [...(await onpremPages()), await renderDoc('revision-history.md')];
  let found = 0;
  for (const page of pages) {
    // A table row is read whole (the ids may be in another cell), other text sentence by sentence.
    const units = page.markdown
      .split('\n')
      .flatMap((line) => (line.startsWith('|') ? [line] : line.split(/(?<=\.)\s+/)));
    for (const sentence of units) {
      if (!/ownership|non-root|chown|(writable|readable) by the (image|container)'s user/.test(sentence))
        continue;
      found += 1;
      const ids =
        sentence.includes(owner) ||
        sentence.includes(`\`${services.user}\``) ||
        sentence.includes(`runAsUser: ${services.user}`);
      assert.ok(ids, `${page.route}: "${sentence}"`);
    }
  }
  assert.ok(found >= 6, `${found} sentences`);
});

test('the Helm reference’s pod security context runs as the image’s user and group', async () => {
  const reference =
    section((await renderDoc('onprem-services/merged-solutions.md')).markdown, 'Configuration reference') ??
    '';
  const row = reference.split('\n').find((line) => line.includes('podSecurityContext')) ?? '';
  assert.ok(row.includes(`runAsUser: ${services.user}`), row);
  assert.ok(row.includes(`runAsGroup: ${services.group}`), row);
  assert.ok(row.includes(`fsGroup: ${services.group}`), row);
});

test('no page, partial or other data file types the image’s user or group id', async () => {
  const ids = new RegExp(`\\b(${services.user}|${services.group})\\b`);
  for (const {file, text} of await pageSources()) assert.doesNotMatch(text, ids, file);
  for (const file of ['data/onprem/helm-values.yaml', 'data/onprem/config.yaml', 'data/releases.yaml'])
    assert.doesNotMatch(readFileSync(path.join(siteDir, file), 'utf8'), ids, file);
});
