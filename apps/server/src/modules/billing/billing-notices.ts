import { escapeHtml } from '@waymark/core';
import type { DbOrTx } from '../../db/client';
import { billingNoticeMail, type Mailer } from '../mail/index';
import { notifyOrgAdmins } from '../notifications/index';

/**
 * Tells every active admin of the organization about a billing event, in the transaction that
 * records it: a portal notification (spec §4 Notifications) and an e-mail through the outbox.
 */
export async function notifyAdmins(
  tx: DbOrTx,
  deps: { mailer: Mailer; publicUrl: string },
  input: { orgId: number; templateId: number; subject: string; paragraphs: string[] },
): Promise<void> {
  await notifyOrgAdmins(tx, {
    orgId: input.orgId,
    templateId: input.templateId,
    descriptionHtml: input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
    mail: (admin) =>
      deps.mailer.enqueue(
        tx,
        billingNoticeMail({
          to: admin.email,
          firstName: admin.firstName || 'there',
          subject: input.subject,
          paragraphs: input.paragraphs,
          accountUrl: `${deps.publicUrl}/client/app/account`,
        }),
        'organization',
      ),
  });
}
