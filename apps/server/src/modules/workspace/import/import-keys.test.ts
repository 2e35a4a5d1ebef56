import { describe, expect, it } from 'vitest';
import { exportedItemId, importKeysOf } from './import-keys';

describe('import keys', () => {
  it('keys a row by its external id, refusing the same id twice in one file', () => {
    const keys = importKeysOf([
      { row: 2, cells: { externalId: 'A-1', title: 'x' } },
      { row: 3, cells: { externalId: 'A-1', title: 'y' } },
    ]);
    expect(keys).toEqual([
      { key: 'ext:A-1' },
      { error: 'The external id "A-1" is also on row 2.' },
    ]);
  });

  it('keys rows without an id by content and occurrence, the same for the same file', () => {
    const rows = [
      { row: 2, cells: { title: 'Same', url: '/a' } },
      { row: 3, cells: { title: 'Same', url: '/a' } },
      { row: 4, cells: { title: 'Other', url: '/a' } },
    ];
    const first = importKeysOf(rows);
    expect(importKeysOf(rows)).toEqual(first);
    const [a, b, c] = first.map((key) => ('key' in key ? key.key : ''));
    expect(a).toMatch(/^row:.+#1$/);
    expect(b).toBe(a?.replace(/#1$/, '#2'));
    expect(c).not.toBe(a);
  });

  it("reads the export's own ids and nothing else", () => {
    expect(exportedItemId('waymark-42')).toBe(42);
    expect(exportedItemId('waymark-99999999999')).toBeNull();
    expect(exportedItemId('WAYMARK-1x')).toBeNull();
    expect(exportedItemId(undefined)).toBeNull();
  });
});
