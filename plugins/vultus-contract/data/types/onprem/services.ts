/* Generated from data/onprem/services.schema.json by `npm run data-types`: edit the schema, not this file. */

/**
 * An image reference with its tag (registry.vultus.example/onprem/face-match:5.2.0).
 */
export type Image = string;
export type SizingRow = {
  /**
   * The hardware profile: CPU or GPU, with an optional note in brackets.
   */
  profile: string;
  /**
   * vCPUs one worker needs (for the gateway: one replica).
   */
  vcpu_per_worker: number;
  /**
   * How many requests one worker handles at once; throughput per worker follows from it and the latency of data/metrics/latency.yaml. Not for the gateway, which runs no workers.
   */
  requests_in_flight_per_worker?: number;
  /**
   * RAM one worker needs, in GiB, on top of base_ram_gib.
   */
  ram_gib_per_worker: number;
  /**
   * GPU memory one worker needs, in GiB; `none` on a CPU row.
   */
  gpu_memory_gib_per_worker: 'none' | Gib;
  /**
   * RAM of the container itself, whatever its number of workers, in GiB.
   */
  base_ram_gib: number;
  /**
   * Disk the image's models take, in GiB.
   */
  disk_gib: number;
};
export type Gib = number;
/**
 * A service container's sizing: a CPU row then a GPU row, each with its requests in flight per worker.
 *
 * @minItems 2
 * @maxItems 2
 */
export type WorkerSizing = [
  {
    profile?: 'CPU';
    requests_in_flight_per_worker: unknown;
  },
  {
    profile?: 'GPU';
    requests_in_flight_per_worker: unknown;
  },
];
/**
 * The gateway's sizing: per replica, without requests in flight (it runs no workers). A replica needs base_ram_gib plus ram_gib_per_worker in all, the one figure the merged-solutions page shows and the Helm values request and limit.
 */
export type GatewaySizing = {
  requests_in_flight_per_worker?: never;
}[];

/**
 * Schema for data/onprem/services.yaml: the on-premise release (image version, registry, Helm chart, image user), the `vultus` commands inside every image, and per container its image, ports, what it needs beside it, its licence feature, the model it serves, its components, the resources one worker needs and how many requests a worker handles at once (face search also its template stores). The pages under docs/onprem-services render it with ::data-table; the containers' order and names feed ::deployment-matrix and the ports and version are facts. Agreement with the contract (licence features, current model versions, port defaults) and with data/metrics/latency.yaml is checked by tests/unit/onprem-data.test.ts.
 */
export interface OnpremServices {
  /**
   * The image version of this release; every image is tagged with it, and it equals the newest on-premise release of data/releases.yaml.
   */
  version: string;
  /**
   * The registry and path the images are pulled from, without a scheme.
   */
  registry: string;
  /**
   * The numeric, non-root user ID every image runs as; the data directory and the licence file must be readable by it.
   */
  user: number;
  /**
   * The numeric group ID every image runs as: the group of the data directory, and the Helm chart's `fsGroup`.
   */
  group: number;
  /**
   * The Helm chart that installs the containers.
   */
  chart: {
    /**
     * The chart name.
     */
    name: string;
    /**
     * The OCI reference `helm install` takes: oci://<registry>/charts/<name>.
     */
    ref: string;
    /**
     * The chart version; released with the images, so equal to `version`.
     */
    version: string;
  };
  /**
   * The `vultus` commands inside every image; the merged-solutions page renders them.
   */
  commands: {
    /**
     * The command as typed inside a container (`vultus check`).
     */
    command: string;
    /**
     * What the command does and when an operator runs it.
     */
    description: string;
  }[];
  /**
   * The on-premise containers, in this order: face liveness, face match, face search, age estimation, deepfake detection and the gateway. Each entry fixes the container's name, image name, licence feature and model family.
   *
   * @minItems 6
   * @maxItems 6
   */
  services: [
    Service & {
      name?: 'face-liveness';
      image?: string;
      licence_feature?: 'liveness';
      model_version?: string;
      sizing?: WorkerSizing;
      stores?: never;
    },
    Service & {
      name?: 'face-match';
      image?: string;
      licence_feature?: 'face_match';
      model_version?: string;
      sizing?: WorkerSizing;
      stores?: never;
    },
    Service & {
      name?: 'face-search';
      image?: string;
      licence_feature?: 'face_search';
      model_version?: string;
      sizing?: WorkerSizing;
      stores: unknown;
    },
    Service & {
      name?: 'age-estimation';
      image?: string;
      licence_feature?: 'age_estimation';
      model_version?: string;
      sizing?: WorkerSizing;
      stores?: never;
    },
    Service & {
      name?: 'deepfake-detection';
      image?: string;
      licence_feature?: 'deepfake';
      model_version?: string;
      sizing?: WorkerSizing;
      stores?: never;
    },
    Service & {
      name?: 'gateway';
      image?: string;
      licence_feature?: 'none';
      model_version?: 'none';
      stores?: never;
      sizing?: GatewaySizing;
    },
  ];
}
export interface Service {
  /**
   * The container name: the image name and the name config.yaml and metrics.yaml use in `services`, and the contract's x-deployment on-premise value.
   */
  name: 'face-liveness' | 'face-match' | 'face-search' | 'age-estimation' | 'deepfake-detection' | 'gateway';
  /**
   * The container as prose names it (Face liveness).
   */
  title: string;
  /**
   * The image to pull, tagged with the release version.
   */
  image: string;
  /**
   * The container port of the API, the health probes and the licence endpoint: the `server.port` default.
   */
  api_port: number;
  /**
   * The container port of the Prometheus endpoint: the `metrics.port` default.
   */
  metrics_port: number;
  /**
   * What must run or be provided beside the container.
   */
  needs: string;
  /**
   * The licence feature (the contract's License.features) the container needs, or `none` for the gateway.
   */
  licence_feature: 'liveness' | 'deepfake' | 'face_match' | 'face_search' | 'age_estimation' | 'none';
  /**
   * The current model version the container serves (the contract's default), or `none` for the gateway.
   */
  model_version: string;
  /**
   * Face search only: the two template stores, embedded then PostgreSQL, with their limits and resources.
   *
   * @minItems 2
   * @maxItems 2
   */
  stores?: [
    Store & {
      store?: 'embedded';
    },
    Store & {
      store?: 'postgres';
    },
  ];
  /**
   * What a deployment of the container consists of; the first is the container itself.
   */
  components: Component[];
  /**
   * Resources per worker, one row per hardware profile.
   */
  sizing: SizingRow[];
}
export interface Store {
  /**
   * The `search.store` value that selects it.
   */
  store: 'embedded' | 'postgres';
  /**
   * The most faces, in all collections together, the store holds (fact onprem.search.embedded_max_faces for the embedded store); an enrolment past it returns `409 face_store_full`. Absent for a store with no limit of its own.
   */
  max_faces?: number;
  /**
   * How many face search replicas can share it.
   */
  replicas: string;
  /**
   * Container RAM per million enrolled faces, in GiB.
   */
  ram_gib_per_million_faces: number;
  /**
   * Disk per million enrolled faces, in GiB.
   */
  disk_gib_per_million_faces: number;
  /**
   * How to back it up.
   */
  backup: string;
}
export interface Component {
  /**
   * What the part is.
   */
  component: string;
  /**
   * The image it runs from, or `none` for a volume or a part that is not a container.
   */
  image: 'none' | Image;
  /**
   * Who supplies it: Vultus or You, with an optional qualification in brackets.
   */
  provided_by: string;
  /**
   * What it does in the deployment.
   */
  role: string;
}
