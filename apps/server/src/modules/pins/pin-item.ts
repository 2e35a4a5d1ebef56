import { formatPinLabel, type TItemPin, type TPinItemRequest } from '@waymark/core';
import { eq } from 'drizzle-orm';
import { itemPins } from '../../db/schema';
import type { ProjectScope } from '../access/index';
import { assertFeature } from '../entitlements/index';
import { assertItemExists } from '../items/index';
import type { AppDeps } from '../module';
import { recordPinChange, selectPins, toItemPin } from './pin-queries';

/**
 * Pins an item to an element of its page, or re-pins it. The plan gate (spec §9: location pins on
 * Standard, Pro and the trial) is checked in the writing transaction, so a downgrade cannot slip
 * between check and write. The item row is locked first: two re-pins of one item serialise and
 * each history entry names the pin it replaced. An item gone is NOT_FOUND.
 */
export async function pinItem(
  { db }: Pick<AppDeps, 'db'>,
  scope: ProjectScope,
  input: TPinItemRequest & { userId: number },
): Promise<TItemPin> {
  return db.transaction(async (tx) => {
    await assertFeature(tx, scope.orgId, 'locationPins');
    await assertItemExists(tx, input.itemId, { lock: 'update' });
    const [previous] = await tx
      .select({ label: itemPins.label })
      .from(itemPins)
      .where(eq(itemPins.itemId, input.itemId));
    const values = {
      selectors: input.selectors,
      label: input.label,
      pinnedBy: input.userId,
      pinnedAt: new Date(),
    };
    await tx
      .insert(itemPins)
      .values({ itemId: input.itemId, ...values })
      .onConflictDoUpdate({ target: itemPins.itemId, set: values });
    await recordPinChange(tx, {
      itemId: input.itemId,
      userId: input.userId,
      before: previous ? formatPinLabel(previous.label) : null,
      after: formatPinLabel(input.label),
    });
    const [row] = await selectPins(tx).where(eq(itemPins.itemId, input.itemId));
    if (!row) throw new Error('Pin vanished inside its own transaction');
    return toItemPin(row);
  });
}
