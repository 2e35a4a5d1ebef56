import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, type FilterOptions } from '../filter-items';
import { activeFilterChips, clearChipFilters, removeFilter } from './active-filters';

const OPTIONS: FilterOptions = {
  types: [{ value: '3', label: 'Bug' }],
  statuses: [{ value: '7', label: 'In Progress' }],
  tags: [{ value: 'urgent', label: 'urgent' }],
  releases: [{ value: '4', label: '2.1' }],
  assignees: [{ value: '9', label: 'Ada Admin' }],
};

describe('activeFilterChips', () => {
  it('shows no chip without filters, even with search text', () => {
    expect(activeFilterChips({ ...EMPTY_FILTER, text: 'card' }, OPTIONS)).toEqual([]);
  });

  it('names each set filter with its choice, in the menu order', () => {
    const filter = {
      ...EMPTY_FILTER,
      assigneeUserId: 9,
      itemStatusId: 7,
      tag: 'urgent',
      releaseId: 4,
      itemTypeId: 3,
    };
    expect(activeFilterChips(filter, OPTIONS).map((chip) => chip.label)).toEqual([
      'Type: Bug',
      'Status: In Progress',
      'Tag: urgent',
      'Release: 2.1',
      'Assignee: Ada Admin',
    ]);
  });

  it('keeps a chip for a value that is no longer among the choices', () => {
    expect(activeFilterChips({ ...EMPTY_FILTER, itemStatusId: 99 }, OPTIONS)).toEqual([
      { field: 'itemStatusId', label: 'Status: 99' },
    ]);
  });
});

describe('removeFilter and clearChipFilters', () => {
  it('remove one filter, or all but the search text', () => {
    const filter = { ...EMPTY_FILTER, text: 'card', itemStatusId: 7, tag: 'urgent' };
    expect(removeFilter(filter, 'tag')).toEqual({ ...filter, tag: null });
    expect(clearChipFilters(filter)).toEqual({ ...EMPTY_FILTER, text: 'card' });
  });
});
