import type { TWorkspaceItem } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import {
  boardColumns,
  columnFilter,
  columnOf,
  moveChange,
  type GroupOptions,
} from './board-groups';

const OPTIONS: GroupOptions = {
  status: [
    { value: '1', label: 'Open' },
    { value: '2', label: 'Done' },
  ],
  type: [{ value: '5', label: 'Bug' }],
  assignee: [{ value: '7', label: 'Ada' }],
  release: [{ value: '9', label: 'R1' }],
};

describe('the board grouping', () => {
  it('has a column per value, with an empty column where the field may be empty', () => {
    expect(boardColumns('status', OPTIONS, {})).toEqual([
      { value: 1, label: 'Open' },
      { value: 2, label: 'Done' },
    ]);
    expect(boardColumns('assignee', OPTIONS, {}).map((column) => column.label)).toEqual([
      'Unassigned',
      'Ada',
    ]);
    expect(boardColumns('release', OPTIONS, {}).map((column) => column.value)).toEqual([0, 9]);
  });

  it("keeps only the values the view's filter keeps", () => {
    expect(boardColumns('status', OPTIONS, { itemStatusIds: [2] })).toEqual([
      { value: 2, label: 'Done' },
    ]);
    expect(boardColumns('assignee', OPTIONS, { assigneeUserIds: [0] })).toEqual([
      { value: 0, label: 'Unassigned' },
    ]);
  });

  it("asks each column for the view's items of its value", () => {
    expect(columnFilter('status', { tags: ['ui'], itemStatusIds: [1, 2] }, 2)).toEqual({
      tags: ['ui'],
      itemStatusIds: [2],
    });
    expect(columnFilter('release', {}, 0)).toEqual({ releaseIds: [0] });
  });

  it('moves a card by the item update of the grouped field; the empty column clears it', () => {
    expect(moveChange('status', 4, 2)).toEqual({ itemId: 4, itemStatusId: 2 });
    expect(moveChange('type', 4, 5)).toEqual({ itemId: 4, itemTypeId: 5 });
    expect(moveChange('assignee', 4, 0)).toEqual({ itemId: 4, assigneeUserId: null });
    expect(moveChange('release', 4, 9)).toEqual({ itemId: 4, releaseId: 9 });
  });

  it('finds the column of an item', () => {
    const item = {
      itemStatusId: 2,
      itemTypeId: 5,
      assignee: null,
      releaseId: 9,
    } as TWorkspaceItem;
    expect(columnOf('status', item)).toBe(2);
    expect(columnOf('assignee', item)).toBe(0);
    expect(columnOf('release', item)).toBe(9);
  });
});
