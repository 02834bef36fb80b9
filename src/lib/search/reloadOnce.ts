/**
 * What search does when a file of its index is gone (HTTP 404 or 410): a deploy replaced the index
 * while this tab was open (its files are named by their content, and the new deploy has others).
 * The page reloads once, which brings the new page and the index it names. The index that failed is
 * remembered for the tab: if the reloaded page names the same index and it fails again, the box
 * says "Search unavailable" instead of reloading again. Other failures (the network is down, a
 * server error) reload nothing; the next query tries again.
 */
import {indexMetaName} from './clientConstants';

const reloadedFlag = 'vultus-search-reloaded';

/** Whether an error of the search says a file of the index is gone. */
export function indexGone(error: unknown): boolean {
  return /HTTP (404|410)\b/.test(error instanceof Error ? error.message : String(error));
}

/** Reloads the page, unless a reload was already made for the index it names; says whether it reloads. */
export function reloadOnce(): boolean {
  const index =
    document.querySelector<HTMLMetaElement>(`meta[name="${indexMetaName}"]`)?.content ?? location.pathname;
  try {
    if (sessionStorage.getItem(reloadedFlag) === index) return false;
    sessionStorage.setItem(reloadedFlag, index);
  } catch {
    return false;
  }
  location.reload();
  return true;
}
