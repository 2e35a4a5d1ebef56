import { describe, expect, it } from 'vitest';
import {
  addRow,
  changeRow,
  DUPLICATE_ROW_MESSAGE,
  isDirty,
  keepFailedRows,
  planSave,
  removeRow,
  toRows,
  validateRows,
} from './editable-rows';

const loaded = () =>
  toRows([
    { id: 1, text: 'Open' },
    { id: 2, text: 'Closed' },
  ]);
const notBlank = (text: string) => (text.trim() ? null : 'Enter a name.');

describe('editable rows (spec §4 Data field panels)', () => {
  it('is unchanged as loaded, changed after an edit or an added row, unchanged again after undoing', () => {
    const rows = loaded();
    expect(isDirty(rows)).toBe(false);
    expect(isDirty(changeRow(rows, 'saved-1', 'Opened'))).toBe(true);
    expect(isDirty(changeRow(changeRow(rows, 'saved-1', 'x'), 'saved-1', 'Open'))).toBe(false);
    const added = addRow(rows);
    expect(isDirty(added)).toBe(true);
    expect(isDirty(removeRow(added, added[2]!.key))).toBe(false);
  });

  it('creates rows without an id and updates only saved rows whose text changed', () => {
    let rows = addRow(changeRow(loaded(), 'saved-2', ' Done '));
    rows = changeRow(rows, rows[2]!.key, '  Blocked ');
    expect(planSave(rows)).toEqual({
      creates: [{ key: rows[2]!.key, text: 'Blocked' }],
      updates: [{ key: 'saved-2', id: 2, text: 'Done' }],
    });
  });

  it('does not send a saved row whose text only gained spaces', () => {
    expect(planSave(changeRow(loaded(), 'saved-1', ' Open '))).toEqual({
      creates: [],
      updates: [],
    });
  });

  it('skips blank rows when asked (spec §5 associated sites)', () => {
    const rows = addRow(changeRow(loaded(), 'saved-1', '   '));
    expect(planSave(rows, { skipBlank: true })).toEqual({ creates: [], updates: [] });
  });

  it('refuses a blank name and a name the list has already, ignoring case', () => {
    let rows = addRow(addRow(loaded()));
    rows = changeRow(rows, rows[3]!.key, 'OPEN');
    expect(validateRows(rows, notBlank)).toEqual({
      [rows[2]!.key]: 'Enter a name.',
      [rows[3]!.key]: DUPLICATE_ROW_MESSAGE,
    });
  });

  it('lets a row take a name the list has when duplicates are allowed (a path merge)', () => {
    expect(
      validateRows(changeRow(loaded(), 'saved-2', 'open'), notBlank, { allowDuplicates: true }),
    ).toEqual({});
  });

  it('leaves untouched saved rows alone', () => {
    expect(validateRows(loaded(), () => 'always wrong')).toEqual({});
  });
});

describe('keepFailedRows', () => {
  it('puts the typed text of failed rows back onto the reloaded rows', () => {
    let typed = addRow(
      addRow(changeRow(changeRow(loaded(), 'saved-1', 'Opened'), 'saved-2', 'Shut')),
    );
    typed = changeRow(changeRow(typed, typed[2]!.key, 'Saved new'), typed[3]!.key, 'Failed new');
    const reloaded = toRows([
      { id: 1, text: 'Opened' },
      { id: 2, text: 'Closed' },
      { id: 3, text: 'Saved new' },
    ]);
    const rows = keepFailedRows(reloaded, typed, new Set(['saved-2', typed[3]!.key]));
    expect(rows.map((row) => [row.id, row.text, row.original])).toEqual([
      [1, 'Opened', 'Opened'],
      [2, 'Shut', 'Closed'],
      [3, 'Saved new', 'Saved new'],
      [null, 'Failed new', ''],
    ]);
    expect(isDirty(rows)).toBe(true);
  });
});
