/**
 * F51: the Helm chart's values are documented once, in data/onprem/helm-values.yaml, and rendered by
 * ::helm-values: the reference on the merged-solutions page, and every page's values.yaml example.
 * Every container of data/onprem/services.yaml has its values key and rows for the image, GPU
 * workers, persistence, probes and resources; every example sets only values the reference lists,
 * shows persistence (and a GPU count on the service containers), and requests the resources its
 * container's sizing table gives for the workers it runs. No page types a values.yaml by hand.
 *
 * Run: node --import tsx --test tests/unit/onprem-helm-values.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import type {OnpremHelmValues, OnpremServices} from '../../plugins/vultus-contract/data/types';
import {codeBlocks, metaValue, siteDir, sources} from './helpers/pages';
import {onpremPages, renderDoc, section} from './helpers/onprem-pages';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Row = OnpremHelmValues['chart_values'][number];
type Service = OnpremServices['services'][number];
const helm = sources.data('onprem/helm-values.yaml');
const services = sources.data('onprem/services.yaml').services;
const chartRows = helm.chart_values;
const containerRows = helm.container_values;
const keyOf = new Map(helm.containers.map((item) => [item.name, item.key]));
const nameOf = new Map([...keyOf].map(([name, key]) => [key, name]));
const takes = (row: Row, name: string): boolean =>
  row.containers === 'all' || (row.containers ?? []).includes(name);
const hasGpu = (service: Service): boolean => service.sizing.some((profile) => profile.profile === 'GPU');

/** The values.yaml examples a rendered on-premise page shows, parsed. */
const valuesExamples = (page: {tree: Parameters<typeof codeBlocks>[0]}): Json[] =>
  codeBlocks(page.tree)
    .filter((block) => metaValue(block.meta, 'title') === 'values.yaml')
    .map((block) => parse(block.value) as Json);

/** The dotted paths of a values object, down to the rows' own keys (a row of type map or object ends there). */
function paths(value: unknown, rows: Row[], prefix = ''): string[] {
  if (rows.some((row) => row.key === prefix)) return [prefix];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([name, child]) =>
    paths(child, rows, prefix ? `${prefix}.${name}` : name),
  );
}

test('every container has its values key, and values for the image, GPU workers, persistence, probes and resources', () => {
  assert.deepEqual(
    [...keyOf.keys()],
    services.map((service) => service.name),
    'containers in the order of services.yaml',
  );
  for (const key of ['image.registry', 'image.tag', 'image.pullSecrets', 'podSecurityContext'])
    assert.ok(
      chartRows.some((row) => row.key === key),
      `chart value ${key}`,
    );
  for (const service of services) {
    const own = containerRows.filter((row) => takes(row, service.name)).map((row) => row.key);
    const needs = [
      'enabled',
      'replicas',
      'digest',
      'env',
      'resources',
      'persistence.',
      'probes',
      ...(hasGpu(service) ? ['gpu.'] : []),
    ];
    for (const need of needs)
      assert.ok(
        own.some((key) => key === need || key.startsWith(need)),
        `${service.name}: a ${need} value`,
      );
  }
});

test('the merged-solutions page renders the whole reference', async () => {
  const page = await renderDoc('onprem-services/merged-solutions.md');
  assert.match(page.source, /^::helm-values$/m);
  const reference = section(page.markdown, 'Configuration reference') ?? '';
  for (const row of [...chartRows, ...containerRows])
    assert.ok(reference.includes(`\`${row.key}\``), `the row ${row.key}`);
  for (const key of keyOf.values()) assert.ok(reference.includes(`\`${key}\``), `the container key ${key}`);
});

