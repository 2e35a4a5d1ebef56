import type {
  TBoardGroup,
  TUpdateItemRequest,
  TWorkspaceFilter,
  TWorkspaceItem,
} from '@waymark/core';

/** One column of the board: the field's value (0 = unassigned / no release) and its name. */
export type BoardColumn = { value: number; label: string };

/** A choice of a filter or a field: the value as text (as Mantine's selects keep it). */
export type Option = { value: string; label: string };

/** The options of every field a board can group by. */
export type GroupOptions = Record<TBoardGroup, Option[]>;

/** The names of the fields a board can group by, as the page says them. */
export const GROUP_LABELS: Record<TBoardGroup, string> = {
  status: 'Status',
  type: 'Type',
  assignee: 'Assignee',
  release: 'Release',
};

/** The column of items without a value, for the fields that may have none. */
const EMPTY_COLUMN: Partial<Record<TBoardGroup, string>> = {
  assignee: 'Unassigned',
  release: 'No release',
};

/** The filter field a board group narrows. */
const FILTER_FIELD = {
  status: 'itemStatusIds',
  type: 'itemTypeIds',
  assignee: 'assigneeUserIds',
  release: 'releaseIds',
} as const satisfies Record<TBoardGroup, keyof TWorkspaceFilter>;

/**
 * The board's columns, in the options' order (the organization's status order, …): when the view
 * already filters the grouped field, only the values it keeps.
 */
export function boardColumns(
  group: TBoardGroup,
  options: GroupOptions,
  filter: TWorkspaceFilter,
): BoardColumn[] {
  const empty = EMPTY_COLUMN[group];
  const all = [
    ...(empty === undefined ? [] : [{ value: 0, label: empty }]),
    ...options[group].map((option) => ({ value: Number(option.value), label: option.label })),
  ];
  const kept = filter[FILTER_FIELD[group]];
  return kept && kept.length > 0 ? all.filter((column) => kept.includes(column.value)) : all;
}

/** The server filter of one column: the view's filters and the column's value. */
export function columnFilter(
  group: TBoardGroup,
  filter: TWorkspaceFilter,
  value: number,
): TWorkspaceFilter {
  return { ...filter, [FILTER_FIELD[group]]: [value] };
}

/** The column an item is in. */
export function columnOf(group: TBoardGroup, item: TWorkspaceItem): number {
  switch (group) {
    case 'status':
      return item.itemStatusId;
    case 'type':
      return item.itemTypeId;
    case 'assignee':
      return item.assignee?.userId ?? 0;
    case 'release':
      return item.releaseId ?? 0;
  }
}

/** The item update that moves a card to the column of `value` (the item's ordinary edit). */
export function moveChange(group: TBoardGroup, itemId: number, value: number): TUpdateItemRequest {
  switch (group) {
    case 'status':
      return { itemId, itemStatusId: value };
    case 'type':
      return { itemId, itemTypeId: value };
    case 'assignee':
      return { itemId, assigneeUserId: value === 0 ? null : value };
    case 'release':
      return { itemId, releaseId: value === 0 ? null : value };
  }
}
