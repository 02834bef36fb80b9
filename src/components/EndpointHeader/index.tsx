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
 * The server and the path of a URL, each with a `<wbr>` at every place the whole URL may break
 * (src/lib/codeBreaks.ts), so that the two, written apart, break as the URL does. A place where
 * the path starts goes before the path.
 */
function urlParts(server: string, path: string): [ReactNode[], ReactNode[]] {
  const url = server + path;
  // Each piece but the last ends at a place the URL may break.
  const breaks: number[] = [];
  let at = 0;
  for (const piece of codePieces(url).slice(0, -1)) breaks.push((at += piece.length));
  const part = (start: number, end: number): ReactNode[] => {
    const nodes: ReactNode[] = [];
    let from = start;
    for (const place of breaks) {
      if (place < start || place >= end) continue;
      if (place > from) nodes.push(url.slice(from, place));
      nodes.push(<wbr key={place} />);
      from = place;
    }
    nodes.push(url.slice(from, end));
    return nodes;
  };
  return [part(0, server.length), part(server.length, url.length)];
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
  const [serverPart, pathPart] = urlParts(server, path);
  return (
    <div className={styles.header} data-operation-id={operationId}>
      <p className={styles.line}>
        <span className={clsx(styles.method, styles[verb.toLowerCase()])}>{verb}</span>
        {/* A URL: it may break between its parts (src/lib/codeBreaks.ts, src/css/custom.css). */}
        <code className={clsx(styles.path, 'code-long')}>
          <span className={styles.server}>{serverPart}</span>
          {pathPart}
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
