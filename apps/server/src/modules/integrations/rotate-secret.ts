import { AppError, WEBHOOK_SECRET_ROTATED } from '@waymark/core';
import { eq } from 'drizzle-orm';
import { webhookEndpoints } from '../../db/schema';
import type { EndpointWithSecret } from './create-endpoint';
import { toEndpointView } from './endpoint-view';
import type { IntegrationsDeps } from './integrations-deps';
import { newWebhookSecret } from './new-secret';
import { requireEndpoint } from './require-endpoint';
import type { AuditContext } from '../audit/index';
import { auditEndpoint } from './audit-endpoint';

/** How long the replaced secret keeps signing, so receivers can switch without losing events. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Replaces the endpoint's secret if it is still at `secretVersion` (compare-and-set under the
 * row lock): of many identical clicks one rotates, the others get 409 and no other secret exists.
 * The replaced secret keeps signing for {@link PREVIOUS_SECRET_GRACE_MS}.
 *
 * @throws {AppError} NOT_FOUND; CONFLICT when the secret is no longer at `secretVersion`.
 */
export async function rotateWebhookSecret(
  deps: Pick<IntegrationsDeps, 'db' | 'box' | 'clock'>,
  input: { orgId: number; endpointId: number; secretVersion: number },
  audit: AuditContext,
): Promise<EndpointWithSecret> {
  return deps.db.transaction(async (tx) => {
    const endpoint = await requireEndpoint(tx, { ...input, forUpdate: true });
    if (endpoint.secretVersion !== input.secretVersion)
      throw new AppError('CONFLICT', WEBHOOK_SECRET_ROTATED);
    const secret = newWebhookSecret();
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        secretCiphertext: deps.box.seal(secret),
        secretVersion: endpoint.secretVersion + 1,
        previousSecretCiphertext: endpoint.secretCiphertext,
        previousSecretUntil: new Date(deps.clock.now().getTime() + PREVIOUS_SECRET_GRACE_MS),
      })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning();
    if (!row) throw new Error('Update of webhook_endpoints returned no row');
    await auditEndpoint(tx, audit, {
      action: 'webhook.secret_rotated',
      before: null,
      after: row,
      at: deps.clock.now(),
    });
    return { ...toEndpointView(row), secret: row.kind === 'slack' ? '' : secret };
  });
}
