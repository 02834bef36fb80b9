/**
 * The facets of the search page: what kind of thing an entry is (an operation, an error code, a
 * configuration key…), which deployment it is about, and whether it is deprecated. All three come
 * from the index itself: the kind from the mark the page's renderer put on the heading or table the
 * entry was read from (`searchKindAttribute`, plugins/search/extract.ts), or from the entry's own
 * kind (a field of the API reference) or page (the revision history); the deployment from the
 * entry's page; the status from the renderer's mark on a deprecated operation, field or model
 * version (`searchDeprecatedAttribute`).
 */

/** The kinds a reader can filter by, in the order the search page lists them. */
export const contentKinds = [
  {id: 'operation', label: 'Operations', one: 'Operation'},
  {id: 'field', label: 'Schema fields', one: 'Schema field'},
  {id: 'error-code', label: 'Error codes', one: 'Error code'},
  {id: 'decline-reason', label: 'Decline reasons', one: 'Decline reason'},
  {id: 'webhook-event', label: 'Webhook events', one: 'Webhook event'},
  {id: 'config-key', label: 'Configuration keys', one: 'Configuration key'},
  {id: 'changelog', label: 'Changelog', one: 'Changelog'},
  {id: 'guide', label: 'Guides', one: 'Guide'},
] as const;

export type ContentKind = (typeof contentKinds)[number]['id'];

/** The kinds that follow from the entry itself (`contentKindOf`); a renderer marks the others. */
const derivedKinds = ['field', 'changelog', 'guide'] as const;

export type MarkedKind = Exclude<ContentKind, (typeof derivedKinds)[number]>;

const markedKindIds = new Set<string>(
  contentKinds.map((kind) => kind.id).filter((id) => !(derivedKinds as readonly string[]).includes(id)),
);

export const isMarkedKind = (value: unknown): value is MarkedKind =>
  typeof value === 'string' && markedKindIds.has(value);

/**
 * The attribute a renderer sets on a heading (the entry of its section) or a table (the entries of
 * its rows) to say what they are: `data-search-kind="error-code"`.
 */
export const searchKindAttribute = 'data-search-kind';

export const deployments = [
  {id: 'cloud', label: 'Cloud'},
  {id: 'on-premise', label: 'On-premise'},
] as const;

export type Deployment = (typeof deployments)[number]['id'];

/**
 * Whether an entry is deprecated (an operation, field or parameter the contract marks `deprecated`,
 * a model version whose status is `deprecated`): the renderer sets this attribute on its heading,
 * row or field item.
 */
export const searchDeprecatedAttribute = 'data-search-deprecated';

export const statuses = [{id: 'deprecated', label: 'Deprecated'}] as const;

export type Status = (typeof statuses)[number]['id'];

/** The query parameters of the search page that hold the facets: `/search?q=…&kind=error-code`. */
export const facetParams = {kind: 'kind', deployment: 'deployment', status: 'status'} as const;

export type SearchFilter = {kind?: ContentKind; deployment?: Deployment; status?: Status};

const contentKindIds = new Set<string>(contentKinds.map((kind) => kind.id));
const deploymentIds = new Set<string>(deployments.map((deployment) => deployment.id));

export const isContentKind = (value: unknown): value is ContentKind =>
  typeof value === 'string' && contentKindIds.has(value);
export const isDeployment = (value: unknown): value is Deployment =>
  typeof value === 'string' && deploymentIds.has(value);
export const isStatus = (value: unknown): value is Status =>
  typeof value === 'string' && statuses.some((status) => status.id === value);

/** The route of the changelog, whose entries are all of the kind `changelog`. */
const changelogRoute = '/revision-history';

/**
 * An entry's kind: the one its renderer marked, a field for a field of the API reference, the
 * changelog for the revision history, a guide for everything else.
 */
export function contentKindOf(entry: {
  kind: string;
  route: string;
  marked?: MarkedKind | undefined;
}): ContentKind {
  if (entry.marked) return entry.marked;
  if (entry.kind === 'field' || entry.kind === 'shared-field') return 'field';
  if (entry.route === changelogRoute && entry.kind !== 'page') return 'changelog';
  return 'guide';
}

/**
 * The deployments a page is about: the on-premise pages the on-premise product, the service and
 * Web SDK pages the cloud; the pages every integration reads (authentication, requests,
 * responses, decline reasons, parameters, metrics, the revision history) both.
 */
export function deploymentsOf(route: string): Deployment[] {
  if (route.startsWith('/onprem-services/')) return ['on-premise'];
  if (/^\/(services|enrollment|webSDK)\//.test(route)) return ['cloud'];
  return ['cloud', 'on-premise'];
}

/** The filter of a search page address (`?q=…&kind=…&deployment=…&status=…`); unknown values are ignored. */
export function filterOf(search: string): SearchFilter {
  const params = new URLSearchParams(search);
  const kind = params.get(facetParams.kind);
  const deployment = params.get(facetParams.deployment);
  const status = params.get(facetParams.status);
  return {
    ...(isContentKind(kind) ? {kind} : {}),
    ...(isDeployment(deployment) ? {deployment} : {}),
    ...(isStatus(status) ? {status} : {}),
  };
}
