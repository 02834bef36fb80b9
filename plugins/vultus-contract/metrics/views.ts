/**
 * The metrics files whose figures or labels the renderers derive rather than show as written: the
 * age file, whose rates come from its counts (./age.ts); the business file, whose figures come from
 * the other files and whose outcomes are computed (./business.ts); and the latency file, whose
 * on-premise rows name the collection and the store they were measured with. `::data-table` shows
 * these views, so a page shows what the renderers derive, never a copy typed in the file.
 */
import {ageView} from './age';
import {businessView} from './business';
import {loadMetrics} from './load';
import {grouped} from '../numbers';
import type {Sources} from '../sources';

/** latency.yaml, each on-premise row that searches or fills a collection naming it and its store. */
function latencyView(sources: Sources): unknown {
  const data = loadMetrics(sources, 'latency');
  return {
    ...data,
    on_premise: {
      ...data.on_premise,
      services: data.on_premise.services.map((row) =>
        row.collection
          ? {
              ...row,
              service: `${row.service} (${grouped(row.collection.faces)}-face collection, \`${row.collection.store}\` store)`,
            }
          : row,
      ),
    },
  };
}

const views: Record<string, (sources: Sources) => unknown> = {
  'metrics/age.yaml': ageView,
  'metrics/business.yaml': businessView,
  'metrics/latency.yaml': latencyView,
};

/** A data file (`metrics/age.yaml`) as the pages show it, or undefined when it is shown as written. */
export function metricsView(sources: Sources, src: string): unknown {
  return views[src]?.(sources);
}
