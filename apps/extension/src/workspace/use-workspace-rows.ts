import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TWorkspaceItem } from '@waymark/core';
import type { CallApi } from '../api/index';
import { pageBody, rowsBody } from './rows-request';
import { NO_FIRST_ROWS, type FirstRows } from './start/first-rows';
import type { ViewState } from './view-state';

/**
 * The workspace rows of a view, a page at a time as the table scrolls. The first page is the
 * one the page's entry already asked for (`firstRows`), when the view is still the one it asked
 * for: already there when the query is made, it is the query's data from the first render.
 */
export function useWorkspaceRows(
  callApi: CallApi,
  view: ViewState,
  firstRows: FirstRows = NO_FIRST_ROWS,
) {
  const body = rowsBody(view);
  const query = useInfiniteQuery({
    queryKey: ['workspace-rows', body],
    queryFn: ({ pageParam }) =>
      (pageParam === 0 && firstRows.take(body)) ||
      callApi('listWorkspaceItems', { body: pageBody(body, pageParam) }),
    initialPageParam: 0,
    // Rows the entry's request already brought show in the first render; they are as fresh as
    // a fetch, so they are not asked for again on mount (a live event still invalidates them).
    initialData: () => {
      const page = firstRows.takeArrived(body);
      return page ? { pages: [page], pageParams: [0] } : undefined;
    },
    staleTime: (query) => (query.state.dataUpdateCount === 0 ? Infinity : 0),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
    enabled: body.projectId > 0,
    // A new sort or filter keeps the rows shown until its own arrive: no blank table between.
    placeholderData: keepPreviousData,
  });
  const rows: TWorkspaceItem[] = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  return { query, rows, total };
}
