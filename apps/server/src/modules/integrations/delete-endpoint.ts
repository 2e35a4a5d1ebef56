import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookEndpoints } from '../../db/schema';
import { requireEndpoint } from './require-endpoint';

/** Removes an endpoint; its deliveries go with it (foreign key cascade). */
export async function deleteWebhookEndpoint(
  { db }: { db: Db },
  input: { orgId: number; endpointId: number },
): Promise<string> {
  await db.transaction(async (tx) => {
    await requireEndpoint(tx, { ...input, forUpdate: true });
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, input.endpointId));
  });
  return 'Webhook endpoint deleted';
}
