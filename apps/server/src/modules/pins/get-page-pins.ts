import type { TItemPin } from '@waymark/core';
import { asc, eq } from 'drizzle-orm';
import { itemPins, items } from '../../db/schema';
import type { AppDeps } from '../module';
import { selectPins, toItemPin } from './pin-queries';

/**
 * The pins of every item on a relative path (the route checked the caller may use its project).
 * Never plan-gated: pins recorded before a downgrade stay visible (spec §9 gates writes).
 */
export async function getPagePins(
  { db }: Pick<AppDeps, 'db'>,
  input: { relativePathId: number },
): Promise<TItemPin[]> {
  const rows = await selectPins(db)
    .innerJoin(items, eq(items.id, itemPins.itemId))
    .where(eq(items.relativePathId, input.relativePathId))
    .orderBy(asc(itemPins.itemId));
  return rows.map(toItemPin);
}
