import {
  AppError,
  type TImportAction,
  type TImportItemsResult,
  type TImportRowResult,
} from '@waymark/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { allowLongStatements, type Db, type DbOrTx } from '../../../db/client';
import { itemImportKeys, items } from '../../../db/schema';
import type { ProjectScope } from '../../access/index';
import {
  applyItemUpdate,
  checkMentions,
  insertItems,
  type CreateItemInput,
} from '../../items/index';
import {
  isUnchanged,
  keepStoredMentions,
  readCurrentFields,
  type CurrentFields,
} from './current-fields';
import { exportedItemId, importKeysOf, type RowKey } from './import-keys';
import { loadImportContext } from './load-import-context';
import { readImportCsv, type ImportRow } from './read-import-csv';
import { resolveImportRow, type ImportContext, type ImportFields } from './resolve-import-row';

/** Input of {@link importItems}. */
export type ImportItemsInput = {
  /** The CSV file's text. */
  csv: string;
  /** Answer what would happen and change nothing. */
  dryRun: boolean;
  /** The caller: author of the created items and of every history entry. */
  userId: number;
};

/** Answered when another import (or dry run) of the same project holds the project's lock. */
export const IMPORT_RUNNING_MESSAGE =
  'Another import into this project is running. Try again when it has finished.';

const COUNTERS = {
  create: 'created',
  update: 'updated',
  unchanged: 'unchanged',
  refused: 'refused',
} as const;

// Thrown out of the transaction to roll a dry run back after it has done everything for real.
class DryRunDone extends Error {
  constructor(readonly result: TImportItemsResult) {
    super('dry run rolled back');
  }
}

/**
 * Imports a CSV file's rows as items of the project (issue 28). One transaction holding the
 * project's import lock (a second import meanwhile is refused with CONFLICT, so 30 identical
 * imports cannot race); each row is created, updated (its key is known: docs/decisions.md
 * 0039) or refused with the reasons, and refused rows do not stop the others.
 * A dry run does exactly the same work and then rolls it back, so what it answers is what the
 * import will do. A client that goes away mid-import leaves all or nothing.
 */
export async function importItems(
  { db }: { db: Db },
  scope: ProjectScope,
  input: ImportItemsInput,
): Promise<TImportItemsResult> {
  const file = await readImportCsv(input.csv);
  const keys = importKeysOf(file.rows);
  try {
    return await db.transaction(async (tx) => {
      // A whole file's rows in one transaction: long by design (decision 0135).
      await allowLongStatements(tx);
      await lockProjectImports(tx, scope.projectId);
      const context = await loadImportContext(tx, scope);
      const known = await findKnownItems(tx, scope.projectId, file.rows, keys);
      const current = await readCurrentFields(tx, scope.projectId, [...known.values()]);
      const rows: TImportRowResult[] = [];
      const creates: { index: number; key: string; item: Omit<CreateItemInput, 'userId'> }[] = [];
      for (const [index, row] of file.rows.entries()) {
        const key = keys[index] ?? { error: 'No key.' };
        const planned = await importRow(tx, scope, { row, key, known, current, context, input });
        if ('item' in planned) creates.push({ index, key: planned.key, item: planned.item });
        rows.push(planned.result);
      }
      const ids = await insertItems(
        tx,
        scope,
        creates.map(({ item }) => ({ ...item, userId: input.userId })),
      );
      const newKeys = creates.map(({ index, key }, n) => {
        const itemId = ids[n] ?? 0;
        const result = rows[index];
        if (result) result.itemId = itemId;
        return { projectId: scope.projectId, importKey: key, itemId };
      });
      for (let start = 0; start < newKeys.length; start += 1_000)
        await tx.insert(itemImportKeys).values(newKeys.slice(start, start + 1_000));
      const result = countOutcomes(input.dryRun, rows);
      if (input.dryRun) throw new DryRunDone(hideDryRunIds(result));
      return result;
    });
  } catch (error) {
    if (error instanceof DryRunDone) return error.result;
    throw error;
  }
}

function countOutcomes(dryRun: boolean, rows: TImportRowResult[]): TImportItemsResult {
  const result: TImportItemsResult = {
    dryRun,
    ...{ created: 0, updated: 0, unchanged: 0, refused: 0 },
    rows,
  };
  for (const row of rows) result[COUNTERS[row.action]] += 1;
  return result;
}

