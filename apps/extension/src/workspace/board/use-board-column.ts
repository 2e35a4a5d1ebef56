import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TBoardGroup, TWorkspaceFilter, TWorkspaceItem } from '@waymark/core';
import type { CallApi } from '../../api/index';
import type { ViewState } from '../view-state';
import { columnFilter } from './board-groups';

/** Cards a column loads at first and per "Show more". */
export const CARDS_PER_PAGE = 50;

/**
 * One board column's cards, a page at a time: each column asks the server for the view's items
 * of its value and how many there are, so the header counts every card while the DOM holds only
 * the pages shown. Under the `workspace-rows` key: live events and edits refetch it.
 */
export function useBoardColumn(
  callApi: CallApi,
  input: {
    projectId: number;
    group: TBoardGroup;
    filter: TWorkspaceFilter;
    sort: ViewState['sort'];
    value: number;
  },
) {
  const body = {
    projectId: input.projectId,
    filter: columnFilter(input.group, input.filter, input.value),
    sort: input.sort,
  };
  const query = useInfiniteQuery({
    queryKey: ['workspace-rows', 'board', body],
    queryFn: ({ pageParam }) =>
      callApi('listWorkspaceItems', {
        body: { ...body, offset: pageParam, limit: CARDS_PER_PAGE },
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
    placeholderData: keepPreviousData,
  });
  const cards: TWorkspaceItem[] = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  return { query, cards, total };
}
