import type { TWebhookDelivery, TWebhookEvent } from '@waymark/core';
import type { webhookDeliveries } from '../../db/schema';

/** A row of webhook_deliveries. */
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The fields of a delivery the log shows (not its payload or claim). */
export function toDeliveryView(row: DeliveryRow): TWebhookDelivery {
  return {
    deliveryId: row.id,
    messageId: row.messageId,
    eventType: row.eventType as TWebhookEvent,
    itemId: row.itemId,
    status: row.status as TWebhookDelivery['status'],
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    responseStatus: row.responseStatus,
    responseExcerpt: row.responseExcerpt,
  };
}
