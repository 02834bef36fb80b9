/* Generated from data/onprem/config.schema.json by `npm run data-types`: edit the schema, not this file. */

export type Key = {
  /**
   * The dotted key as written in the configuration file (`server.port`); pages name keys in prose by it.
   */
  key: string;
  /**
   * The environment variable that sets the same key; it wins over the configuration file.
   */
  env: string;
  /**
   * The type of the value; the default must have it.
   */
  type: 'string' | 'integer' | 'number' | 'boolean';
  /**
   * The value when the key is unset, of the key's type; `none` (a string) for a key with no default.
   */
  default: string | number | boolean;
  /**
   * The values accepted, in words (`1 to 65535`, '`auto`, `cpu` or `gpu`').
   */
  range: string;
  /**
   * `all` when every container reads the key, otherwise the containers that do.
   */
  services: 'all' | Service[];
  /**
   * What the key does, for the reader configuring a container.
   */
  description: string;
};
/**
 * An on-premise container, as named in data/onprem/services.yaml.
 */
export type Service =
  'face-liveness' | 'face-match' | 'face-search' | 'age-estimation' | 'deepfake-detection' | 'gateway';

/**
 * Schema for data/onprem/config.yaml: every configuration key of the on-premise containers, with its environment variable, type, default, accepted range and the containers that read it. `keys` defines each key once; `shared_keys` and the per-container lists repeat entries by YAML alias so that each on-premise page renders the keys of its container with ::data-table. Aliases are resolved before validation. Uniqueness of keys and variables, agreement with the contract's defaults and the exact membership of each list are checked by tests/unit/onprem-data.test.ts.
 */
export interface OnpremConfig {
  /**
   * Absolute path of the configuration file inside the container; an environment variable overrides the same key set there.
   */
  config_file: string;
  /**
   * Every configuration key, each defined once; the merged-solutions page renders the full list with its containers.
   */
  keys: Key[];
  /**
   * The keys every container reads (services: all), rendered on each service page and the configuration parameters page.
   */
  shared_keys: (Key & {
    services?: 'all';
  })[];
  /**
   * The keys the face liveness container reads beyond the shared ones.
   */
  face_liveness_keys: (Key & {
    services?: unknown[];
  })[];
  /**
   * The keys the face match container reads beyond the shared ones.
   */
  face_match_keys: (Key & {
    services?: unknown[];
  })[];
  /**
   * The keys the face search container reads beyond the shared ones.
   */
  face_search_keys: (Key & {
    services?: unknown[];
  })[];
  /**
   * The keys the age estimation container reads beyond the shared ones.
   */
  age_estimation_keys: (Key & {
    services?: unknown[];
  })[];
  /**
   * The keys the deepfake detection container reads beyond the shared ones.
   */
  deepfake_detection_keys: (Key & {
    services?: unknown[];
  })[];
  /**
   * The keys the gateway reads beyond the shared ones: the upstream containers it routes to.
   */
  gateway_keys: (Key & {
    services?: unknown[];
  })[];
}
