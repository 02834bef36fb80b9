/**
 * The anchors of the API reference's entries on their pages, shared by the pages that render
 * them (plugins/vultus-contract) and what links to them from outside the site (the docs MCP
 * server, mcp/): an operation, an error code of the catalogue on /responses, a decline reason on
 * /decline-reasons.
 */

/** An operation's anchor on its page: `matchFaces` → `op-match-faces`. */
export function operationAnchor(operationId: string): string {
  return `op-${operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([a-z])([0-9])/g, '$1-$2')
    .toLowerCase()}`;
}

/** An error code's anchor on /responses: `signature_invalid` → `error-signature-invalid`. */
export const errorAnchor = (errorCode: string): string => `error-${errorCode.replace(/_/g, '-')}`;

/** A decline reason's anchor on /decline-reasons: `FACE.NO_FACE` → `decline-face-no-face`. */
export const declineAnchor = (declineCode: string): string =>
  `decline-${declineCode.toLowerCase().replace(/[._]/g, '-')}`;
