import { AppError, SAVED_MESSAGE } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { itemStatuses, items, itemTypes } from '../../db/schema';
import { assertFeature } from '../entitlements/index';
import { isUniqueViolation } from '../../db/constraint-violation';

/** Answered for a status or item type id that is not the organization's. */
export const DATA_FIELD_NOT_FOUND = 'This value was not found in the organization.';
/** Answered when a status or item type of that name exists already. */
export const DUPLICATE_DATA_FIELD = 'A value with this name exists already.';
/** Answered when deleting a status or item type that items still use, without a replacement. */
export const DATA_FIELD_IN_USE =
  'Items still use this value. Choose the value they get instead, then delete it.';
/** Answered when the replacement is the deleted value itself or not one of the organization's. */
export const INVALID_REPLACEMENT = 'Choose another value of this organization for the items.';

/** Where each kind of data field lives and how items refer to it. */
export const DATA_FIELD_FIELDS = {
  status: {
    table: itemStatuses,
    column: items.itemStatusId,
    itemKey: 'itemStatusId',
    feature: 'customStatuses',
    historyField: 'itemStatus',
    unique: 'item_statuses_org_id_description_key',
  },
  itemType: {
    table: itemTypes,
    column: items.itemTypeId,
    itemKey: 'itemTypeId',
    feature: 'customItemTypes',
    historyField: 'itemType',
    unique: 'item_types_org_id_description_key',
  },
} as const;

/** A status or an item type: both are organization-owned names (spec §3). */
export type DataField = keyof typeof DATA_FIELD_FIELDS;

/**
 * spec §7 saveOrgStatus / saveOrgItemType: creates (no id) or renames a status or item type of
 * the organization, on plans with custom statuses / item types (spec §9: Standard and up).
 */
export async function saveDataField(
  { db }: { db: DbOrTx },
  field: DataField,
  input: { orgId: number; name: string; id?: number | null | undefined },
): Promise<string> {
  const { table, feature, unique } = DATA_FIELD_FIELDS[field];
  try {
    await db.transaction(async (tx) => {
      await assertFeature(tx, input.orgId, feature);
      if (input.id == null) {
        await tx.insert(table).values({ orgId: input.orgId, description: input.name });
        return;
      }
      const updated = await tx
        .update(table)
        .set({ description: input.name })
        .where(and(eq(table.id, input.id), eq(table.orgId, input.orgId)))
        .returning({ id: table.id });
      if (updated.length === 0) throw new AppError('NOT_FOUND', DATA_FIELD_NOT_FOUND);
    });
  } catch (error) {
    if (isUniqueViolation(error, unique)) throw new AppError('CONFLICT', DUPLICATE_DATA_FIELD);
    throw error;
  }
  return SAVED_MESSAGE;
}
