// The plain (zod-free) values of the workspace's views: the workspace page's entry reads them to
// ask for its first rows before the page's code loads, and must not pull zod in with them
// (docs/workspace.md, "First rows"). workspace.ts and saved-view.ts re-export them.

/** The columns a workspace table can sort by. */
export const WORKSPACE_SORT_COLUMNS = [
  'title',
  'type',
  'status',
  'page',
  'assignee',
  'release',
  'updated',
  'author',
  'created',
] as const;
/** A column a workspace table can sort by. */
export type TWorkspaceSortColumn = (typeof WORKSPACE_SORT_COLUMNS)[number];

/** The fields a workspace board can group its cards by. */
export const BOARD_GROUPS = ['status', 'type', 'assignee', 'release'] as const;
/** A field a workspace board can group its cards by. */
export type TBoardGroup = (typeof BOARD_GROUPS)[number];
