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
 * The part of a URL from `start` to `end`, with a `<wbr>` at each place the whole URL may break
 * (src/lib/codeBreaks.ts), so that the server and the path, written apart, break as the URL does.
 */
function urlPart(url: string, start: number, end: number): ReactNode[] {
  const nodes: ReactNode[] = [];
  let from = start;
  let at = 0;
  // Each piece but the last ends at a place the URL may break; one where the path starts goes
  // before the path.
  for (const piece of codePieces(url).slice(0, -1)) {
    at += piece.length;
    if (at < start || at >= end) continue;
    if (at > from) nodes.push(url.slice(from, at));
    nodes.push(<wbr key={at} />);
    from = at;
  }
  nodes.push(url.slice(from, end));
  return nodes;
}

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
        {/* A URL: it may break between its parts (src/lib/codeBreaks.ts, src/css/custom.css). */}
        <code className={clsx(styles.path, 'code-long')}>
          <span className={styles.server}>{urlPart(server + path, 0, server.length)}</span>
          {urlPart(server + path, server.length, server.length + path.length)}
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
