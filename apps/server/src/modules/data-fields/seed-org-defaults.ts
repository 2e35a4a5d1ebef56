import type { DbOrTx } from '../../db/client';
import { itemStatuses, itemTypes } from '../../db/schema';

/** spec §1: the item types every organization starts with. */
export const DEFAULT_ITEM_TYPES = [
  'User Story',
  'Requirement',
  'Bug',
  'Technical Info',
  'Process',
] as const;

/** spec §1: the statuses every organization starts with. */
export const DEFAULT_STATUSES = ['Open', 'In Progress', 'Closed'] as const;

/**
 * Gives an organization the default item types and statuses (spec §1). Idempotent: a default
 * that already exists is left alone, so it is safe on every organization creation and as a data
 * step for organizations created before items existed.
 *
 * @param tx the transaction creating the organization (or any db handle).
 * @param orgId the organization.
 */
export async function seedOrgDefaults(tx: DbOrTx, orgId: number): Promise<void> {
  await tx
    .insert(itemTypes)
    .values(DEFAULT_ITEM_TYPES.map((description) => ({ orgId, description })))
    .onConflictDoNothing();
  await tx
    .insert(itemStatuses)
    .values(DEFAULT_STATUSES.map((description) => ({ orgId, description })))
    .onConflictDoNothing();
}
