import type { TWorkspaceItem, TWorkspaceSortColumn } from '@waymark/core';

/** A column of the workspace table: what it shows and what it sorts by. */
export type Column = {
  key: TWorkspaceSortColumn | 'tags';
  label: string;
  /** Width in px; the title column takes what is left. */
  width: number | null;
  text: (item: TWorkspaceItem) => string;
  /** The server's sort key; tags are not sortable. */
  sort: TWorkspaceSortColumn | null;
};

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Every column the issue lists, in their default order. */
export const COLUMNS: readonly Column[] = [
  { key: 'title', label: 'Title', width: null, text: (item) => item.title, sort: 'title' },
  {
    key: 'type',
    label: 'Type',
    width: 120,
    text: (item) => item.itemTypeDescription,
    sort: 'type',
  },
  {
    key: 'status',
    label: 'Status',
    width: 130,
    text: (item) => item.itemStatusDescription,
    sort: 'status',
  },
  { key: 'page', label: 'Page', width: 200, text: (item) => item.relativePath, sort: 'page' },
  { key: 'tags', label: 'Tags', width: 160, text: (item) => item.tags.join(', '), sort: null },
  {
    key: 'assignee',
    label: 'Assignee',
    width: 150,
    text: (item) => item.assignee?.fullName ?? '',
    sort: 'assignee',
  },
  {
    key: 'release',
    label: 'Release',
    width: 120,
    text: (item) => item.releaseTitle ?? '',
    sort: 'release',
  },
  {
    key: 'updated',
    label: 'Updated',
    width: 170,
    text: (item) => dateTime.format(new Date(item.updatedAt)),
    sort: 'updated',
  },
  {
    key: 'author',
    label: 'Author',
    width: 150,
    text: (item) => item.author?.fullName ?? '',
    sort: 'author',
  },
];

/** The columns shown, in the user's order: known keys only, the title always first. */
export function visibleColumns(keys: readonly string[]): Column[] {
  const byKey = new Map(COLUMNS.map((column) => [column.key as string, column]));
  const chosen = keys.flatMap((key) => {
    const column = byKey.get(key);
    return column && column.key !== 'title' ? [column] : [];
  });
  const title = COLUMNS[0];
  return title ? [title, ...new Set(chosen)] : chosen;
}

/** Moves a column one place left (-1) or right (+1) in the user's order. */
export function moveColumn(keys: readonly string[], key: string, by: -1 | 1): string[] {
  const order = [...keys];
  const from = order.indexOf(key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= order.length) return order;
  [order[from], order[to]] = [order[to] ?? key, key];
  return order;
}
