import type { ZWebhookEndpointInput } from '@waymark/core';
import type { z } from 'zod';
import { webhookEndpoints } from '../../db/schema';
import { checkEndpointInput } from './check-endpoint-input';
import { toEndpointView } from './endpoint-view';
import type { IntegrationsDeps } from './integrations-deps';
import { newWebhookSecret } from './new-secret';
import type { AuditContext } from '../audit/index';
import { auditEndpoint } from './audit-endpoint';

/** An endpoint with the secret shown once (empty for Slack, which verifies nothing). */
export type EndpointWithSecret = ReturnType<typeof toEndpointView> & { secret: string };

/**
 * Adds an endpoint to the organization with a new signing secret, sealed at rest; the answer is
 * the only place the secret is shown.
 */
export async function createWebhookEndpoint(
  deps: Pick<IntegrationsDeps, 'db' | 'box' | 'allowPrivateAddresses' | 'clock'>,
  input: { orgId: number; userId: number; endpoint: z.output<typeof ZWebhookEndpointInput> },
  audit: AuditContext,
): Promise<EndpointWithSecret> {
  return deps.db.transaction(async (tx) => {
    const url = await checkEndpointInput(tx, {
      orgId: input.orgId,
      allowPrivateAddresses: deps.allowPrivateAddresses,
      endpoint: input.endpoint,
    });
    const secret = newWebhookSecret();
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        orgId: input.orgId,
        kind: input.endpoint.kind,
        url,
        events: input.endpoint.events,
        projectId: input.endpoint.projectId,
        description: input.endpoint.description,
        secretCiphertext: deps.box.seal(secret),
        createdBy: input.userId,
      })
      .returning();
    if (!row) throw new Error('Insert into webhook_endpoints returned no row');
    await auditEndpoint(tx, audit, {
      action: 'webhook.created',
      before: null,
      after: row,
      at: deps.clock.now(),
    });
    return { ...toEndpointView(row), secret: row.kind === 'slack' ? '' : secret };
  });
}
