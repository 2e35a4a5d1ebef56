import type { TNotification } from '@waymark/core';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { sanitizeNotificationHtml } from './sanitize-notification-html';

/** The caller's notifications not yet dismissed, oldest first (spec §4: shown one at a time). */
export async function getSiteNotifications(
  { db }: { db: Db },
  input: { userId: number },
): Promise<TNotification[]> {
  const rows = await db
    .select({
      notificationInfoId: notifications.id,
      notificationTemplateId: notifications.templateId,
      notificationDescription: notifications.descriptionHtml,
      notificationOrgId: notifications.orgId,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, input.userId), isNull(notifications.dismissedAt)))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
  // Sanitised again on the way out: rows written by anything but queueNotification stay safe.
  return rows.map((row) => ({
    ...row,
    notificationDescription: sanitizeNotificationHtml(row.notificationDescription),
  }));
}
