import {
  mailClaimed,
  usersWithUnmailed,
  type NotificationMailDeps,
} from './send-notification-mail';

/** The job that sends mentions and assignments, batched: every minute, once across copies. */
export const IMMEDIATE_MAIL_JOB = { name: 'inbox.mailImmediate', cron: '* * * * *' } as const;

/**
 * How long a user's first unmailed mention or assignment waits before its mail goes out, so a
 * burst (ten notes, 500 mentions in a minute) becomes one mail (docs/notifications.md).
 */
export const BATCH_WINDOW_MS = 60_000;

/**
 * Sends one mail to every user whose oldest unmailed immediate notification is at least
 * {@link BATCH_WINDOW_MS} old, listing all of them. Returns how many mails were enqueued.
 */
export async function sendImmediateMail(deps: NotificationMailDeps): Promise<number> {
  const now = deps.clock.now();
  let sent = 0;
  for (const { userId, oldest } of await usersWithUnmailed(deps.db, 'immediate')) {
    if (now.getTime() - oldest.getTime() < BATCH_WINDOW_MS) continue;
    const isSent = await mailClaimed(deps, {
      userId,
      mail: 'immediate',
      upTo: now,
      subject: (count, first) => (count === 1 ? first : `${count} new notifications on Waymark`),
    });
    if (isSent) sent += 1;
  }
  return sent;
}
