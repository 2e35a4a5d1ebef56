import { ADMIN_ACCESS_LEVEL_ID, escapeHtml } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orgMembers, users } from '../../db/schema';
import { billingNoticeMail, type Mailer } from '../mail/index';
import { queueNotification } from '../notifications/index';

/**
 * Tells every active admin of the organization about a billing event, in the transaction that
 * records it: a portal notification (spec §4 Notifications) and an e-mail through the outbox.
 */
export async function notifyAdmins(
  tx: DbOrTx,
  deps: { mailer: Mailer; publicUrl: string },
  input: { orgId: number; templateId: number; subject: string; paragraphs: string[] },
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
  const html = input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  for (const admin of admins) {
    await queueNotification(
      { db: tx },
      {
        userId: admin.userId,
        orgId: input.orgId,
        templateId: input.templateId,
        descriptionHtml: html,
      },
    );
    await deps.mailer.enqueue(
      tx,
      billingNoticeMail({
        to: admin.email,
        firstName: admin.firstName || 'there',
        subject: input.subject,
        paragraphs: input.paragraphs,
        accountUrl: `${deps.publicUrl}/client/app/account`,
      }),
    );
  }
}
