import { useQuery } from '@tanstack/react-query';
import { useCallApi } from '../use-call-api';

/** The query key of one item in full. */
export const itemKey = (itemId: number) => ['item', itemId] as const;

/** One item with every field, notes, related items and history. */
export function useItem(itemId: number) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: itemKey(itemId),
    queryFn: () => callApi('getItem', { params: { itemId } }),
  });
}
