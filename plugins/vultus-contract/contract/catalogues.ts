/**
 * Tables of the catalogues the contract carries as x- extensions: decline reasons,
 * error codes, rate limits, data retention, model versions, webhook events, and the
 * index of operations with the page that documents each.
 */
import type {Directive} from '../directive';
import type {Link, PhrasingContent, RootContent} from 'mdast';
import type {Contract, ErrorCode, ModelVersion} from './contract';
import {ContractError, currentModelVersion, deprecationHeaders} from './contract';
import {responseHeaderAnchor, sharedHeadersPage} from './headers';
import {
  type Cell,
  code,
  heading,
  inlineMarkdown,
  link,
  list as bulletList,
  listed,
  listItem,
  paragraph,
  markDeprecated,
  strong,
  table,
  text,
  yesNo,
  markSearchKind,
} from '../mdast';
import {declineAnchor, errorAnchor, operationAnchor} from '../../../src/lib/anchors';
import {loadContainers} from './deployment';

function list<T>(contract: Contract, key: `x-${string}`): T[] {
  const value = contract.document[key];
  if (!Array.isArray(value)) {
    throw new ContractError(`contract/openapi.yaml: #/${key}: expected a list`);
  }
  return value as T[];
}

/** Page path (e.g. /services/face-match) → relative Markdown link target used on the site. */
const pageLink = (page: string): string => page;

/** A link to itself that carries the anchor id, so other pages can link to a table row. */
function selfLink(id: string, ...children: PhrasingContent[]): Link {
  const node = link(`#${id}`, ...children);
  node.data = {hProperties: {id}};
  return node;
}

/**
 * Where a code is raised on-premise, after its service pages: the containers of its `on_premise`
 * ("every service container" when all do), or nothing for a cloud-only code.
 */
function onPremiseOf(reason: {on_premise?: string[]}, serviceContainers: number): PhrasingContent[] {
  const containers = reason.on_premise ?? [];
  if (containers.length === 0) return [];
  if (containers.length === serviceContainers) return [text('; on-premise, every service container')];
  return [
    text('; on-premise, '),
    ...listed(
      containers.map((name) => code(name)),
      ', ',
    ),
  ];
}

export function renderDeclineReasons(
  contract: Contract,
  service: string | undefined,
  /** How many on-premise containers serve operations (the gateway aside). */
  serviceContainers = Number.POSITIVE_INFINITY,
): RootContent[] {
  const reasons = contract.document['x-decline-reasons'].filter(
    (reason) => !service || reason.services.includes(service),
  );
  if (reasons.length === 0) {
    throw new ContractError(
      `contract/openapi.yaml: #/x-decline-reasons: no decline reason lists the service ${service}`,
    );
  }
  if (service) {
    return [
      markSearchKind(
        table(
          ['Code', 'Decision', 'Retryable', 'Message (shown to the user, except for review)'],
          reasons.map((reason) => [
            [link(`/decline-reasons#${declineAnchor(reason.code)}`, code(reason.code))],
            code(reason.decision),
            yesNo(reason.retryable),
            reason.user_message,
          ]),
        ),
        'decline-reason',
      ),
    ];
  }
  const categories = [...new Set(reasons.map((reason) => reason.category))];
  return categories.flatMap((category) => [
    heading(3, category),
    ...reasons
      .filter((reason) => reason.category === category)
      .flatMap((reason): RootContent[] => [
        markSearchKind(heading(4, reason.code, declineAnchor(reason.code)), 'decline-reason'),
        table(
          ['Decision', 'Retryable', 'Raised by'],
          [
            [
              code(reason.decision),
              reason.retryable
                ? 'Yes: the user may try again'
                : reason.decision === 'review'
                  ? 'No: a person on your side decides'
                  : 'No: final for this session',
              [
                ...reason.services.flatMap((page, index) => [
                  ...(index > 0 ? [text(', ')] : []),
                  link(pageLink(page), text(page.split('/').pop() ?? page)),
                ]),
                ...onPremiseOf(reason, serviceContainers),
              ],
            ],
          ],
        ),
        paragraph(
          text(
            reason.decision === 'review'
              ? 'Message (for your reviewer: the user sees your own neutral message until a person decides): '
              : 'Show the user: ',
          ),
          ...inlineMarkdown(`“${reason.user_message}”`),
        ),
        paragraph(
          text('Internal detail (log it, do not show it): '),
          ...inlineMarkdown(reason.internal_detail),
        ),
        paragraph(text('Sandbox: '), ...inlineMarkdown(reason.sandbox)),
      ]),
  ]);
}

