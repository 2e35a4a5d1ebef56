import { describe, expect, it } from 'vitest';
import { slicePage } from './paging';

describe('slicePage (spec §2: 3 per page, "x - y of n")', () => {
  const rows = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

  it('cuts pages of the given size and labels their range', () => {
    expect(slicePage(rows, 1, 3)).toEqual({
      rows: ['a', 'b', 'c'],
      page: 1,
      pageCount: 3,
      rangeLabel: '1 - 3 of 7',
    });
    expect(slicePage(rows, 3, 3).rows).toEqual(['g']);
    expect(slicePage(rows, 3, 3).rangeLabel).toBe('7 - 7 of 7');
  });

  it('clamps a page past the end (after a delete) to the last page', () => {
    expect(slicePage(['a', 'b'], 4, 3)).toMatchObject({ page: 1, rangeLabel: '1 - 2 of 2' });
  });

  it('labels an empty list 0 - 0 of 0', () => {
    expect(slicePage([], 1, 5)).toEqual({
      rows: [],
      page: 1,
      pageCount: 1,
      rangeLabel: '0 - 0 of 0',
    });
  });
});
