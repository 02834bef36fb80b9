import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import {codePieces} from '@site/src/lib/codeBreaks';
import styles from './styles.module.css';

export type Props = {
  /** HTTP method, upper case. */
  readonly method: string;
  /** Path relative to the server, e.g. /face/match. */
  readonly path: string;
  /** Who may call it: "Secret key", "Client token", "On-premise API key". */
  readonly auth: string;
  /** The base URL the path is relative to. */
  readonly server: string;
  readonly operationId: string;
  /** Rate-limit group name, when the operation has one. */
  readonly rateLimitGroup?: string;
  /** Where the operation runs, from the contract's x-deployment (not for webhooks). */
  readonly availability?: string;
};

/**
 * The header of one API operation: method, full path, auth and limits, rendered at build time.
 * A label and its value are one text node (`{` ${auth}`}`), so React writes no `<!-- -->` between them.
 */
/** A long code's text with a `<wbr>` at each place it may break (src/lib/codeBreaks.ts). */
function withBreaks(text: string): ReactNode[] {
  return codePieces(text).flatMap((piece, at) => (at > 0 ? [<wbr key={at} />, piece] : [piece]));
}

export default function EndpointHeader({
  method,
  path,
  auth,
  server,
  operationId,
  rateLimitGroup,
  availability,
}: Props): ReactNode {
  const verb = method.toUpperCase();
  return (
    <div className={styles.header} data-operation-id={operationId}>
      <p className={styles.line}>
        <span className={clsx(styles.method, styles[verb.toLowerCase()])}>{verb}</span>
        {/* A URL: it may break between its parts (src/lib/codeBreaks.ts, src/css/custom.css). */}
        <code className={clsx(styles.path, 'code-long')}>
          <span className={styles.server}>{withBreaks(server)}</span>
          {withBreaks(path)}
        </code>
      </p>
      <ul className={styles.facts}>
        <li>
          <span className={styles.label}>Auth</span>
          {` ${auth}`}
        </li>
        {rateLimitGroup ? (
          <li>
            <span className={styles.label}>Rate limit group</span> <code>{rateLimitGroup}</code>
          </li>
        ) : null}
        <li>
          <span className={styles.label}>Operation</span> <code>{operationId}</code>
        </li>
        {availability ? (
          <li>
            <span className={styles.label}>Runs on</span>
            {` ${availability}`}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
