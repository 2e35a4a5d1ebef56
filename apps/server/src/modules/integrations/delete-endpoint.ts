import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import { allowLongStatements, type Db } from '../../db/client';
import { webhookEndpoints } from '../../db/schema';
import { requireEndpoint } from './require-endpoint';
import type { AuditContext } from '../audit/index';
import { auditEndpoint } from './audit-endpoint';

/**
 * Removes an endpoint; its deliveries go with it (foreign key cascade), however many a failing
 * endpoint piled up: under the long statement limit (decision 0145).
 */
export async function deleteWebhookEndpoint(
  { db, clock }: { db: Db; clock: Clock },
  input: { orgId: number; endpointId: number },
  audit: AuditContext,
): Promise<string> {
  await db.transaction(async (tx) => {
    await allowLongStatements(tx);
    const before = await requireEndpoint(tx, { ...input, forUpdate: true });
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, input.endpointId));
    await auditEndpoint(tx, audit, {
      action: 'webhook.deleted',
      before,
      after: null,
      at: clock.now(),
    });
  });
  return 'Webhook endpoint deleted';
}
