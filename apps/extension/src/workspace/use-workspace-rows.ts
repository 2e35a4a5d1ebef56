import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TWorkspaceItem } from '@waymark/core';
import type { CallApi } from '../api/index';
import { filterOf, type ViewState } from './view-state';

/** Rows asked for per page: a screenful many times over, well under the server's 1,000. */
export const PAGE_SIZE = 500;
/**
 * Rows of the first page: a few screenfuls, so the first rows paint sooner (a smaller answer to
 * read, check and pass from the worker); the next pages are asked for while the user scrolls.
 */
export const FIRST_PAGE_SIZE = 100;

/** The workspace rows of a view, a page at a time as the table scrolls. */
export function useWorkspaceRows(callApi: CallApi, view: ViewState) {
  const projectId = view.projectId ?? 0;
  const body = { projectId, filter: filterOf(view), sort: view.sort };
  const query = useInfiniteQuery({
    queryKey: ['workspace-rows', body],
    queryFn: ({ pageParam }) =>
      callApi('listWorkspaceItems', {
        body: { ...body, offset: pageParam, limit: pageParam === 0 ? FIRST_PAGE_SIZE : PAGE_SIZE },
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
    enabled: projectId > 0,
    // A new sort or filter keeps the rows shown until its own arrive: no blank table between.
    placeholderData: keepPreviousData,
  });
  const rows: TWorkspaceItem[] = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  return { query, rows, total };
}