async function lockProjectImports(tx: DbOrTx, projectId: number): Promise<void> {
  const { rows } = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(hashtext('waymark.item-import'), ${projectId}) as locked`,
  );
  if (!rows[0]?.locked) throw new AppError('CONFLICT', IMPORT_RUNNING_MESSAGE);
}

/** Item ids by row key: rows imported before, and `waymark-<id>` ids of this project's items. */
async function findKnownItems(
  tx: DbOrTx,
  projectId: number,
  rows: readonly ImportRow[],
  keys: readonly RowKey[],
): Promise<Map<string, number>> {
  const known = new Map<string, number>();
  const keyList = keys.flatMap((key) => ('key' in key ? [key.key] : []));
  for (let start = 0; start < keyList.length; start += 1_000) {
    const found = await tx
      .select({ key: itemImportKeys.importKey, itemId: itemImportKeys.itemId })
      .from(itemImportKeys)
      .where(
        and(
          eq(itemImportKeys.projectId, projectId),
          inArray(itemImportKeys.importKey, keyList.slice(start, start + 1_000)),
        ),
      );
    for (const { key, itemId } of found) known.set(key, itemId);
  }
  const exported = rows.flatMap((row) => {
    const itemId = exportedItemId(row.cells.externalId);
    return itemId === null ? [] : [itemId];
  });
  for (let start = 0; start < exported.length; start += 1_000) {
    const found = await tx
      .select({ id: items.id })
      .from(items)
      .where(
        and(
          eq(items.projectId, projectId),
          inArray(items.id, exported.slice(start, start + 1_000)),
        ),
      );
    for (const { id } of found) known.set(`ext:waymark-${id}`, id);
  }
  return known;
}

type RowInput = {
  row: ImportRow;
  key: RowKey;
  known: Map<string, number>;
  current: Map<number, CurrentFields>;
  context: ImportContext;
  input: ImportItemsInput;
};

/** A row's outcome; a row to create also carries the item, written with the others at the end. */
type PlannedRow =
  | { result: TImportRowResult }
  | { result: TImportRowResult; key: string; item: Omit<CreateItemInput, 'userId'> };

async function importRow(
  tx: DbOrTx,
  scope: ProjectScope,
  { row, key, known, current, context, input }: RowInput,
): Promise<PlannedRow> {
  const outcome = (action: TImportAction, itemId: number | null, errors: string[] = []) => ({
    result: { row: row.row, action, itemId, title: row.cells.title ?? '', errors },
  });
  if ('error' in key) return outcome('refused', null, [key.error]);
  const resolved = resolveImportRow(row.cells, context);
  if (!('fields' in resolved)) return outcome('refused', null, resolved.errors);
  const existing = known.get(key.key);
  const fields =
    existing === undefined
      ? resolved.fields
      : keepStoredMentions(resolved.fields, current.get(existing));
  const mentionError = await mentionRefusal(tx, scope, fields.descriptionHtml);
  if (mentionError) return outcome('refused', existing ?? null, [mentionError]);
  if (existing !== undefined) {
    if (isUnchanged(fields, current.get(existing))) return outcome('unchanged', existing);
    // The page of an existing item is not moved by an import: it stays where it was recorded.
    const { relativePath: _page, ...change } = fields;
    const changed = await applyItemUpdate(tx, scope, {
      ...change,
      itemId: existing,
      userId: input.userId,
    });
    return outcome(changed ? 'update' : 'unchanged', existing);
  }
  const created = toNewItem(fields, context);
  if ('errors' in created) return outcome('refused', null, created.errors);
  return { ...outcome('create', null), key: key.key, item: created.item };
}

// Mention tokens in a file are checked like the panel's (members of this organization, at most
// 20, none inside markup); a bad one refuses its row, not the whole file.
async function mentionRefusal(
  tx: DbOrTx,
  scope: ProjectScope,
  descriptionHtml: string | undefined,
): Promise<string | null> {
  if (descriptionHtml === undefined) return null;
  try {
    await checkMentions(tx, scope, descriptionHtml);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

/** A new item's fields: the page is required, an empty type or status is the organization's first. */
function toNewItem(
  fields: ImportFields,
  context: ImportContext,
): { item: Omit<CreateItemInput, 'userId'> } | { errors: string[] } {
  const errors: string[] = [];
  if (fields.relativePath === undefined) errors.push("Give the page's URL or path (url column).");
  const itemTypeId = fields.itemTypeId ?? context.types.values().next().value;
  const itemStatusId = fields.itemStatusId ?? context.statuses.values().next().value;
  if (itemTypeId === undefined) errors.push('This organization has no item types.');
  if (itemStatusId === undefined) errors.push('This organization has no statuses.');
  if (errors.length > 0 || fields.relativePath === undefined || !itemTypeId || !itemStatusId)
    return { errors };
  return {
    item: {
      relativePath: fields.relativePath,
      itemTypeId,
      itemStatusId,
      title: fields.title,
      descriptionHtml: fields.descriptionHtml ?? '',
      tags: fields.tags ?? [],
      assigneeUserId: fields.assigneeUserId ?? null,
      releaseId: fields.releaseId ?? null,
      externalUrls: [],
    },
  };
}

// A dry run's new items were rolled back: their ids would point at nothing.
function hideDryRunIds(result: TImportItemsResult): TImportItemsResult {
  return {
    ...result,
    rows: result.rows.map((row) => (row.action === 'create' ? { ...row, itemId: null } : row)),
  };
}
