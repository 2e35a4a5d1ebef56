// spec §4 Data field panels, §5: the rows of an editable list (statuses, item types, releases,
// associated domains, URL paths) and what saving them sends. Pure, so every rule is unit-tested.

/** One editable row: a saved value (`id`) or a new one (`id` null), with the text it was loaded with. */
export type EditableRow = {
  /** Stable React key; new rows get `new-N`. */
  key: string;
  /** The saved value's id; null for a row added since the last load. */
  id: number | null;
  /** The text in the box. */
  text: string;
  /** The text as loaded; "" for a new row. */
  original: string;
};

/** What a save sends: rows to create and saved rows whose text changed. */
export type SavePlan = {
  /** Rows without an id, with their trimmed text. */
  creates: { key: string; text: string }[];
  /** Rows with an id whose trimmed text differs from the loaded text. */
  updates: { key: string; id: number; text: string }[];
};

let nextKey = 0;

/** Rows for values as loaded from the server. */
export function toRows(values: readonly { id: number; text: string }[]): EditableRow[] {
  return values.map(({ id, text }) => ({ key: `saved-${id}`, id, text, original: text }));
}

/** `rows` with an empty new row at the end (Add New). */
export function addRow(rows: readonly EditableRow[]): EditableRow[] {
  nextKey += 1;
  return [...rows, { key: `new-${nextKey}`, id: null, text: '', original: '' }];
}

/** `rows` with the text of row `key` replaced. */
export function changeRow(rows: readonly EditableRow[], key: string, text: string): EditableRow[] {
  return rows.map((row) => (row.key === key ? { ...row, text } : row));
}

/** `rows` without row `key`. */
export function removeRow(rows: readonly EditableRow[], key: string): EditableRow[] {
  return rows.filter((row) => row.key !== key);
}

function isChanged(row: EditableRow): boolean {
  return row.text.trim() !== row.original.trim();
}

/** spec §4: a panel is "changed" (Save enabled) once a row was added or a saved row edited. */
export function isDirty(rows: readonly EditableRow[]): boolean {
  return rows.some((row) => row.id === null || isChanged(row));
}

/**
 * spec §4: rows without an id are created; rows with an id whose text differs from the loaded
 * text are updated; nothing else is sent. With `skipBlank` (spec §5 associated sites) rows that
 * are blank after trimming are left out instead of being refused.
 */
export function planSave(
  rows: readonly EditableRow[],
  { skipBlank = false }: { skipBlank?: boolean } = {},
): SavePlan {
  const plan: SavePlan = { creates: [], updates: [] };
  for (const row of rows) {
    const text = row.text.trim();
    if (skipBlank && !text) continue;
    if (row.id === null) plan.creates.push({ key: row.key, text });
    else if (isChanged(row)) plan.updates.push({ key: row.key, id: row.id, text });
  }
  return plan;
}

/** Message for a row whose name another row of the same list has already (case-insensitive). */
export const DUPLICATE_ROW_MESSAGE = 'This name is already in the list.';

/**
 * The field errors of the rows a save would send, by row key: `checkText` judges one text
 * (e.g. blank or too long), and a name another row has too (ignoring case) is refused unless
 * `allowDuplicates` (URL paths: renaming onto an existing path merges them), so nothing is sent
 * while any error remains.
 */
export function validateRows(
  rows: readonly EditableRow[],
  checkText: (text: string) => string | null,
  { allowDuplicates = false }: { allowDuplicates?: boolean } = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  const counts = new Map<string, number>();
  for (const row of rows) {
    const name = row.text.trim().toLowerCase();
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  for (const row of rows) {
    if (row.id !== null && !isChanged(row)) continue;
    const problem = checkText(row.text);
    if (problem) errors[row.key] = problem;
    else if (!allowDuplicates && (counts.get(row.text.trim().toLowerCase()) ?? 0) > 1)
      errors[row.key] = DUPLICATE_ROW_MESSAGE;
  }
  return errors;
}

/**
 * The rows after a save some of whose calls failed: the reloaded values, with the typed text
 * of every failed row put back (a failed update on its saved row, a failed create at the end),
 * so nothing the admin typed is lost and Save stays enabled for it.
 */
export function keepFailedRows(
  reloaded: readonly EditableRow[],
  typed: readonly EditableRow[],
  failedKeys: { has: (key: string) => boolean },
): EditableRow[] {
  const failed = typed.filter((row) => failedKeys.has(row.key));
  const next = reloaded.map((row) => {
    const typedRow = failed.find((candidate) => candidate.id === row.id);
    return typedRow ? { ...row, text: typedRow.text } : row;
  });
  return [...next, ...failed.filter((row) => row.id === null)];
}
