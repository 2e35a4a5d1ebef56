import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createMessageListener, holdLivePort, type LiveState } from '../messaging/index';
import type { ChromeApi } from '../platform/index';

/**
 * Keeps the workspace live (issue 28) on the side panel's path (docs/live-updates.md): it holds
 * the worker's live port watching the whole project (no page), so the worker keeps the project's
 * event stream open; every `itemsChanged` the worker broadcasts — someone's edit, a new or
 * deleted item, the user's own edit in a panel — refetches the rows and boards shown and the
 * opened item. When the stream (re)connects, the rows are read again: what changed while it
 * was down or before it started is not lost. Answers the stream's state for the page to show.
 */
export function useLiveWorkspace(api: ChromeApi, projectId: number): LiveState | null {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState | null>(null);

  useEffect(() => {
    if (projectId === 0) return;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: ['workspace-rows'] });
    return api.runtime.addMessageListener(
      createMessageListener({
        itemsChanged: ({ itemIds }) => {
          refetch();
          for (const itemId of itemIds ?? [])
            void queryClient.invalidateQueries({ queryKey: ['workspace-item', itemId] });
        },
        liveStateChanged: ({ projectId: changed, state: next }) => {
          if (changed !== projectId) return;
          setState(next);
          if (next === 'live') refetch();
        },
      }),
    );
  }, [api, queryClient, projectId]);

  useEffect(() => {
    if (projectId === 0) return;
    const release = holdLivePort(api, { type: 'watch', page: null, projectId }, (answer) => {
      if (answer.projectId === projectId) setState(answer.state);
    });
    return () => {
      release();
      setState(null);
    };
  }, [api, projectId]);

  return state;
}
