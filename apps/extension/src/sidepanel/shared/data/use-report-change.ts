import { useCallback } from 'react';
import { sendRequest } from '../../../messaging/index';
import { useChromeApi } from '../../../ui/index';

/**
 * Reports a mutation to the service worker, once: it refetches this panel's page, sets the badge
 * and tells every open page. `itemIds` are the items the mutation touched (their detail views
 * reload, and the worker matches them with the server's live events).
 */
export function useReportChange(): (itemIds?: number[]) => void {
  const api = useChromeApi();
  return useCallback(
    (itemIds = []) =>
      void sendRequest((message) => api.runtime.sendMessage(message), 'reportChange', {
        itemIds,
      }).catch(() => undefined),
    [api],
  );
}
