import { ADMIN_ACCESS_LEVEL_ID } from '@waymark/core';
import type { DbOrTx } from '../../db/client';
import { licenses, orgMembers } from '../../db/schema';

/**
 * Makes the creator of a new organization its first member: an Active admin holding its first
 * licence, in the caller's transaction (organizations' createOrg).
 */
export async function addFounder(
  tx: DbOrTx,
  input: { orgId: number; userId: number },
): Promise<void> {
  await tx.insert(orgMembers).values({
    orgId: input.orgId,
    userId: input.userId,
    accessLevelId: ADMIN_ACCESS_LEVEL_ID,
    status: 'Active',
  });
  await tx.insert(licenses).values({ orgId: input.orgId, userId: input.userId });
}
