import { AppError, NOTIFICATION_TEMPLATES } from '@waymark/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, orgMembers } from '../../db/schema';

/** spec §8: the accept-access success toast. */
export const ACCESS_ACCEPTED = 'Access accepted successfully.';

/**
 * Accepts the user's invitation to an organization (spec §6: done through a notification):
 * the Pending membership turns Active and the template-4 invitation is dismissed, in one
 * transaction. No pending invitation, or an unknown organization, is NOT_FOUND.
 */
export async function acceptOrgAccess(
  { db, clock }: { db: Db; clock: { now: () => Date } },
  input: { userId: number; orgId: number },
): Promise<string> {
  return db.transaction(async (tx) => {
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
    if (accepted.length === 0)
      throw new AppError('NOT_FOUND', 'There is no pending invitation to this organization.');
    await tx
      .update(notifications)
      .set({ dismissedAt: clock.now() })
      .where(
        and(
          eq(notifications.userId, input.userId),
          eq(notifications.orgId, input.orgId),
          eq(notifications.templateId, NOTIFICATION_TEMPLATES.orgInvitation),
          isNull(notifications.dismissedAt),
        ),
      );
    return ACCESS_ACCEPTED;
  });
}
