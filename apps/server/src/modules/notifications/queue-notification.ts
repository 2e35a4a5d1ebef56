import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { sanitizeNotificationHtml } from './sanitize-notification-html';

/** A database handle or an open transaction. */
type DbOrTx = Pick<Db, 'insert'>;

/** Input of {@link queueNotification}. */
export type QueueNotificationInput = {
  /** The recipient. */
  userId: number;
  /** The organization it concerns (notificationOrgId). */
  orgId: number;
  /** A value of NOTIFICATION_TEMPLATES (@waymark/core). */
  templateId: number;
  /** HTML shown in the notification dialog; sanitised before it is stored. */
  descriptionHtml: string;
};

/**
 * Queues a notification for one user; the portal shows it until it is dismissed (spec §4).
 * Pass the transaction of the write it belongs to.
 */
export async function queueNotification(
  { db }: { db: DbOrTx },
  input: QueueNotificationInput,
): Promise<number> {
  const [row] = await db
    .insert(notifications)
    .values({
      userId: input.userId,
      orgId: input.orgId,
      templateId: input.templateId,
      descriptionHtml: sanitizeNotificationHtml(input.descriptionHtml),
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error('Insert into notifications returned no row');
  return row.id;
}
