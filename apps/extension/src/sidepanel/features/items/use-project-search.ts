import { useQuery } from '@tanstack/react-query';
import { useCallApi } from '../../shared/use-call-api';
import type { ItemFilter } from './filter-items';
import { queryKeys } from '../../shared/data/query-keys';

/** Searches every page of a project on the server with the panel's filters; idle unless enabled. */
export function useProjectSearch(projectId: number, filter: ItemFilter, isEnabled: boolean) {
  const callApi = useCallApi();
  const body = {
    projectId,
    ...(filter.text.trim() && { text: filter.text.trim() }),
    ...(filter.itemTypeId !== null && { itemTypeId: filter.itemTypeId }),
    ...(filter.itemStatusId !== null && { itemStatusId: filter.itemStatusId }),
    ...(filter.tag !== null && { tag: filter.tag }),
    ...(filter.releaseId !== null && { releaseId: filter.releaseId }),
    ...(filter.assigneeUserId !== null && { assigneeUserId: filter.assigneeUserId }),
  };
  return useQuery({
    queryKey: queryKeys.projectSearch(body),
    queryFn: () => callApi('searchItems', { body }),
    enabled: isEnabled,
  });
}
