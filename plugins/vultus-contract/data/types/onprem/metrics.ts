/* Generated from data/onprem/metrics.schema.json by `npm run data-types`: edit the schema, not this file. */

export type Metric = {
  /**
   * The metric name as Prometheus scrapes it, prefixed `vultus_`.
   */
  name: string;
  /**
   * The Prometheus metric type. Counters end in `_total`; histograms are in seconds and end in `_seconds`.
   */
  type: 'counter' | 'gauge' | 'histogram';
  /**
   * The label names the series carry, or `none`.
   */
  labels: 'none' | string[];
  /**
   * `all` when every container exports the metric, otherwise the containers that do.
   */
  services: 'all' | Service[];
  /**
   * What the metric measures, for the reader building dashboards and alerts.
   */
  description: string;
};
/**
 * An on-premise container, as named in data/onprem/services.yaml.
 */
export type Service =
  'face-liveness' | 'face-match' | 'face-search' | 'age-estimation' | 'deepfake-detection' | 'gateway';

/**
 * Schema for data/onprem/metrics.yaml: the Prometheus metrics every on-premise container serves on `metrics.port`, with their type, labels and the containers that export them. Every on-premise page renders the list with ::data-table. Unique names and configuration keys named in descriptions are checked by tests/unit/onprem-data.test.ts.
 */
export interface OnpremMetrics {
  /**
   * The HTTP path of the metrics endpoint, served on `metrics.port` without an API key.
   */
  path: '/metrics';
  /**
   * Every metric, in the order the pages list them.
   */
  metrics: Metric[];
}
