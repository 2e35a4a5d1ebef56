import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInbox } from '@waymark/core';
import { useEffect } from 'react';
import { createMessageListener } from '../../../messaging/index';
import { useChromeApi } from '../../../ui/index';
import { queryKeys } from '../../shared/data/query-keys';
import { useCallApi } from '../../shared/use-call-api';

/**
 * The user's notifications (issue 27): loaded from the server, reloaded when the worker says a
 * new one arrived on a live stream (`inboxChanged`), with the read marks as mutations.
 */
export function useInbox() {
  const api = useChromeApi();
  const callApi = useCallApi();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      api.runtime.addMessageListener(
        createMessageListener({
          inboxChanged: () => void queryClient.invalidateQueries({ queryKey: queryKeys.inbox() }),
        }),
      ),
    [api, queryClient],
  );
  const inbox = useQuery({
    queryKey: queryKeys.inbox(),
    queryFn: () => callApi('getInbox', { query: {} }),
  });
  const applyCount = ({ unreadCount }: { unreadCount: number }) =>
    queryClient.setQueryData(
      queryKeys.inbox(),
      (current: TInbox | undefined) => current && { ...current, unreadCount },
    );
  const markRead = useMutation({
    mutationFn: (entryIds: number[]) => callApi('markInboxRead', { body: { entryIds } }),
    onSuccess: (answer) => {
      applyCount(answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox() });
    },
  });
  const markAllRead = useMutation({
    mutationFn: () => callApi('markAllInboxRead', {}),
    onSuccess: (answer) => {
      applyCount(answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox() });
    },
  });
  return { inbox, markRead, markAllRead };
}
