/** One page of a list: its rows and the "x - y of n" range (spec §2). */
export type Page<T> = {
  /** The rows on this page. */
  rows: T[];
  /** The page shown, from 1; clamped into range when the list shrank. */
  page: number;
  /** How many pages there are (at least 1). */
  pageCount: number;
  /** spec §2: "x - y of n"; "0 - 0 of 0" for an empty list. */
  rangeLabel: string;
};

/** Cuts page `page` (from 1) of `size` rows out of `rows`. */
export function slicePage<T>(rows: readonly T[], page: number, size: number): Page<T> {
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), pageCount);
  const start = (current - 1) * size;
  const pageRows = rows.slice(start, start + size);
  const rangeLabel =
    rows.length === 0
      ? '0 - 0 of 0'
      : `${start + 1} - ${start + pageRows.length} of ${rows.length}`;
  return { rows: pageRows, page: current, pageCount, rangeLabel };
}