/**
 * The error catalogue, or the part of it of one `type` or raised by one side (`raisedBy`: `api`,
 * or `sdk` for the errors the Web SDKs raise in the browser, which have no HTTP status), or the
 * rows of the codes `only` lists, in catalogue order.
 */
export function renderErrorCodes(
  contract: Contract,
  type: string | undefined,
  raisedBy: string | undefined,
  only?: readonly string[],
): RootContent[] {
  if (raisedBy !== undefined && raisedBy !== 'api' && raisedBy !== 'sdk') {
    throw new ContractError(`raised-by="${raisedBy}" is api or sdk`);
  }
  const unknown = only?.filter(
    (name) => !contract.document['x-error-codes'].some((entry) => entry.code === name),
  );
  if (unknown && unknown.length > 0) {
    throw new ContractError(`contract/openapi.yaml: #/x-error-codes: no code ${unknown.join(', ')}`);
  }
  const codes = contract.document['x-error-codes'].filter(
    (entry) =>
      (!type || entry.type === type) &&
      (!raisedBy || (entry.raised_by ?? 'api') === raisedBy) &&
      (!only || only.includes(entry.code)),
  );
  if (codes.length === 0) {
    throw new ContractError(
      `contract/openapi.yaml: #/x-error-codes: no code of type ${type ?? 'any'} raised by ${raisedBy ?? 'anyone'}`,
    );
  }
  // Whether a retry with the same Idempotency-Key replays the error; the browser's errors have no response.
  const stored = codes.some((entry) => entry.status !== null);
  return [
    markSearchKind(
      table(
        ['Code', 'HTTP status', 'Type', 'Retryable', ...(stored ? ['Stored'] : []), 'What to do'],
        codes.map((entry): Cell[] => [
          [selfLink(errorAnchor(entry.code), code(entry.code))],
          entry.status === null ? 'None: raised in the browser by the Web SDKs' : String(entry.status),
          code(entry.type),
          yesNo(entry.retryable),
          ...(stored ? [entry.status === null ? '—' : yesNo(entry.stored)] : []),
          inlineMarkdown(`${entry.message} ${entry.fix}`),
        ]),
      ),
      'error-code',
    ),
  ];
}

/** The API's error codes (those with an HTTP status), in catalogue order. */
const apiErrors = (contract: Contract): Array<ErrorCode & {status: number}> =>
  contract.document['x-error-codes'].filter(
    (entry): entry is ErrorCode & {status: number} => entry.status !== null,
  );

/**
 * The HTTP status table: each status of `x-http-statuses` with what it means and every error code
 * of that status, so a reader who maps statuses to handling sees each code under its status.
 */
export function renderHttpStatuses(contract: Contract): RootContent[] {
  const errors = apiErrors(contract);
  return [
    table(
      ['Status', 'Meaning', 'Error codes'],
      contract.document['x-http-statuses'].map((row): Cell[] => {
        const codes = errors.filter((entry) => entry.status === row.status);
        return [
          code(String(row.status)),
          inlineMarkdown(row.meaning),
          codes.length === 0
            ? '—'
            : listed(
                codes.map((entry) => code(entry.code)),
                ', ',
              ),
        ];
      }),
    ),
  ];
}

/**
 * Which responses a retry with the same `Idempotency-Key` gets replayed (`stored`), and which it
 * runs again: every success, the stored errors by status and code, and the rest, a status named
 * alone when none of its codes is stored.
 */
export function renderStoredResponses(contract: Contract): RootContent[] {
  const errors = apiErrors(contract).sort((a, b) => a.status - b.status);
  const statuses = [...new Set(errors.map((entry) => entry.status))];
  const named = (entry: ErrorCode & {status: number}) => code(`${entry.status} ${entry.code}`);
  const stored = errors.filter((entry) => entry.stored).map(named);
  const whole = statuses.filter((status) =>
    errors.every((entry) => entry.status !== status || !entry.stored),
  );
  const some = errors.filter((entry) => !entry.stored && !whole.includes(entry.status)).map(named);
  return [
    bulletList(false, [
      listItem(
        strong(text('Stored and replayed:')),
        text(' every '),
        code('2xx'),
        text(' response, and '),
        ...listed(stored, ', '),
        text('.'),
      ),
      listItem(
        strong(text('Not stored')),
        text(', so a retry with the same key runs the request: '),
        ...listed(some, ', '),
        ...(whole.length === 0
          ? []
          : [
              text(some.length === 0 ? 'every ' : ', and every '),
              ...listed(
                whole.map((status) => code(String(status))),
                ' and ',
              ),
              text(' response'),
            ]),
        text('.'),
      ),
    ]),
  ];
}

