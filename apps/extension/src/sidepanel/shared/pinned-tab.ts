/**
 * The tab id of the test-only `sidepanel.html?tabId=N`, or null. Playwright can open the side
 * panel only as a tab, where the active tab of its window is the panel itself (see the README).
 */
export function readPinnedTabId(search: string): number | null {
  const value = new URLSearchParams(search).get('tabId');
  return value && /^\d+$/.test(value) ? Number(value) : null;
}
