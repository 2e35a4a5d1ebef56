import type { TWebhookDelivery } from '@waymark/core';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookDeliveries } from '../../db/schema';
import { toDeliveryView } from './delivery-view';
import { requireEndpoint } from './require-endpoint';

const LOG_LENGTH = 100;

/** The endpoint's latest deliveries, newest first. */
export async function getWebhookDeliveries(
  { db }: { db: Db },
  input: { orgId: number; endpointId: number },
): Promise<TWebhookDelivery[]> {
  await requireEndpoint(db, input);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, input.endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(LOG_LENGTH);
  return rows.map(toDeliveryView);
}
