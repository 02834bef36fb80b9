// Wraps the Mermaid diagram component so that its code (and the diagram library it
// pulls in, the heaviest script on the site) loads only when a diagram comes near the
// viewport, never on pages without one. If that chunk fails to load, the reader gets the
// error and a Retry button (@theme/Loading) instead of a silently missing diagram. Without
// JavaScript the diagram's source is shown instead.
// (Not react-loadable: with concurrent hydration it drops the update when the chunk
// arrives before the component has mounted, and the diagram never appears.)
import React, {useEffect, useRef, useState, type ComponentType, type ReactNode} from 'react';
import Loading from '@theme/Loading';
import type {Props} from '@theme/Mermaid';
import styles from './styles.module.css';

type State = {component?: ComponentType<Props>; error?: Error};

/** How far below the viewport a diagram starts loading. */
const preloadMargin = '200px 0px';

export default function Mermaid(props: Props): ReactNode {
  const [attempt, setAttempt] = useState(0);
  // Browsers without IntersectionObserver load the diagram at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [state, setState] = useState<State>({});
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = placeholder.current;
    if (!element || near) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      {rootMargin: preloadMargin},
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    if (!near) return undefined;
    let current = true;
    import('@theme-original/Mermaid').then(
      (module) => current && setState({component: module.default}),
      (error: unknown) =>
        current && setState({error: error instanceof Error ? error : new Error(String(error))}),
    );
    return () => {
      current = false;
    };
  }, [near, attempt]);

  if (state.error) {
    const retry = () => {
      setState({});
      setAttempt((count) => count + 1);
    };
    return <Loading error={state.error} retry={retry} pastDelay={false} isLoading={false} timedOut={false} />;
  }
  const Component = state.component;
  if (Component) return <Component {...props} />;
  return (
    <div ref={placeholder} className={`vultus-diagram-pending ${styles.placeholder}`}>
      <noscript>
        <pre className={styles.source}>{props.value}</pre>
      </noscript>
    </div>
  );
}
