/**
 * What search does when a file of its index fails to load: a deploy replaced the index while this
 * tab was open (its files are named by their content, and the new deploy has others). The page
 * reloads once, which brings the new page and the index it names; a second failure on the same
 * page is reported instead (the box says "Search unavailable").
 */
const reloadedFlag = 'vultus-search-reloaded';

/** Reloads the page, unless it was already reloaded for this; says whether it reloads. */
export function reloadOnce(): boolean {
  try {
    if (sessionStorage.getItem(reloadedFlag) === location.pathname) return false;
    sessionStorage.setItem(reloadedFlag, location.pathname);
  } catch {
    return false;
  }
  location.reload();
  return true;
}

/**
 * A search was answered: the index this page names is whole, and a later failure may reload the
 * page again. (Not when the head alone loads: a part missing from the new deploy too would reload
 * the page at every search.)
 */
export function searchAnswered(): void {
  try {
    sessionStorage.removeItem(reloadedFlag);
  } catch {
    // Storage may be unavailable; nothing to clear then.
  }
}
