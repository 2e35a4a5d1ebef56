import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orgMembers } from '../../db/schema';

/**
 * Turns the user's Pending membership of the organization Active, in the caller's transaction;
 * false when there was no pending invitation.
 */
export async function activateMembership(
  tx: DbOrTx,
  input: { userId: number; orgId: number },
): Promise<boolean> {
  const accepted = await tx
    .update(orgMembers)
    .set({ status: 'Active' })
    .where(
      and(
        eq(orgMembers.orgId, input.orgId),
        eq(orgMembers.userId, input.userId),
        eq(orgMembers.status, 'Pending'),
      ),
    )
    .returning({ orgId: orgMembers.orgId });
  return accepted.length > 0;
}
