import { ADMIN_ACCESS_LEVEL_ID } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orgMembers, users } from '../../db/schema';
import { queueNotification } from './queue-notification';

/** An active administrator of an organization, as a notice addresses them. */
export type OrgAdmin = { userId: number; email: string; firstName: string };

/**
 * Tells every active admin of the organization about an event, in the caller's transaction (so
 * the notice exists exactly when the event committed): a portal notification (spec §4
 * Notifications) and the e-mail `mail` enqueues for each of them through the caller's outbox.
 */
export async function notifyOrgAdmins(
  tx: DbOrTx,
  input: {
    orgId: number;
    templateId: number;
    descriptionHtml: string;
    mail: (admin: OrgAdmin) => Promise<void>;
  },
): Promise<void> {
  const admins = await tx
    .select({ userId: users.id, email: users.email, firstName: users.firstName })
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .where(
      and(
        eq(orgMembers.orgId, input.orgId),
        eq(orgMembers.accessLevelId, ADMIN_ACCESS_LEVEL_ID),
        eq(orgMembers.status, 'Active'),
      ),
    );
  for (const admin of admins) {
    await queueNotification(
      { db: tx },
      {
        userId: admin.userId,
        orgId: input.orgId,
        templateId: input.templateId,
        descriptionHtml: input.descriptionHtml,
      },
    );
    await input.mail(admin);
  }
}
