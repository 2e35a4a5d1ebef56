import { AppError, formatCount, type TDataFieldUsage } from '@waymark/core';
import { and, count, eq, ne } from 'drizzle-orm';
import { allowLongStatements, type Db, type DbOrTx } from '../../db/client';
import { items } from '../../db/schema';
import { recordAudit, type AuditContext } from '../audit/index';
import { reassignItems } from '../items/index';
import {
  DATA_FIELD_FIELDS,
  DATA_FIELD_IN_USE,
  INVALID_REPLACEMENT,
  type DataField,
} from './save-data-fields';

/** Answered by a delete: the spec's stock text, plus where the items went when some moved. */
export const DELETED_MESSAGE = 'Deleted successfully';

/** How many items use the status or item type `id` (shown before it is deleted, issue 11). */
export async function getDataFieldUsage(
  { db }: { db: Db },
  field: DataField,
  input: { id: number },
): Promise<TDataFieldUsage> {
  return { itemCount: await countItemsUsing(db, field, input.id) };
}

async function countItemsUsing(db: DbOrTx, field: DataField, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(items)
    .where(eq(DATA_FIELD_FIELDS[field].column, id));
  return row?.n ?? 0;
}

/** Input of {@link deleteDataField}. */
export type DeleteDataFieldInput = {
  /** The value to delete (its organization is checked by the route's rule). */
  id: number;
  /** The value the items get instead; needed only while items use `id`. */
  replaceWith?: number | undefined;
  /** The caller, recorded in the moved items' history. */
  userId: number;
  /** Who is asking, from where: the audit row is written in the deletion's transaction. */
  audit: AuditContext;
  /** When. */
  at: Date;
};

/**
 * spec §7 deleteOrgStatus / deleteOrgItemType. Items still using the value move to `replaceWith`
 * (another value of the same organization), each with a history entry, and the value is deleted,
 * in one transaction; without a replacement a value in use is a CONFLICT, so no item is silently
 * left without a status or type (issue 11).
 */
export async function deleteDataField(
  { db }: { db: Db },
  field: DataField,
  input: DeleteDataFieldInput,
): Promise<string> {
  const { table, itemKey, historyField } = DATA_FIELD_FIELDS[field];
  return db.transaction(async (tx) => {
    // Its items move, each with a history entry: 100,000 took 17.9 s (decision 0141).
    await allowLongStatements(tx);
    const [value] = await tx
      .select({ orgId: table.orgId, description: table.description })
      .from(table)
      .where(eq(table.id, input.id))
      .for('update');
    if (!value) return DELETED_MESSAGE;
    const used = await countItemsUsing(tx, field, input.id);
    // A refusal below (in use, bad replacement) rolls this row back with the rest.
    await recordAudit(tx, input.audit, {
      orgId: value.orgId,
      action: 'data_field.deleted',
      target: {
        type: field === 'status' ? 'status' : 'item_type',
        id: input.id,
        label: value.description,
      },
      before: { name: value.description, itemsUsing: used },
      after: input.replaceWith === undefined ? null : { itemsMovedTo: input.replaceWith },
      at: input.at,
    });
    if (used === 0) {
      await tx.delete(table).where(eq(table.id, input.id));
      return DELETED_MESSAGE;
    }
    if (input.replaceWith === undefined) throw new AppError('CONFLICT', DATA_FIELD_IN_USE);
    const [replacement] = await tx
      .select({ id: table.id, description: table.description })
      .from(table)
      .where(
        and(eq(table.id, input.replaceWith), eq(table.orgId, value.orgId), ne(table.id, input.id)),
      )
      .for('update');
    if (!replacement) throw new AppError('BAD_REQUEST', INVALID_REPLACEMENT);
    await reassignItems(tx, {
      column: itemKey,
      from: input.id,
      to: replacement.id,
      userId: input.userId,
      field: historyField,
      before: value.description,
      after: replacement.description,
    });
    await tx.delete(table).where(eq(table.id, input.id));
    return `${DELETED_MESSAGE}. ${formatCount(used, 'item')} now ${used === 1 ? 'uses' : 'use'} ${replacement.description}.`;
  });
}
