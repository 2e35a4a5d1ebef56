import { ADMIN_ACCESS_LEVEL_ID, escapeHtml, NOTIFICATION_TEMPLATES } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orgMembers, users } from '../../db/schema';
import { webhookDisabledMail } from '../mail/index';
import { queueNotification } from '../notifications/index';
import type { IntegrationsDeps } from './integrations-deps';

/**
 * Tells every active admin of the organization that an endpoint was disabled, in the
 * transaction that disables it: a portal notification and an e-mail through the outbox.
 */
export async function notifyEndpointDisabled(
  tx: DbOrTx,
  deps: Pick<IntegrationsDeps, 'mailer' | 'publicUrl'>,
  input: { orgId: number; url: string; reason: string },
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
  const html = `<p>Waymark stopped sending events to ${escapeHtml(input.url)}.</p><p>${escapeHtml(input.reason)}</p><p>Enable it again on the Integrations screen once the receiver works.</p>`;
  for (const admin of admins) {
    await queueNotification(
      { db: tx },
      {
        userId: admin.userId,
        orgId: input.orgId,
        templateId: NOTIFICATION_TEMPLATES.info,
        descriptionHtml: html,
      },
    );
    await deps.mailer.enqueue(
      tx,
      webhookDisabledMail({
        to: admin.email,
        firstName: admin.firstName || 'there',
        endpointUrl: input.url,
        reason: input.reason,
        integrationsUrl: `${deps.publicUrl}/client/app/integrations`,
      }),
    );
  }
}
