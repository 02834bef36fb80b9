/**
 * The revision history "records every change to the Vultus API v1": every operation, webhook event
 * type, error code and decline code of the contract is named in a dated entry of its API changes,
 * unless it was already part of v1 when the history began. That first state is frozen below; a
 * new operation or code added to the contract without an entry fails here.
 *
 * Run: node --import tsx --test tests/unit/revision-history.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Heading, RootContent} from 'mdast';
import {toString} from 'mdast-util-to-string';
import {renderedDocs, sources} from './helpers/pages';
import {stringifyMarkdown} from '../../plugins/vultus-contract/outputs/markdown';

/**
 * The API v1 when the revision history began (its first entry, 2024-08-20). Frozen: never add to it.
 * What the contract gains later gets an entry on the page instead.
 */
const before = new Set([
  'POST /media',
  'GET /media/{media_id}',
  'DELETE /media/{media_id}',
  'POST /client-tokens',
  'GET /events/{event_id}',
  'POST /face/match',
  'POST /face/search',
  'GET /collections',
  'POST /collections',
  'GET /collections/{collection_id}',
  'DELETE /collections/{collection_id}',
  'GET /collections/{collection_id}/faces',
  'POST /collections/{collection_id}/faces',
  'DELETE /collections/{collection_id}/faces/{face_id}',
  'POST /age/estimate',
  'POST /liveness/interactive/sessions',
  'GET /liveness/interactive/sessions/{session_id}',
  'POST /liveness/non-interactive/sessions',
  'GET /liveness/non-interactive/sessions/{session_id}',
  'POST /liveness/check',
  'POST /documents/verifications',
  'GET /documents/verifications/{verification_id}',
  'POST /documents/ocr',
  'POST /aml/screenings',
  'GET /aml/screenings/{screening_id}',
  'POST /kyc/sessions',
  'GET /kyc/sessions/{session_id}',
  'GET /events',
  'GET /health/live',
  'GET /health/ready',
  'GET /license',
  'liveness.session.completed',
  'document.verification.completed',
  'kyc.session.completed',
  'kyc.session.expired',
  'parameter_missing',
  'parameter_invalid',
  'image_unreadable',
  'image_too_large',
  'image_too_small',
  'image_url_unreachable',
  'media_expired',
  'body_too_large',
  'unsupported_media_type',
  'api_key_missing',
  'api_key_invalid',
  'api_key_revoked',
  'client_token_expired',
  'signature_invalid',
  'signature_expired',
  'origin_not_allowed',
  'permission_denied',
  'test_mode_only',
  'resource_not_found',
  'collection_not_found',
  'idempotency_key_reused',
  'session_already_completed',
  'session_expired',
  'rate_limited',
  'internal_error',
  'model_unavailable',
  'service_unavailable',
  'license_missing',
  'license_expired',
  'license_host_mismatch',
  'license_clock_skew',
  'license_feature_not_licensed',
  'license_signature_invalid',
  'camera_permission_denied',
  'camera_not_found',
  'camera_in_use',
  'insecure_context',
  'browser_not_supported',
  'wasm_load_failed',
  'FACE.NO_FACE',
  'FACE.MULTIPLE_FACES',
  'FACE.TOO_SMALL',
  'FACE.OCCLUDED',
  'FACE.POOR_QUALITY',
  'FACE.POSE',
  'LIVENESS.SPOOF_SUSPECTED',
  'LIVENESS.CHALLENGE_FAILED',
  'LIVENESS.CHALLENGE_TIMEOUT',
  'LIVENESS.CAMERA_UNAVAILABLE',
  'MATCH.BELOW_THRESHOLD',
  'MATCH.DOC_PHOTO_MISMATCH',
  'DOC.EXPIRED',
  'DOC.UNSUPPORTED_TYPE',
  'DOC.NOT_READABLE',
  'DOC.GLARE',
  'DOC.TAMPERED',
  'DOC.SCREEN_CAPTURE',
  'DOC.DATA_INCONSISTENT',
  'DOC.MRZ_INVALID',
  'DOC.UNDERAGE',
  'AML.SANCTIONS_HIT',
  'AML.PEP_HIT',
  'AML.ADVERSE_MEDIA_HIT',
  'DEDUP.DUPLICATE_FACE',
  'AGE.UNDER_THRESHOLD',
  'AGE.UNCERTAIN',
  'KYC.ABANDONED',
  'KYC.EXPIRED',
  'KYC.STEP_FAILED',
]);

/** The Markdown of the page's "API changes" section. */
function apiChanges(children: RootContent[]): string {
  const start = children.findIndex((node) => node.type === 'heading' && toString(node) === 'API changes');
  assert.ok(start >= 0, 'the revision history has an "API changes" section');
  const depth = (children[start] as Heading).depth;
  const end = children.findIndex(
    (node, index) => index > start && node.type === 'heading' && (node as Heading).depth <= depth,
  );
  return stringifyMarkdown({type: 'root', children: children.slice(start, end === -1 ? undefined : end)});
}

test('every operation, event type, error code and decline code has an entry in the revision history', async () => {
  const contract = await sources.contract();
  const page = (await renderedDocs()).find((candidate) => candidate.route === '/revision-history');
  assert.ok(page, 'no /revision-history page');
  const changes = apiChanges(page.tree.children);
  const names = [
    ...[...contract.operations.values()].map((entry) =>
      entry.webhook ? entry.path : `${entry.method.toUpperCase()} ${entry.path}`,
    ),
    ...(contract.document['x-error-codes'] as Array<{code: string}>).map((entry) => entry.code),
    ...(contract.document['x-decline-reasons'] as Array<{code: string}>).map((entry) => entry.code),
  ];
  const named = (name: string): boolean =>
    new RegExp(`(?<![\\w.])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`).test(changes);
  const missing = names.filter((name) => !before.has(name) && !named(name));
  assert.deepEqual(missing, [], 'add a dated entry under "API changes" for each');
});
