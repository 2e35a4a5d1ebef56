import { NOTIFICATION_TEMPLATES } from '@waymark/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';

/**
 * Dismisses the user's unanswered invitation notification (template 4) of the organization, in
 * the caller's transaction: the invitation was accepted or withdrawn.
 */
export async function dismissInvitationNotice(
  tx: DbOrTx,
  input: { userId: number; orgId: number; at: Date },
): Promise<void> {
  await tx
    .update(notifications)
    .set({ dismissedAt: input.at })
    .where(
      and(
        eq(notifications.userId, input.userId),
        eq(notifications.orgId, input.orgId),
        eq(notifications.templateId, NOTIFICATION_TEMPLATES.orgInvitation),
        isNull(notifications.dismissedAt),
      ),
    );
}
