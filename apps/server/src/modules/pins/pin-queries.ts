import { PIN_HISTORY_FIELD, type TItemPin } from '@waymark/core';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { itemPins, users } from '../../db/schema';
import { fullNameOf, recordItemChange } from '../items/index';

/** The columns a pin is answered with (picked, never the whole row). */
export function selectPins(db: DbOrTx) {
  return db
    .select({
      itemId: itemPins.itemId,
      selectors: itemPins.selectors,
      label: itemPins.label,
      pinnedBy: sql<string>`coalesce(${fullNameOf(users)}, '')`,
      pinnedAt: itemPins.pinnedAt,
    })
    .from(itemPins)
    .leftJoin(users, eq(users.id, itemPins.pinnedBy))
    .$dynamic();
}

/** A pin row as selected by {@link selectPins}. */
export type PinRow = Awaited<ReturnType<typeof selectPins>>[number];

/** The API shape of a pin row. */
export function toItemPin(row: PinRow): TItemPin {
  return { ...row, pinnedAt: row.pinnedAt.toISOString() };
}

/**
 * Records a pin (`after` only), re-pin (both) or unpin (`before` only) in the item's history and
 * marks the item changed, in the caller's transaction (spec §1 history of who modified it).
 */
export async function recordPinChange(
  tx: DbOrTx,
  input: { itemId: number; userId: number; before: string | null; after: string | null },
): Promise<void> {
  await recordItemChange(tx, { ...input, field: PIN_HISTORY_FIELD });
}