test('every values.yaml example is rendered, sets only listed values, and sizes its pods from the sizing table', async () => {
  let examples = 0;
  for (const page of await onpremPages()) {
    assert.doesNotMatch(page.source, /title="values\.yaml"/, `${page.route}: values.yaml typed by hand`);
    for (const values of valuesExamples(page)) {
      examples += 1;
      for (const [top, child] of Object.entries(values)) {
        const name = nameOf.get(top);
        if (!name) {
          for (const key of paths({[top]: child}, chartRows))
            assert.ok(
              chartRows.some((row) => row.key === key),
              `${page.route}: ${key} is not a chart value`,
            );
          continue;
        }
        for (const key of paths(child, containerRows))
          assert.ok(
            containerRows.some((row) => row.key === key && takes(row, name)),
            `${page.route}: ${top}.${key}`,
          );
        if (child.enabled === false) continue;
        const service = services.find((item) => item.name === name);
        assert.ok(service, `${page.route}: ${top} is a service of data/onprem/services.yaml`);
        assert.ok(child.persistence, `${page.route}: ${top} shows persistence`);
        if (hasGpu(service))
          assert.ok(
            child.gpu && typeof child.gpu.count === 'number',
            `${page.route}: ${top} shows gpu.count`,
          );
        const profile = service.sizing.find((item) =>
          child.gpu?.count > 0 ? item.profile === 'GPU' : item.profile.startsWith('CPU'),
        );
        assert.ok(profile, `${page.route}: ${top} has a sizing profile`);
        const workers = Number(child.env?.VULTUS_WORKERS ?? 1);
        const memory = profile.base_ram_gib + profile.ram_gib_per_worker * workers;
        const cpu = profile.vcpu_per_worker * workers;
        assert.equal(
          child.resources.requests.memory,
          `${memory}Gi`,
          `${page.route}: ${top} memory for ${workers} workers`,
        );
        assert.equal(child.resources.limits.memory, `${memory}Gi`, `${page.route}: ${top} memory limit`);
        assert.equal(
          Number(child.resources.requests.cpu),
          cpu,
          `${page.route}: ${top} vCPU for ${workers} workers`,
        );
      }
    }
  }
  assert.equal(examples, 6, 'one values.yaml per on-premise page');
});

test('the face liveness and face match examples run on a GPU and keep their data volume, as deepfake detection does', async () => {
  for (const name of ['face-liveness', 'face-match', 'deepfake-detection']) {
    const page = await renderDoc(`onprem-services/${name}.md`);
    const values = valuesExamples(page)[0] ?? {};
    const own = values[keyOf.get(name) ?? ''] as Json;
    assert.ok(own?.gpu?.count >= 1, `${name}: gpu.count`);
    assert.ok(own?.persistence?.size, `${name}: persistence.size`);
  }
});

test('no partial types a values.yaml by hand', () => {
  const dir = path.join(siteDir, 'docs/_partials');
  for (const file of readdirSync(dir))
    assert.doesNotMatch(readFileSync(path.join(dir, file), 'utf8'), /title="values\.yaml"/, file);
});

/**
 * With `networkPolicy.enabled`, the chart lets traffic in only from what networkPolicy's row names;
 * an example that enables it must still be reachable by its clients (through the gateway's Ingress,
 * the container's own Ingress, or the namespaces `allowIngressFrom` names) and, with a
 * ServiceMonitor, scraped by Prometheus (`allowMetricsFrom`).
 */
test('every values.yaml example that enables the network policy still lets its clients and Prometheus in', async () => {
  const policyRow = chartRows.find((row) => row.key === 'networkPolicy');
  assert.ok(policyRow, 'networkPolicy is a chart value');
  for (const key of ['allowIngressFrom', 'allowMetricsFrom'])
    assert.match(policyRow.description, new RegExp(`\`${key}\``), `networkPolicy says what ${key} admits`);
  let checked = 0;
  for (const page of await onpremPages()) {
    for (const values of valuesExamples(page)) {
      if (values.networkPolicy?.enabled !== true) continue;
      checked += 1;
      const ingress = values.ingress?.enabled === true;
      const fromNamespaces = (values.networkPolicy.allowIngressFrom ?? []).length > 0;
      assert.ok(
        ingress || fromNamespaces,
        `${page.route}: the network policy is on, but no Ingress and no allowIngressFrom: no client can reach the API`,
      );
      if (values.metrics?.serviceMonitor?.enabled === true)
        assert.ok(
          (values.networkPolicy.allowMetricsFrom ?? []).length > 0,
          `${page.route}: a ServiceMonitor, but the network policy keeps Prometheus out (allowMetricsFrom)`,
        );
    }
  }
  assert.equal(checked, 6, 'every on-premise example turns the network policy on');
});