type RateLimit = {group: string; operations: string; live_rps: number; test_rps: number; burst: number};

export function renderRateLimits(contract: Contract): RootContent[] {
  const limits = list<RateLimit>(contract, 'x-rate-limits');
  return [
    table(
      ['Group', 'Operations', 'Live (requests/s)', 'Test (requests/s)', 'Burst'],
      limits.map((limit) => [
        code(limit.group),
        inlineMarkdown(limit.operations),
        String(limit.live_rps),
        String(limit.test_rps),
        String(limit.burst),
      ]),
    ),
  ];
}

type Retention = {artefact: string; retention: string; configurable: string; how_to_delete: string};

export function renderDataRetention(contract: Contract): RootContent[] {
  const rows = list<Retention>(contract, 'x-data-retention');
  return [
    table(
      ['Artefact', 'Kept for (default)', 'Configurable', 'How to delete earlier'],
      rows.map((row) => [
        inlineMarkdown(row.artefact),
        inlineMarkdown(row.retention),
        inlineMarkdown(row.configurable),
        inlineMarkdown(row.how_to_delete),
      ]),
    ),
  ];
}

/** The error a request gets when it pins a retired model version: the version left its enum. */
export const retiredModelError = 'parameter_invalid';

/**
 * What the status column says of each status: a deprecated version the day it was deprecated, what
 * replaces it and the headers a response to its pin carries; a retired version what a pin of it gets.
 */
function statusCell(contract: Contract, row: ModelVersion): PhrasingContent[] {
  switch (row.status) {
    case 'current':
      return [text('Current: the default')];
    case 'supported':
      return [text('Supported')];
    case 'deprecated':
      // Said of the cloud, which sends the headers: an on-premise image answers the versions it ships.
      return [
        strong(text('Deprecated')),
        text(` on ${String(row.deprecated)}: move pins to `),
        code(currentModelVersion(contract.document, row.family)),
        text('. The cloud answers them until the sunset, each response with '),
        link(
          `${sharedHeadersPage.route}#${responseHeaderAnchor(deprecationHeaders.deprecation)}`,
          code(deprecationHeaders.deprecation),
        ),
        text(' and '),
        link(
          `${sharedHeadersPage.route}#${responseHeaderAnchor(deprecationHeaders.sunset)}`,
          code(deprecationHeaders.sunset),
        ),
        text('.'),
      ];
    case 'retired': {
      const error = contract.document['x-error-codes'].find((entry) => entry.code === retiredModelError);
      if (!error) {
        throw new ContractError(
          `contract/openapi.yaml: #/x-error-codes: no ${retiredModelError}, the error a retired model version's pin returns`,
        );
      }
      return [
        strong(text('Retired')),
        text(': a request that pins it returns '),
        link(`/responses#${errorAnchor(error.code)}`, code(`${String(error.status)} ${error.code}`)),
      ];
    }
  }
}

/**
 * The model versions, or those of the families named (`family="deepfake"`,
 * `family="document,face-match"`), with their status and dates.
 */
export function renderModelVersions(contract: Contract, family?: string): RootContent[] {
  const all = list<ModelVersion>(contract, 'x-model-versions');
  const families = family?.split(',').map((name) => name.trim());
  const known = new Set(all.map((row) => row.family));
  const unknown = families?.find((name) => !known.has(name));
  if (unknown !== undefined) {
    throw new ContractError(
      `contract/openapi.yaml: #/x-model-versions: no model version of the family "${unknown}" (one of ${[...known].join(', ')})`,
    );
  }
  // The families in the order the attribute names them, each in catalogue order.
  const rows =
    families === undefined ? all : families.flatMap((name) => all.filter((row) => row.family === name));
  // With one family, a family column would repeat one word.
  const familyColumn = families === undefined || families.length > 1;
  const versions = table(
    ['Model version', ...(familyColumn ? ['Family'] : []), 'Status', 'Released', 'Sunset', 'Used by'],
    rows.map((row): Cell[] => [
      code(row.model_version),
      ...(familyColumn ? [row.family] : []),
      statusCell(contract, row),
      String(row.released),
      row.sunset ? String(row.sunset) : '—',
      row.services.join(', '),
    ]),
  );
  // A deprecated version's row is found by the search page's status facet; the header row is first.
  rows.forEach((row, index) => {
    const tableRow = versions.children[index + 1];
    if (row.status === 'deprecated' && tableRow) markDeprecated(tableRow);
  });
  return [versions];
}

