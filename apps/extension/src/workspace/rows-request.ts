import type { TWorkspaceFilter } from '@waymark/core';
import { filterOf, type ViewState } from './view-state';

/** Rows asked for per page: a screenful many times over, well under the server's 1,000. */
export const PAGE_SIZE = 500;
/**
 * Rows of the first page: a few screenfuls, so the first rows paint sooner (a smaller answer to
 * read, check and pass from the worker); the next pages are asked for while the user scrolls.
 */
export const FIRST_PAGE_SIZE = 100;

/** What every page of a view's rows asks for, whatever its offset. */
export type RowsBody = {
  projectId: number;
  filter: TWorkspaceFilter;
  sort: ViewState['sort'];
};

/** The rows' request of a view, without its page (the query's key). */
export function rowsBody(view: ViewState): RowsBody {
  return { projectId: view.projectId ?? 0, filter: filterOf(view), sort: view.sort };
}

/** The body of the page of rows that starts at `offset`. */
export function pageBody(body: RowsBody, offset: number) {
  return { ...body, offset, limit: offset === 0 ? FIRST_PAGE_SIZE : PAGE_SIZE };
}
