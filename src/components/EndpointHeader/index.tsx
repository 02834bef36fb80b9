import React, {type ReactNode} from 'react';
import clsx from 'clsx';
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
        {/* A URL: it may break (src/css/custom.css keeps shorter inline code on one line). */}
        <code className={clsx(styles.path, 'code-long')}>
          <span className={styles.server}>{server}</span>
          {path}
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
