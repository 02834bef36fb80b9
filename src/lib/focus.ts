/**
 * Where focus went when a component hid or removed the element that had it: for the swizzles that
 * then put it somewhere a keyboard reader can go on from (src/theme/README.md).
 */

/**
 * Whether focus is nowhere, on the page's body (where the browser drops it when the element that
 * had it is removed or hidden), or inside `container`.
 */
export function focusIsLostOrIn(container?: Element | null): boolean {
  const focused = document.activeElement;
  return focused === null || focused === document.body || (container?.contains(focused) ?? false);
}
