import type { TWebhookEndpoint, ZWebhookEndpointInput } from '@waymark/core';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { webhookEndpoints } from '../../db/schema';
import { checkEndpointInput } from './check-endpoint-input';
import { toEndpointView } from './endpoint-view';
import type { IntegrationsDeps } from './integrations-deps';
import { requireEndpoint } from './require-endpoint';
import type { AuditContext } from '../audit/index';
import { auditEndpoint } from './audit-endpoint';

/** Changes an endpoint's URL, kind, events, project filter or description; its secret stays. */
export async function updateWebhookEndpoint(
  deps: Pick<IntegrationsDeps, 'db' | 'allowPrivateAddresses' | 'clock'>,
  input: { orgId: number; endpointId: number; endpoint: z.output<typeof ZWebhookEndpointInput> },
  audit: AuditContext,
): Promise<TWebhookEndpoint> {
  return deps.db.transaction(async (tx) => {
    const before = await requireEndpoint(tx, { ...input, forUpdate: true });
    const url = await checkEndpointInput(tx, {
      orgId: input.orgId,
      allowPrivateAddresses: deps.allowPrivateAddresses,
      endpoint: input.endpoint,
    });
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        url,
        kind: input.endpoint.kind,
        events: input.endpoint.events,
        projectId: input.endpoint.projectId,
        description: input.endpoint.description,
      })
      .where(eq(webhookEndpoints.id, input.endpointId))
      .returning();
    if (!row) throw new Error('Update of webhook_endpoints returned no row');
    await auditEndpoint(tx, audit, {
      action: 'webhook.updated',
      before,
      after: row,
      at: deps.clock.now(),
    });
    return toEndpointView(row);
  });
}
