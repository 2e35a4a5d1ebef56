import { useEffect, useState } from 'react';
import { createMessageListener, sendRequest } from '../../messaging/index';
import type { ActiveTab, PanelStart } from '../../messaging/index';
import { useChromeApi } from '../../ui/index';
import { readPinnedTabId } from './pinned-tab';

/** The active tab of the side panel's window, as the service worker reports it. */
export type ActiveTabState =
  | { status: 'loading' }
  | { status: 'ready'; tab: ActiveTab | null }
  | { status: 'error'; error: string };

/**
 * Follows the active tab of the window this page is in, across tab switches and navigation;
 * with the test-only `?tabId=N`, follows tab N instead. With the worker's `start` answer (the
 * side panel's first paint), starts from its tab instead of asking again.
 */
export function useActiveTab(
  search: string = window.location.search,
  start: Pick<PanelStart, 'tab' | 'windowId'> | null = null,
): ActiveTabState {
  const api = useChromeApi();
  const [state, setState] = useState<ActiveTabState>(() =>
    start ? { status: 'ready', tab: start.tab } : { status: 'loading' },
  );
  useEffect(() => {
    let isMounted = true;
    let windowId: number | null = start?.windowId ?? null;
    const pinnedTabId = readPinnedTabId(search);
    const send = (message: unknown) => api.runtime.sendMessage(message);
    const stopListening = api.runtime.addMessageListener(
      createMessageListener({
        activeTabChanged: (change) => {
          const isOurs =
            pinnedTabId === null ? change.windowId === windowId : change.tab?.tabId === pinnedTabId;
          if (isMounted && isOurs) setState({ status: 'ready', tab: change.tab });
        },
      }),
    );
    const load = async () => {
      const tab =
        pinnedTabId === null
          ? await sendRequest(send, 'getActiveTab', {
              windowId: (windowId = await api.windows.getCurrentId()),
            })
          : await sendRequest(send, 'getTab', { tabId: pinnedTabId });
      if (isMounted)
        setState((current) => (current.status === 'ready' ? current : { status: 'ready', tab }));
    };
    if (!start)
      load().catch((error: unknown) => {
        if (isMounted) setState({ status: 'error', error: String(error) });
      });
    return () => {
      isMounted = false;
      stopListening();
    };
  }, [api, search, start]);
  return state;
}
