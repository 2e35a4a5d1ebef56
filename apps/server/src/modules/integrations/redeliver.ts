import { AppError, type TWebhookDelivery } from '@waymark/core';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookDeliveries } from '../../db/schema';
import { toDeliveryView } from './delivery-view';
import { requireEndpoint } from './require-endpoint';

/**
 * Puts a delivery back in its lane, due now, with the same `webhook-id` and a fresh retry
 * schedule — only if it is not waiting already and its attempt count is still the one the caller
 * saw: a conditional update under the row lock, so thirty identical clicks make
 * one more attempt, and the others answer the delivery as it is.
 *
 * @throws {AppError} NOT_FOUND for a delivery of another endpoint or organization.
 */
export async function redeliverWebhook(
  { db }: { db: Db },
  input: { orgId: number; endpointId: number; deliveryId: number; attempts: number },
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
        failures: 0,
        nextAttemptAt: null,
        claimToken: null,
        claimedUntil: null,
      })
      .where(
        and(
          inLog,
          ne(webhookDeliveries.status, 'pending'),
          eq(webhookDeliveries.attempts, input.attempts),
        ),
      );
    const [row] = await tx.select().from(webhookDeliveries).where(inLog);
    if (!row) throw new AppError('NOT_FOUND', 'Delivery not found.');
    return toDeliveryView(row);
  });
}
