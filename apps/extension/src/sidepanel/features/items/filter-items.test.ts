import type { TItemSummary } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { makeItemSummary } from '../../../test/item-summary';
import { collectFilterOptions, EMPTY_FILTER, filterItems } from './filter-items';

const item = makeItemSummary;

const STORY = item({ itemId: 1, title: 'Pay by card', tags: ['Payments'] });
const BUG = item({
  itemId: 2,
  title: 'Total rounds wrong',
  itemTypeId: 3,
  itemTypeDescription: 'Bug',
  itemStatusId: 2,
  itemStatusDescription: 'In Progress',
  tags: ['money', 'urgent'],
  assignee: { userId: 9, fullName: 'Bo Chen' },
  releaseId: 4,
  releaseTitle: '2.1',
});
const ITEMS = [STORY, BUG];
const ids = (items: TItemSummary[]) => items.map((candidate) => candidate.itemId);

describe('filterItems', () => {
  it('keeps every item without a filter', () => {
    expect(ids(filterItems(ITEMS, EMPTY_FILTER))).toEqual([1, 2]);
  });

  it('searches titles and tags, ignoring case', () => {
    expect(ids(filterItems(ITEMS, { ...EMPTY_FILTER, text: 'ROUNDS' }))).toEqual([2]);
    expect(ids(filterItems(ITEMS, { ...EMPTY_FILTER, text: 'payment' }))).toEqual([1]);
    expect(ids(filterItems(ITEMS, { ...EMPTY_FILTER, text: '  ' }))).toEqual([1, 2]);
  });

  it.each([
    [{ itemTypeId: 3 }, [2]],
    [{ itemStatusId: 1 }, [1]],
    [{ tag: 'URGENT' }, [2]],
    [{ releaseId: 4 }, [2]],
    [{ assigneeUserId: 9 }, [2]],
    [{ assigneeUserId: 5 }, []],
    [{ itemTypeId: 3, itemStatusId: 1 }, []],
  ])('filters by %j', (filter, expected) => {
    expect(ids(filterItems(ITEMS, { ...EMPTY_FILTER, ...filter }))).toEqual(expected);
  });
});

describe('collectFilterOptions', () => {
  it("offers only the values the page's items have, sorted", () => {
    expect(collectFilterOptions(ITEMS)).toEqual({
      types: [
        { value: '3', label: 'Bug' },
        { value: '1', label: 'User Story' },
      ],
      statuses: [
        { value: '2', label: 'In Progress' },
        { value: '1', label: 'Open' },
      ],
      tags: [
        { value: 'money', label: 'money' },
        { value: 'Payments', label: 'Payments' },
        { value: 'urgent', label: 'urgent' },
      ],
      releases: [{ value: '4', label: '2.1' }],
      assignees: [{ value: '9', label: 'Bo Chen' }],
    });
  });
});
