import type { TImportItemsResult } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { rowsToShow, rowsToWrite, summarizeImport } from './import-summary';

const result = (dryRun: boolean): TImportItemsResult => ({
  dryRun,
  created: 2,
  updated: 0,
  unchanged: 1,
  refused: 1,
  rows: [
    { row: 2, action: 'create', itemId: null, title: 'A', errors: [] },
    { row: 3, action: 'unchanged', itemId: 7, title: 'B', errors: [] },
    { row: 4, action: 'refused', itemId: null, title: 'C', errors: ['"X" is not a status.'] },
    { row: 5, action: 'create', itemId: null, title: 'D', errors: [] },
  ],
});

describe('import summary', () => {
  it('says what a dry run would do and what an import did, leaving out zeros', () => {
    expect(summarizeImport(result(true))).toBe(
      '2 to create, 1 unchanged, 1 with problems (skipped)',
    );
    expect(summarizeImport(result(false))).toBe('2 created, 1 unchanged, 1 skipped');
    expect(summarizeImport({ ...result(true), created: 0, unchanged: 0, refused: 0 })).toBe(
      'The file has no rows.',
    );
    expect(rowsToWrite(result(true))).toBe(2);
  });

  it('shows rows with problems first, only those on request, and at most the limit', () => {
    expect(rowsToShow(result(true), false, 10).rows.map((row) => row.row)).toEqual([4, 2, 3, 5]);
    expect(rowsToShow(result(true), true, 10).rows.map((row) => row.row)).toEqual([4]);
    expect(rowsToShow(result(true), false, 2)).toMatchObject({ hidden: 2 });
  });
});
