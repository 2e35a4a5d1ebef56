import { createHash } from 'node:crypto';
import { IMPORT_COLUMNS } from './import-columns';
import type { ImportRow } from './read-import-csv';

/** A row's idempotency key, or why the row cannot have one. */
export type RowKey = { key: string } | { error: string };

/**
 * The key that recognises each row on a re-run (docs/decisions.md 0039):
 * `ext:<external id>` when the row has one; otherwise `row:<sha256 of its cells>#<n>`, n counting
 * identical rows within the file, so the same file imported twice gives the same keys while two
 * identical rows in one file are still two items. An external id given twice in one file refuses
 * the later row.
 */
export function importKeysOf(rows: readonly ImportRow[]): RowKey[] {
  const firstRowOf = new Map<string, number>();
  const seenContent = new Map<string, number>();
  return rows.map(({ row, cells }) => {
    const externalId = cells.externalId ?? '';
    if (externalId) {
      const key = `ext:${externalId}`;
      const first = firstRowOf.get(key);
      if (first !== undefined)
        return { error: `The external id "${externalId}" is also on row ${first}.` };
      firstRowOf.set(key, row);
      return { key };
    }
    const content = createHash('sha256')
      .update(JSON.stringify(IMPORT_COLUMNS.map((column) => cells[column] ?? null)))
      .digest('base64url');
    const occurrence = (seenContent.get(content) ?? 0) + 1;
    seenContent.set(content, occurrence);
    return { key: `row:${content}#${occurrence}` };
  });
}

const EXPORTED_ID = /^waymark-(\d{1,10})$/;

/** The item id of an external id the export wrote (`waymark-<id>`), else null. */
export function exportedItemId(externalId: string | undefined): number | null {
  const match = EXPORTED_ID.exec(externalId ?? '');
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
