import type { TWebhookEndpoint } from '@waymark/core';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookEndpoints } from '../../db/schema';
import { toEndpointView } from './endpoint-view';

/** The organization's endpoints, newest first, without their secrets. */
export async function getWebhookEndpoints(
  { db }: { db: Db },
  input: { orgId: number },
): Promise<TWebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.orgId, input.orgId))
    .orderBy(desc(webhookEndpoints.id));
  return rows.map(toEndpointView);
}
