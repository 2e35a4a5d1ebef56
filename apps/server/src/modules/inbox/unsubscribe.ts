import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationSettings } from '../../db/schema';

/** What the unsubscribe link answers, whether or not the token named someone (it reveals nothing). */
export const UNSUBSCRIBED_MESSAGE =
  'You will no longer receive Waymark notification e-mails. You can turn them back on in your notification preferences.';

/**
 * RFC 8058 one-click unsubscribe: turns every notification e-mail of the token's user off,
 * including ones queued and not yet sent (the mail jobs read the switch when they send).
 * Idempotent; an unknown token answers the same.
 */
export async function unsubscribe({ db }: { db: Db }, input: { token: string }): Promise<string> {
  await db
    .update(notificationSettings)
    .set({ isEmailOff: true })
    .where(eq(notificationSettings.unsubscribeToken, input.token));
  return UNSUBSCRIBED_MESSAGE;
}
