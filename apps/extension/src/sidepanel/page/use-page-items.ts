import { useQuery } from '@tanstack/react-query';
import { useCallApi } from '../use-call-api';

/** The query key of a page's items; invalidate `['page-items']` after any change. */
export const pageItemsKey = (pageUrl: string, orgId: number, projectId: number | null) =>
  ['page-items', pageUrl, orgId, projectId] as const;

/** The projects `pageUrl` belongs to (in the organization) and the chosen project's items there. */
export function usePageItems(pageUrl: string, orgId: number, projectId: number | null) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: pageItemsKey(pageUrl, orgId, projectId),
    queryFn: () =>
      callApi('getPageItems', {
        body: { pageUrl, orgId, ...(projectId !== null && { projectId }) },
      }),
  });
}
