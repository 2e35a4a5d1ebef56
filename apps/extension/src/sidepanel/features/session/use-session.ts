import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createMessageListener, sendRequest } from '../../../messaging/index';
import type { SessionInfo } from '../../../messaging/index';
import { useChromeApi } from '../../../ui/index';
import { queryKeys } from '../../shared/data/query-keys';

const SESSION_KEY = queryKeys.session();

/** Who is signed in, as the service worker reports it; follows sign-in and sign-out anywhere. */
export function useSession() {
  const api = useChromeApi();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      api.runtime.addMessageListener(
        createMessageListener({
          sessionChanged: (session) => {
            queryClient.setQueryData(SESSION_KEY, session);
            // Whatever was loaded belonged to the previous account.
            void queryClient.invalidateQueries({
              predicate: (query) => query.queryKey[0] !== SESSION_KEY[0],
            });
          },
        }),
      ),
    [api, queryClient],
  );
  return useSessionQuery();
}

/**
 * Who is signed in, for a part of the panel beside the workspace (the menu): the same query as
 * {@link useSession}, without a second listener for the worker's `sessionChanged`.
 */
export function useSessionQuery() {
  const api = useChromeApi();
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: () => sendRequest((m) => api.runtime.sendMessage(m), 'getSession', {}),
  });
}

/** Signs in (the worker opens the provider's window) or out, updating the session query. */
export function useSignInOut() {
  const api = useChromeApi();
  const queryClient = useQueryClient();
  const send = (message: unknown) => api.runtime.sendMessage(message);
  const signIn = useMutation({
    mutationFn: (options: { isSignUp?: boolean } = {}) => sendRequest(send, 'signIn', options),
    onSuccess: (session: SessionInfo) => queryClient.setQueryData(SESSION_KEY, session),
  });
  const signOut = useMutation({
    mutationFn: () => sendRequest(send, 'signOut', {}),
    onSuccess: () => {
      queryClient.setQueryData<SessionInfo>(SESSION_KEY, { signedIn: false });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
    },
  });
  return { signIn, signOut };
}
