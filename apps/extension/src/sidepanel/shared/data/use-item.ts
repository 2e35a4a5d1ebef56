import { useQuery } from '@tanstack/react-query';
import { useCallApi } from '../use-call-api';
import { queryKeys } from './query-keys';

/** The query key of one item in full (from the side panel's key table). */
export const itemKey = queryKeys.item;

/** One item with every field, notes, related items and history. */
export function useItem(itemId: number) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: itemKey(itemId),
    queryFn: () => callApi('getItem', { params: { itemId } }),
  });
}
