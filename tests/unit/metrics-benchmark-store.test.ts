/**
 * An on-premise benchmark figure of an operation that searches or fills a face collection says
 * which collection and which template store it was measured with, and that store can hold that
 * collection: a reader can reproduce it. The store comes from data/metrics/latency.yaml and is a
 * store of the container in data/onprem/services.yaml; every page that shows the benchmark names it.
 *
 * Run: node --import tsx --test tests/unit/metrics-benchmark-store.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {tablesOf} from './helpers/tables';
import {renderedDocs, siteDir, sources} from './helpers/pages';

type Json = Record<string, unknown>;
const read = (file: string): Json => parse(readFileSync(path.join(siteDir, 'data', file), 'utf8')) as Json;

interface Row {
  service: string;
  operation_id: string;
  path: string;
  collection?: {faces: number; store: string};
}

test('every on-premise benchmark row of a collection operation names a collection and a store that holds it', async () => {
  const contract = await sources.contract();
  const rows = ((read('metrics/latency.yaml').on_premise as Json).services as Row[]) ?? [];
  const containers = read('onprem/services.yaml').services as Array<
    Json & {name: string; stores?: Array<{store: string; max_faces?: number}>}
  >;
  const failures: string[] = [];
  let collectionRows = 0;
  for (const row of rows) {
    const operation = contract.operations.get(row.operation_id)?.operation as Json | undefined;
    const container = (operation?.['x-deployment'] as Json | undefined)?.['on-premise'];
    const stores = containers.find((candidate) => candidate.name === container)?.stores;
    if (!stores) {
      if (row.collection)
        failures.push(`${row.operation_id}: names a store, but ${String(container)} has none`);
      continue;
    }
    collectionRows += 1;
    if (!row.collection) {
      failures.push(
        `${row.operation_id}: runs on ${String(container)}, whose stores differ: name the collection and the store measured`,
      );
      continue;
    }
    const store = stores.find((candidate) => candidate.store === row.collection?.store);
    if (!store)
      failures.push(`${row.operation_id}: no store "${row.collection.store}" in ${String(container)}`);
    else if ((store.max_faces ?? Number.POSITIVE_INFINITY) < row.collection.faces) {
      failures.push(
        `${row.operation_id}: the ${store.store} store holds at most ${store.max_faces} faces, not ${row.collection.faces}`,
      );
    }
  }
  assert.ok(collectionRows >= 2, `only ${collectionRows} collection operations benchmarked`);
  assert.deepEqual(failures, [], failures.join('\n'));
});

test('every page that shows the benchmark names the collection and store of each collection row', async () => {
  const rows = ((read('metrics/latency.yaml').on_premise as Json).services as Row[]).filter(
    (row) => row.collection,
  );
  const failures: string[] = [];
  let tables = 0;
  for (const page of await renderedDocs()) {
    for (const table of tablesOf(page.tree)) {
      const pathColumn = table.header.indexOf('Path');
      if (pathColumn < 0 || !table.header.some((heading) => /worker \(requests\/s\)/.test(heading))) continue;
      tables += 1;
      for (const row of rows) {
        const shown = table.rows.find((cells) => cells[pathColumn] === row.path);
        if (!shown) continue;
        const label = shown[0] ?? '';
        const collection = row.collection as {faces: number; store: string};
        if (!label.includes(collection.faces.toLocaleString('en-US')) || !label.includes(collection.store)) {
          failures.push(
            `${page.route}: "${label}" does not name the ${collection.faces}-face collection in the ${collection.store} store`,
          );
        }
      }
    }
  }
  assert.ok(tables >= 4, `only ${tables} benchmark tables found`);
  assert.deepEqual(failures, [], failures.join('\n'));
});
