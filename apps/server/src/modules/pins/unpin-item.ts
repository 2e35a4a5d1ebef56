import { AppError, formatPinLabel } from '@waymark/core';
import { eq } from 'drizzle-orm';
import { itemPins } from '../../db/schema';
import type { AppDeps } from '../module';
import { recordPinChange } from './pin-queries';

/** Answered when unpinning an item that has no pin. */
export const PIN_NOT_FOUND = 'This item has no pin.';

/** Removes an item's pin, with a history entry. Never plan-gated: a downgraded team may tidy up. */
export async function unpinItem(
  { db }: Pick<AppDeps, 'db'>,
  input: { itemId: number; userId: number },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(itemPins)
      .where(eq(itemPins.itemId, input.itemId))
      .returning({ label: itemPins.label });
    if (!removed) throw new AppError('NOT_FOUND', PIN_NOT_FOUND);
    await recordPinChange(tx, { ...input, before: formatPinLabel(removed.label), after: null });
    return 'Pin removed successfully';
  });
}
