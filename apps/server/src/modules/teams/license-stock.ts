import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { licenses } from '../../db/schema';

/** Adds `count` (at least 1) unassigned licences to the organization, in the caller's transaction. */
export async function addLicenses(
  tx: DbOrTx,
  input: { orgId: number; count: number },
): Promise<void> {
  await tx
    .insert(licenses)
    .values(Array.from({ length: input.count }, () => ({ orgId: input.orgId })));
}

/**
 * Removes up to `count` of the organization's unassigned licences, in the caller's transaction;
 * the caller has checked that enough are free.
 */
export async function removeUnassignedLicenses(
  tx: DbOrTx,
  input: { orgId: number; count: number },
): Promise<void> {
  const free = tx
    .select({ id: licenses.id })
    .from(licenses)
    .where(and(eq(licenses.orgId, input.orgId), isNull(licenses.userId)))
    .limit(input.count);
  await tx.delete(licenses).where(inArray(licenses.id, free));
}