export function renderWebhookEvents(contract: Contract): RootContent[] {
  const events = [...contract.operations.values()].filter((entry) => entry.webhook);
  return [
    markSearchKind(
      table(
        ['Event type', 'Sent when'],
        events.map((entry) => [
          [link(`#${operationAnchor(entry.operation.operationId)}`, code(entry.path))],
          inlineMarkdown(entry.operation.summary ?? ''),
        ]),
      ),
      'webhook-event',
    ),
  ];
}

/** Every operation with the page that documents it. */
export function renderOperationsIndex(contract: Contract): RootContent[] {
  const entries = [...contract.operations.values()].filter((entry) => !entry.webhook);
  return [
    table(
      ['Method', 'Path', 'What it does', 'Documented on'],
      entries.map((entry) => {
        const page = entry.operation['x-doc-page'] ?? '';
        return [
          code(entry.method.toUpperCase()),
          code(entry.path),
          inlineMarkdown(entry.operation.summary ?? ''),
          [link(`${page}#${operationAnchor(entry.operation.operationId)}`, text(page))],
        ];
      }),
    ),
  ];
}

export const catalogueDirectives: Directive[] = [
  {
    name: 'decline-reasons',
    syntax: 'leaf',
    attributes: ['service'],
    summary:
      'the whole decline-reason catalogue by category (`/decline-reasons` only), or with `service="/services/face-match"` the codes one service raises, linked to the catalogue',
    render: (attributes, {contract, sources}) =>
      renderDeclineReasons(
        contract,
        attributes.service,
        loadContainers(sources).filter((container) => container.licenceFeature !== 'none').length,
      ),
  },
  {
    name: 'error-codes',
    syntax: 'leaf',
    attributes: ['type', 'raised-by', 'view', 'sdk'],
    summary:
      'the error-code table, or one error type\'s rows (`type="license_error"`), or the errors one side raises (`raised-by="sdk"`); `view="statuses"`: each HTTP status of `x-http-statuses` with its meaning and codes; `view="stored"`: which responses a retry with the same `Idempotency-Key` gets replayed; `sdk="web-sdk"`: the API errors that Web SDK passes on (`api_errors` of `data/sdk/web-sdk.yaml`)',
    render: (attributes, {contract, sources}) => {
      const sdk = attributes.sdk;
      if (sdk !== undefined) {
        if (Object.keys(attributes).length > 1) throw new ContractError('sdk="…" takes no other attribute');
        if (sdk !== 'web-sdk' && sdk !== 'gui-web-sdk')
          throw new ContractError(`sdk="${sdk}" is web-sdk or gui-web-sdk`);
        const data =
          sdk === 'web-sdk' ? sources.data('sdk/web-sdk.yaml') : sources.data('sdk/gui-web-sdk.yaml');
        const passedOn = data.api_errors.map((entry) => entry.code);
        return renderErrorCodes(contract, undefined, 'api', passedOn);
      }
      const view = attributes.view;
      if (view !== undefined && (attributes.type !== undefined || attributes['raised-by'] !== undefined)) {
        throw new ContractError('view="…" takes no type or raised-by');
      }
      if (view === 'statuses') return renderHttpStatuses(contract);
      if (view === 'stored') return renderStoredResponses(contract);
      if (view !== undefined) throw new ContractError(`view="${view}" is statuses or stored`);
      return renderErrorCodes(contract, attributes.type, attributes['raised-by']);
    },
  },
  {
    name: 'rate-limits',
    syntax: 'leaf',
    attributes: [],
    summary: 'rate limits per endpoint group',
    render: (_, {contract}) => renderRateLimits(contract),
  },
  {
    name: 'data-retention',
    syntax: 'leaf',
    attributes: [],
    summary: 'retention per artefact (`x-data-retention`)',
    render: (_, {contract}) => renderDataRetention(contract),
  },
  {
    name: 'model-versions',
    syntax: 'leaf',
    attributes: ['family'],
    summary:
      'model versions with their status, release and sunset dates and the services that use them, a retired version with the error a request that pins it gets; `family="deepfake"` for one family, `family="document,face-match"` for several',
    render: (attributes, {contract}) => renderModelVersions(contract, attributes.family),
  },
  {
    name: 'webhook-events',
    syntax: 'leaf',
    attributes: [],
    summary: 'the webhook event types',
    render: (_, {contract}) => renderWebhookEvents(contract),
  },
  {
    name: 'operations-index',
    syntax: 'leaf',
    attributes: [],
    summary: 'every operation and the page that documents it',
    render: (_, {contract}) => renderOperationsIndex(contract),
  },
];
