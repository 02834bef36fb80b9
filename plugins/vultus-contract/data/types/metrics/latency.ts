/* Generated from data/metrics/latency.schema.json by `npm run data-types`: edit the schema, not this file. */

export type Date = string;
export type Text = string;
export type PositiveCount = number;
export type Texts = Text[];
export type OpId = string;
export type Path = string;
export type Page = string;
export type Ms = number;

/**
 * Schema for data/metrics/latency.yaml: cloud p50/p95 per endpoint and session processing time; on-premise throughput and p50/p95 per service on reference CPU and GPU.
 */
export interface MetricsLatency {
  schema_version: 1;
  published: Date;
  model_versions: string[];
  cloud: {
    method: {
      region: Text;
      client_location: Text;
      period: Period;
      load: Text;
      measured: Text;
      samples_per_endpoint: PositiveCount;
      payloads: Texts;
    };
    endpoints: {
      operation_id: OpId;
      method: 'GET' | 'POST' | 'DELETE';
      path: Path;
      doc_page: Page;
      rate_limit_group: 'biometric-sync' | 'sessions' | 'media' | 'screening' | 'collections' | 'reads';
      work: 'biometric' | 'document' | 'screening' | 'session' | 'upload' | 'read';
      payload: Text;
      p50_ms: Ms;
      p95_ms: Ms;
    }[];
    session_processing: {
      description: Text;
      sessions: {
        session_type: 'interactive' | 'non-interactive' | '3d' | 'deepfake' | 'document-verification';
        doc_page: Page;
        p50_ms: Ms;
        p95_ms: Ms;
      }[];
    };
  };
  on_premise: {
    /**
     * How the benchmark measures one worker, as the on-premise pages show it. The requests a worker handles at once live in data/onprem/services.yaml.
     */
    method: {
      measure: Text;
      how: Text;
    }[];
    period: Period;
    reference_hardware: {
      profile: 'CPU' | 'GPU';
      hardware: Text;
    }[];
    workers: 1;
    services: {
      service: Text;
      operation_id: OpId;
      path: Path;
      doc_page: Page;
      /**
       * For an operation that reads or writes a face collection: the collection measured and the template store it was in (a store of the face-search container in data/onprem/services.yaml). The pages show both beside the service; tests/unit/metrics-benchmark-store.test.ts checks that the store holds that many faces.
       */
      collection?: {
        faces: number;
        store: 'embedded' | 'postgres';
      };
      cpu: {
        throughput_rps: number;
        p50_ms: Ms;
        /**
         * Mean latency; with the requests a worker handles at once it bounds the throughput.
         */
        mean_ms: number;
        p95_ms: Ms;
      };
      gpu: {
        throughput_rps: number;
        p50_ms: Ms;
        /**
         * Mean latency; with the requests a worker handles at once it bounds the throughput.
         */
        mean_ms: number;
        p95_ms: Ms;
      };
    }[];
  };
  limitations: Texts;
}
export interface Period {
  start: Date;
  end: Date;
}
