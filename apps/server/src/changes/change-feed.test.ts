import { describe, expect, it } from 'vitest';
import { foldChanges, runningOf } from './change-feed';

describe('foldChanges', () => {
  it('keeps each table and key once, in the order first announced, and drops malformed rows', () => {
    expect(
      foldChanges([
        ['items', '7'],
        ['item_tags', '7'],
        ['items', '7'],
        ['items', ''],
        ['Items', '1'],
        ['items', 'x'],
        ['items', '8'],
      ]),
    ).toEqual([
      { table: 'items', key: 7 },
      { table: 'item_tags', key: 7 },
      { table: 'items', key: null },
      { table: 'items', key: 8 },
    ]);
  });
});

describe('runningOf', () => {
  it('lists the transactions a snapshot saw running', () => {
    expect(runningOf('100:105:100,102,104')).toEqual(['100', '102', '104']);
    expect(runningOf('100:100:')).toEqual([]);
  });
});
