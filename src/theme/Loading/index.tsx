// Ejected from @docusaurus/core@3.10.2 (lib/client/theme-fallback/Loading/index.js).
// Why: the stock box that reports a failed chunk is white on #fa383e (3.6:1, below
// WCAG AA) and is not announced to screen readers. Same behaviour: the error text
// and a "Retry" button; the spinner after the delay is replaced by Infima's.
import React, {type ReactNode} from 'react';
import styles from './styles.module.css';

export type Props = {
  readonly error?: unknown;
  readonly retry: () => void;
  readonly pastDelay: boolean;
};

export default function Loading({error, retry, pastDelay}: Props): ReactNode {
  // VULTUS: start
  if (error !== undefined && error !== null) {
    return (
      <div className={`alert alert--danger ${styles.box}`} role="alert">
        <p>{String(error)}</p>
        <button type="button" className="button button--primary" onClick={retry}>
          Retry
        </button>
      </div>
    );
  }
  if (pastDelay) {
    return (
      <div className={styles.pending} role="status">
        Loading…
      </div>
    );
  }
  return null;
  // VULTUS: end
}
