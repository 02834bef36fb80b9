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
  /** "true" when only the on-premise server has this operation. */
  readonly onpremOnly?: string;
};

/** The header of one API operation: method, full path, auth and limits, rendered at build time. */
export default function EndpointHeader({
  method,
  path,
  auth,
  server,
  operationId,
  rateLimitGroup,
  onpremOnly,
}: Props): ReactNode {
  const verb = method.toUpperCase();
  return (
    <div className={styles.header} data-operation-id={operationId}>
      <p className={styles.line}>
        <span className={clsx(styles.method, styles[verb.toLowerCase()])}>{verb}</span>
        <code className={styles.path}>
          <span className={styles.server}>{server}</span>
          {path}
        </code>
      </p>
      <ul className={styles.facts}>
        <li>
          <span className={styles.label}>Auth</span> {auth}
        </li>
        {rateLimitGroup ? (
          <li>
            <span className={styles.label}>Rate limit group</span> <code>{rateLimitGroup}</code>
          </li>
        ) : null}
        <li>
          <span className={styles.label}>Operation</span> <code>{operationId}</code>
        </li>
        {onpremOnly === 'true' ? (
          <li>
            <span className={styles.label}>Availability</span> On-premise server only
          </li>
        ) : null}
      </ul>
    </div>
  );
}
