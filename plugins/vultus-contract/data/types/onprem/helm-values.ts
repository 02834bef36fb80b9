/* Generated from data/onprem/helm-values.schema.json by `npm run data-types`: edit the schema, not this file. */

/**
 * Schema for data/onprem/helm-values.yaml: every value of the vultus-onprem Helm chart with its type, default and what it sets, the chart-wide ones and those each container takes under its key, and per container its key and the values its page's example sets. ::helm-values renders the reference and the values.yaml examples from it; tests/unit/onprem-helm-values.test.ts checks it against data/onprem/services.yaml (every container, its sizing) and the pages.
 */
export interface OnpremHelmValues {
  /**
   * Values set once for the chart, top-level in values.yaml.
   */
  chart_values: Value[];
  /**
   * Values each container takes under its key, for the containers that `containers` names.
   */
  container_values: (Value & {
    example?: never;
  })[];
  /**
   * Every container of data/onprem/services.yaml, in its order, with its values key and example.
   */
  containers: {
    /**
     * The container, as data/onprem/services.yaml names it.
     */
    name: string;
    /**
     * The chart's values key of the container (`faceMatch`).
     */
    key: string;
    /**
     * The values its page's example sets under `key`; each is a row of `container_values`.
     */
    example: {
      [k: string]: unknown | undefined;
    };
    /**
     * Chart values its page's example adds (an Ingress, egress to a database); each is a row of `chart_values`.
     */
    chart_example?: {
      [k: string]: unknown | undefined;
    };
  }[];
}
export interface Value {
  /**
   * The value's dotted path.
   */
  key: string;
  /**
   * Its YAML type.
   */
  type: 'string' | 'integer' | 'boolean' | 'list' | 'map' | 'object';
  /**
   * Its default as Markdown; {registry}, {version}, {port}, {user} and {group} take the values of data/onprem/services.yaml.
   */
  default: string;
  /**
   * The containers that take it: `all`, or their names.
   */
  containers?: 'all' | string[];
  /**
   * What it sets, as Markdown.
   */
  description: string;
  /**
   * The value every example sets (chart values only); none when the examples leave the default.
   */
  example?:
    | string
    | boolean
    | number
    | unknown[]
    | {
        [k: string]: unknown | undefined;
      };
}
