import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../shared/data/query-keys';

/** Checks that the Waymark server at `serverUrl` answers `GET /api/ping`; idle while it is null. */
export function useServerPing(serverUrl: string | null) {
  return useQuery({
    queryKey: queryKeys.ping(serverUrl),
    queryFn: async () => (await import('./ping-server')).pingServer(serverUrl ?? ''),
    enabled: serverUrl !== null,
    // A wrong URL should be reported at once, not after three silent retries.
    retry: false,
  });
}
