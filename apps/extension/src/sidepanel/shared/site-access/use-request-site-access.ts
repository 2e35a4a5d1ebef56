import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useChromeApi } from '../../../ui/index';
import { queryKeys } from '../data/query-keys';
import { requestSiteAccess } from './request-site-access';

/**
 * {@link requestSiteAccess} for a component: asks (call it first thing in a click handler), then
 * has every "may Waymark read this site" answer asked again. Resolves to whether access was granted.
 */
export function useRequestSiteAccess(): (pageUrl: string) => Promise<boolean> {
  const api = useChromeApi();
  const queryClient = useQueryClient();
  return useCallback(
    async (pageUrl: string) => {
      const isGranted = await requestSiteAccess(api, pageUrl);
      await queryClient.invalidateQueries({ queryKey: queryKeys.siteAccess() });
      return isGranted;
    },
    [api, queryClient],
  );
}
