import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import {
  createMessageListener,
  holdLivePort,
  sendRequest,
  type LiveState,
  type PageKey,
  type PageSnapshot,
} from '../../../messaging/index';
import { useChromeApi } from '../../../ui/index';
import { queryKeys } from './query-keys';


/**
 * A page lookup through the service worker (`loadPage`): from the server, or the last answer
 * kept offline. `select` picks what the caller needs from the snapshot, sharing one query.
 */
export function usePageSnapshot<T = PageSnapshot>(page: PageKey, select?: (snapshot: PageSnapshot) => T) {
  const api = useChromeApi();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.page(page),
    queryFn: async () =>
      fresher(
        queryClient.getQueryData<PageSnapshot>(queryKeys.page(page)),
        await sendRequest((message) => api.runtime.sendMessage(message), 'loadPage', page),
      ),
    ...(select && { select }),
    // The worker owns freshness: it pushes new answers (pageDataChanged) after edits and live events.
    staleTime: Infinity,
  });
}

/**
 * Keeps the panel on the worker's path for "data changed": holds the live port while the page
 * is shown (the worker then holds the project's event stream, and the port's pings keep the
 * worker alive), and applies what the worker broadcasts — new page answers and changed items.
 */
export function useLivePage(page: PageKey, projectId: number | null): void {
  const api = useChromeApi();
  const queryClient = useQueryClient();
  const { pageUrl, orgId, projectId: chosenProjectId } = page;

  useEffect(
    () =>
      api.runtime.addMessageListener(
        createMessageListener({
          pageDataChanged: ({ page: changed, snapshot }) => {
            queryClient.setQueryData(queryKeys.page(changed), (current: PageSnapshot | undefined) =>
              fresher(current, snapshot),
            );
          },
          itemsChanged: ({ itemIds }) => {
            if (itemIds === null) void queryClient.invalidateQueries({ queryKey: queryKeys.items() });
            else
              itemIds.forEach(
                (itemId) => void queryClient.invalidateQueries({ queryKey: queryKeys.item(itemId) }),
              );
          },
        }),
      ),
    [api, queryClient],
  );

  // The stream of the shown project: its state as the port first says, then as broadcast.
  const show = useCallback(
    (state: LiveState | null) => queryClient.setQueryData(queryKeys.liveState(), state),
    [queryClient],
  );
  useEffect(() => {
    show(null);
    if (projectId === null) return;
    const stopListening = api.runtime.addMessageListener(
      createMessageListener({
        liveStateChanged: ({ projectId: changed, state }) => {
          if (changed === projectId) show(state);
        },
      }),
    );
    // No page shown any more (a browser page, signed out): the header says nothing of a stream.
    return () => {
      stopListening();
      show(null);
    };
  }, [api, show, projectId]);

  useEffect(
    () =>
      holdLivePort(
        api,
        { type: 'watch', page: { pageUrl, orgId, projectId: chosenProjectId }, projectId },
        (answer) => {
          if (answer.projectId === projectId) show(answer.state);
        },
      ),
    [api, show, pageUrl, orgId, chosenProjectId, projectId],
  );
}

/** The live stream of the shown page's project; null when no page of a project is shown. */
export function useLiveState(): LiveState | null {
  return (
    useQuery({
      queryKey: queryKeys.liveState(),
      // Set by useLivePage only (setQueryData); nothing to fetch.
      queryFn: () => null as LiveState | null,
      staleTime: Infinity,
    }).data ?? null
  );
}

/**
 * Of the answer shown and one that just arrived, the fresher: an answer the worker pushed after
 * an edit must not be overwritten by a lookup that was asked before the edit and came back
 * later (a panel reopened from kept data revalidates while the user is already acting).
 * An offline answer always replaces, so the panel says it is offline.
 */
export function fresher(current: PageSnapshot | undefined, arrived: PageSnapshot): PageSnapshot {
  if (!current || arrived.isOffline || current.isOffline) return arrived;
  return current.updatedAt > arrived.updatedAt ? current : arrived;
}
