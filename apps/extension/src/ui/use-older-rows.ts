import { ITEM_THREAD_PAGE_SIZE } from '@waymark/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';

/** What {@link useOlderRows} offers a thread: the rows read so far and a way to read more. */
export type OlderRows<T> = {
  /** Older rows read so far, in the order they are read (each page older than the last). */
  pages: T[][];
  /** More rows exist than the detail and the pages read hold. */
  hasMore: boolean;
  isLoading: boolean;
  error: Error | null;
  /** Reads the next older page. */
  loadMore: () => void;
};

/**
 * The rows of an item's notes or history older than those its detail carries (decision 0138),
 * a page at a time, read only once the user asks. `queryKey`: the thread's, without the cursor;
 * `cursor`: the detail's oldest row; `olderThan`: the row of a page the next one starts before.
 */
export function useOlderRows<T>({
  queryKey,
  cursor,
  hasOlder,
  olderThan,
  load,
}: {
  queryKey: readonly unknown[];
  cursor: number | undefined;
  hasOlder: boolean;
  olderThan: (page: T[]) => number | undefined;
  load: (beforeId: number) => Promise<T[]>;
}): OlderRows<T> {
  const [isOpen, setOpen] = useState(false);
  const query = useInfiniteQuery({
    queryKey: [...queryKey, cursor],
    enabled: isOpen && hasOlder && cursor !== undefined,
    initialPageParam: cursor ?? 0,
    queryFn: ({ pageParam }) => load(pageParam),
    getNextPageParam: (page) => (page.length < ITEM_THREAD_PAGE_SIZE ? undefined : olderThan(page)),
  });
  const pages = isOpen && hasOlder ? (query.data?.pages ?? []) : [];
  return {
    pages,
    hasMore: hasOlder && (pages.length === 0 || query.hasNextPage),
    isLoading: query.isFetching,
    error: query.error,
    loadMore: () => (isOpen ? void query.fetchNextPage() : setOpen(true)),
  };
}
