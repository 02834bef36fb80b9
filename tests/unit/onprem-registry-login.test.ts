/**
 * F49: every page that installs on-premise images says how to log in to the Vultus registry, from
 * one partial, docs/_partials/onprem-registry-login.md: `docker login` and `helm registry login` to
 * the registry host of data/onprem/services.yaml, where the credentials come from, and, for
 * Kubernetes, an image pull secret that every Helm values example names in `image.pullSecrets`.
 *
 * Run: node --import tsx --test tests/unit/onprem-registry-login.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {codeBlocks, metaValue, siteDir} from './helpers/pages';
import {onpremPages, pageSources, section} from './helpers/onprem-pages';

const services = parse(readFileSync(path.join(siteDir, 'data/onprem/services.yaml'), 'utf8')) as {
  registry: string;
};
const host = services.registry.split('/')[0] ?? '';
const partial = 'onprem-registry-login.md';

test('the registry login partial logs Docker and Helm in to the registry of the images, and says where the credentials come from', () => {
  const text = readFileSync(path.join(siteDir, 'docs/_partials', partial), 'utf8');
  assert.match(text, new RegExp(`docker login ${host.replace(/\./g, '\\.')}\\b`), 'docker login');
  assert.match(
    text,
    new RegExp(`helm registry login ${host.replace(/\./g, '\\.')}\\b`),
    'helm registry login',
  );
  assert.match(text, /--password-stdin/, 'the token is not typed on the command line');
  assert.match(text, /credentials|token/i);
  assert.match(text, /Vultus (sends|issues)/, 'where the credentials come from');
});

test('every page that pulls a Vultus image or chart includes the registry login partial in its Install section', async () => {
  const pulling = (await pageSources()).filter((page) =>
    new RegExp(`(docker (run|pull)|image:|helm (install|pull))[^\\n]*${host.replace(/\./g, '\\.')}`).test(
      page.text,
    ),
  );
  assert.ok(pulling.length >= 6, `${pulling.length} pages pull from ${host}`);
  for (const page of pulling) {
    const install = section(page.source, 'Install');
    assert.ok(install, `${page.file}: an Install section`);
    assert.match(
      install,
      new RegExp(`::include\\{src="${partial}"`),
      `${page.file}: Install includes ${partial}`,
    );
  }
});

test('every Helm values example names the image pull secret that the install creates', async () => {
  let examples = 0;
  for (const page of await onpremPages()) {
    const blocks = codeBlocks(page.tree);
    const values = blocks.filter((block) => metaValue(block.meta, 'title') === 'values.yaml');
    if (values.length === 0) continue;
    const created = new Set(
      blocks.flatMap((block) =>
        [...block.value.matchAll(/create secret docker-registry ([\w-]+)/g)].map((match) => match[1]),
      ),
    );
    assert.ok(created.size > 0, `${page.route}: the install creates a docker-registry secret`);
    for (const block of values) {
      examples += 1;
      const secrets = (parse(block.value) as {image?: {pullSecrets?: string[]}}).image?.pullSecrets ?? [];
      assert.ok(secrets.length > 0, `${page.route}: values.yaml sets image.pullSecrets`);
      for (const secret of secrets) assert.ok(created.has(secret), `${page.route}: ${secret} is created`);
    }
  }
  assert.ok(examples >= 6, `${examples} values.yaml examples`);
});
