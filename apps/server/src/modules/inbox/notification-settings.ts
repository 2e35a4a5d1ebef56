import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationSettings } from '../../db/schema';

/** A user's settings row as stored. */
export type SettingsRow = typeof notificationSettings.$inferSelect;

/**
 * The settings row of `userId`, created with defaults (and a fresh unsubscribe secret) the first
 * time; concurrent first calls create one row.
 */
export async function ensureSettings(db: DbOrTx, userId: number): Promise<SettingsRow> {
  await db
    .insert(notificationSettings)
    .values({ userId, unsubscribeToken: randomBytes(24).toString('base64url') })
    .onConflictDoNothing({ target: notificationSettings.userId });
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  if (!row) throw new Error('Notification settings vanished after insert');
  return row;
}
