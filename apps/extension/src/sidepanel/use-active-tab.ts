import { useEffect, useState } from 'react';
import { createMessageListener } from '../messaging/create-message-listener';
import type { ActiveTab } from '../messaging/protocol';
import { sendRequest } from '../messaging/send-message';
import { useChromeApi } from '../platform/chrome-api-context';

/** The active tab of the side panel's window, as the service worker reports it. */
export type ActiveTabState =
  | { status: 'loading' }
  | { status: 'ready'; tab: ActiveTab | null }
  | { status: 'error'; error: string };

/** Follows the active tab of the window this page is in, across tab switches and navigation. */
export function useActiveTab(): ActiveTabState {
  const api = useChromeApi();
  const [state, setState] = useState<ActiveTabState>({ status: 'loading' });
  useEffect(() => {
    let isMounted = true;
    let windowId: number | null = null;
    const stopListening = api.runtime.addMessageListener(
      createMessageListener({
        activeTabChanged: (change) => {
          if (isMounted && change.windowId === windowId)
            setState({ status: 'ready', tab: change.tab });
        },
      }),
    );
    const load = async () => {
      windowId = await api.windows.getCurrentId();
      const tab = await sendRequest((m) => api.runtime.sendMessage(m), 'getActiveTab', {
        windowId,
      });
      if (isMounted)
        setState((current) => (current.status === 'ready' ? current : { status: 'ready', tab }));
    };
    load().catch((error: unknown) => {
      if (isMounted) setState({ status: 'error', error: String(error) });
    });
    return () => {
      isMounted = false;
      stopListening();
    };
  }, [api]);
  return state;
}
