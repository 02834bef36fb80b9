/**
 * F55: the GPU host prerequisites (NVIDIA driver and Container Toolkit versions, the Kubernetes
 * device plugin, whether an ARM host can use a GPU) live in data/onprem/hosts.yaml, the
 * compatibility matrix renders them, and no other page types a version of them.
 *
 * Run: node --import tsx --test tests/unit/onprem-gpu-hosts.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {siteDir} from './helpers/pages';
import {pageSources, renderDoc, section} from './helpers/onprem-pages';

const hosts = (
  parse(readFileSync(path.join(siteDir, 'data/onprem/hosts.yaml'), 'utf8')) as {
    hosts: Array<{component: string; supported: string}>;
  }
).hosts;
const row = (component: string): string =>
  hosts.find((host) => host.component === component)?.supported ?? '';

test('the host data names the driver, toolkit and device plugin versions, and answers ARM with a GPU', () => {
  assert.match(row('NVIDIA driver'), /^\d{3} or later/);
  assert.match(row('NVIDIA Container Toolkit'), /^\d+\.\d+ or later/);
  assert.match(row('GPUs on Kubernetes'), /device plugin \d+\.\d+ or later/);
  assert.match(row('GPU (optional)'), /ARM hosts run the models on the CPU only/);
  assert.match(row('CPU'), /ARM/);
});

test('the compatibility matrix renders the on-premise hosts from the data', async () => {
  const page = await renderDoc('compatibility-matrix.md');
  assert.match(page.source, /::data-table\{src="onprem\/hosts\.yaml" path="hosts"/);
  const rendered = section(page.markdown, 'On-premise hosts') ?? '';
  for (const host of hosts) assert.ok(rendered.includes(host.component), `the row ${host.component}`);
});

test('no page types a GPU prerequisite: driver, CUDA or toolkit versions come from the data', async () => {
  for (const {file, text} of await pageSources()) {
    assert.doesNotMatch(
      text,
      /CUDA \d+|driver \d{3}|Container Toolkit \d/i,
      `${file}: a GPU prerequisite typed`,
    );
    if (file !== 'compatibility-matrix.md') continue;
    assert.doesNotMatch(text, /^\| (Host OS|GPU)/m, `${file}: the host table is typed by hand`);
  }
});

test('the GPU examples of the on-premise pages link to the host prerequisites', async () => {
  const partial = readFileSync(path.join(siteDir, 'docs/_partials/onprem-docker.md'), 'utf8');
  assert.match(partial, /--gpus all/);
  assert.match(partial, /compatibility-matrix\.md#on-premise-hosts/);
});
