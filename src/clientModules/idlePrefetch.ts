/**
 * Prefetches the routes of links in view while the browser is idle, one route at a time.
 *
 * Docusaurus 3.10's `Link` calls `window.docusaurus.prefetch(route)` for every internal link that
 * scrolls into view. On a reference page that happened in one task right after hydration: 373
 * `<link rel="prefetch">` elements for 22 distinct files on /services/face-match at phone width,
 * about 300 ms of blocked main thread on a throttled phone. Here the calls are queued and run in
 * idle callbacks, so reading and tapping come first; each route is still prefetched once, and
 * hovering or touching a link still preloads its route at once (`window.docusaurus.preload`).
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

type Prefetch = (routePath: string) => unknown;
type IdleDeadline = {timeRemaining: () => number};

/** Milliseconds of an idle period left unused, so a prefetch never runs into the next frame. */
const margin = 4;

function whenIdle(callback: (deadline: IdleDeadline) => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(callback, {timeout: 5000});
  } else {
    // Safari has no requestIdleCallback: wait for the page to settle, then one route per turn.
    window.setTimeout(() => callback({timeRemaining: () => margin + 1}), 200);
  }
}

/** `docusaurus` with `prefetch` queued for idle time (the original object is frozen). */
export function withIdlePrefetch<T extends {prefetch: Prefetch}>(docusaurus: T): T {
  const prefetchNow = docusaurus.prefetch.bind(docusaurus);
  const queue: string[] = [];
  const seen = new Set<string>();
  let scheduled = false;
  const drain = (deadline: IdleDeadline): void => {
    do {
      const routePath = queue.shift();
      if (routePath !== undefined) prefetchNow(routePath);
    } while (queue.length > 0 && deadline.timeRemaining() > margin);
    scheduled = queue.length > 0;
    if (scheduled) whenIdle(drain);
  };
  const prefetch = (routePath: string): boolean => {
    if (seen.has(routePath)) return false;
    seen.add(routePath);
    queue.push(routePath);
    if (!scheduled) {
      scheduled = true;
      whenIdle(drain);
    }
    return true;
  };
  return {...docusaurus, prefetch};
}

if (ExecutionEnvironment.canUseDOM) {
  // Client modules are evaluated just before the client entry assigns `window.docusaurus`, in
  // the same task; a microtask runs after it and before any link is rendered.
  queueMicrotask(() => {
    const global = window as unknown as {docusaurus?: {prefetch: Prefetch}};
    if (global.docusaurus) global.docusaurus = withIdlePrefetch(global.docusaurus);
  });
}
