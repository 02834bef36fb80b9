/* Generated from the schemas under data/ by `npm run data-types`: each data file and its type. */
import type {AmlScreening} from './aml/screening';
import type {MetricsAge} from './metrics/age';
import type {MetricsBusiness} from './metrics/business';
import type {MetricsFaceMatch} from './metrics/face-match';
import type {MetricsFaceSearch} from './metrics/face-search';
import type {MetricsFaceToDocument} from './metrics/face-to-document';
import type {MetricsLatency} from './metrics/latency';
import type {MetricsLiveness} from './metrics/liveness';
import type {MetricsOcr} from './metrics/ocr';
import type {MetricsPhotoIdFlows} from './metrics/photo-id-flows';
import type {OcrCoverage} from './ocr/coverage';
import type {OnpremConfig} from './onprem/config';
import type {OnpremLicenceErrors} from './onprem/licence-errors';
import type {OnpremMetrics} from './onprem/metrics';
import type {OnpremServices} from './onprem/services';
import type {Releases} from './releases';
import type {SdkGuiWebSdk} from './sdk/gui-web-sdk';
import type {SdkWebSdk} from './sdk/web-sdk';
import type {SearchSynonyms} from './search/synonyms';

export type {AmlScreening} from './aml/screening';
export type {MetricsAge} from './metrics/age';
export type {MetricsBusiness} from './metrics/business';
export type {MetricsFaceMatch} from './metrics/face-match';
export type {MetricsFaceSearch} from './metrics/face-search';
export type {MetricsFaceToDocument} from './metrics/face-to-document';
export type {MetricsLatency} from './metrics/latency';
export type {MetricsLiveness} from './metrics/liveness';
export type {MetricsOcr} from './metrics/ocr';
export type {MetricsPhotoIdFlows} from './metrics/photo-id-flows';
export type {OcrCoverage} from './ocr/coverage';
export type {OnpremConfig} from './onprem/config';
export type {OnpremLicenceErrors} from './onprem/licence-errors';
export type {OnpremMetrics} from './onprem/metrics';
export type {OnpremServices} from './onprem/services';
export type {Releases} from './releases';
export type {SdkGuiWebSdk} from './sdk/gui-web-sdk';
export type {SdkWebSdk} from './sdk/web-sdk';
export type {SearchSynonyms} from './search/synonyms';

/** Each data file, data-relative, with the type of what `loadData` returns for it. */
export interface DataFiles {
  'aml/screening.yaml': AmlScreening;
  'metrics/age.yaml': MetricsAge;
  'metrics/business.yaml': MetricsBusiness;
  'metrics/face-match.yaml': MetricsFaceMatch;
  'metrics/face-search.yaml': MetricsFaceSearch;
  'metrics/face-to-document.yaml': MetricsFaceToDocument;
  'metrics/latency.yaml': MetricsLatency;
  'metrics/liveness.yaml': MetricsLiveness;
  'metrics/ocr.yaml': MetricsOcr;
  'metrics/photo-id-flows.yaml': MetricsPhotoIdFlows;
  'ocr/coverage.yaml': OcrCoverage;
  'onprem/config.yaml': OnpremConfig;
  'onprem/licence-errors.yaml': OnpremLicenceErrors;
  'onprem/metrics.yaml': OnpremMetrics;
  'onprem/services.yaml': OnpremServices;
  'releases.yaml': Releases;
  'sdk/gui-web-sdk.yaml': SdkGuiWebSdk;
  'sdk/web-sdk.yaml': SdkWebSdk;
  'search/synonyms.yaml': SearchSynonyms;
}
