import { AppError, type TWebhookDelivery } from '@waymark/core';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookDeliveries } from '../../db/schema';
import { toDeliveryView } from './delivery-view';
import { requireEndpoint } from './require-endpoint';

/**
 * Puts a delivery back in its lane, due now, with the same `webhook-id` and a fresh retry schedule. Only a delivery that is
 * not already waiting changes (a conditional update under the row lock), so thirty concurrent
 * clicks make one more attempt.
 *
 * @throws {AppError} NOT_FOUND for a delivery of another endpoint or organization.
 */
export async function redeliverWebhook(
  { db }: { db: Db },
  input: { orgId: number; endpointId: number; deliveryId: number },
): Promise<TWebhookDelivery> {
  return db.transaction(async (tx) => {
    await requireEndpoint(tx, input);
    const inLog = and(
      eq(webhookDeliveries.id, input.deliveryId),
      eq(webhookDeliveries.endpointId, input.endpointId),
    );
    await tx
      .update(webhookDeliveries)
      .set({
        status: 'pending',
        attempts: 0,
        nextAttemptAt: null,
        claimToken: null,
        claimedUntil: null,
      })
      .where(and(inLog, ne(webhookDeliveries.status, 'pending')));
    const [row] = await tx.select().from(webhookDeliveries).where(inLog);
    if (!row) throw new AppError('NOT_FOUND', 'Delivery not found.');
    return toDeliveryView(row);
  });
}
