import type { TWebhookEndpoint } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { toEndpointView } from './endpoint-view';
import type { IntegrationsDeps } from './integrations-deps';
import { requireEndpoint } from './require-endpoint';
import type { AuditContext } from '../audit/index';
import { auditEndpoint } from './audit-endpoint';

/**
 * Turns an endpoint off, or on again: enabling forgets its run of failures and makes its waiting
 * deliveries due now, in their order.
 */
export async function setWebhookEndpointEnabled(
  { db, clock }: Pick<IntegrationsDeps, 'db' | 'clock'>,
  input: { orgId: number; endpointId: number; isEnabled: boolean },
  audit: AuditContext,
): Promise<TWebhookEndpoint> {
  return db.transaction(async (tx) => {
    const before = await requireEndpoint(tx, { ...input, forUpdate: true });
    const [row] = await tx
      .update(webhookEndpoints)
      .set(
        input.isEnabled
          ? { isEnabled: true, disabledReason: null, failingSince: null }
          : { isEnabled: false, disabledReason: 'Disabled by an admin.' },
      )
      .where(eq(webhookEndpoints.id, input.endpointId))
      .returning();
    if (!row) throw new Error('Update of webhook_endpoints returned no row');
    if (before.isEnabled !== row.isEnabled)
      await auditEndpoint(tx, audit, {
        action: 'webhook.updated',
        before,
        after: row,
        at: clock.now(),
      });
    if (input.isEnabled)
      await tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: null })
        .where(
          and(
            eq(webhookDeliveries.endpointId, input.endpointId),
            eq(webhookDeliveries.status, 'pending'),
          ),
        );
    return toEndpointView(row);
  });
}
