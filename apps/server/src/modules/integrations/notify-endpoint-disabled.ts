import { escapeHtml, NOTIFICATION_TEMPLATES } from '@waymark/core';
import type { DbOrTx } from '../../db/client';
import { webhookDisabledMail } from '../mail/index';
import { notifyOrgAdmins } from '../notifications/index';
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
  await notifyOrgAdmins(tx, {
    orgId: input.orgId,
    templateId: NOTIFICATION_TEMPLATES.info,
    descriptionHtml: `<p>Waymark stopped sending events to ${escapeHtml(input.url)}.</p><p>${escapeHtml(input.reason)}</p><p>Enable it again on the Integrations screen once the receiver works.</p>`,
    mail: (admin) =>
      deps.mailer.enqueue(
        tx,
        webhookDisabledMail({
          to: admin.email,
          firstName: admin.firstName || 'there',
          endpointUrl: input.url,
          reason: input.reason,
          integrationsUrl: `${deps.publicUrl}/client/app/integrations`,
        }),
        'organization',
      ),
  });
}
