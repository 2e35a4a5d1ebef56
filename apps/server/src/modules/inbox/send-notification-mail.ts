import { describeInboxEntry, PORTAL_LINKS } from '@waymark/core';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { inboxEntries, users } from '../../db/schema';
import { notificationMail, type Mailer } from '../mail/index';
import { foldOverBudget } from './fold-over-budget';
import { ensureSettings } from './notification-settings';
import { toLines } from './notification-lines';
import { readEntries } from './read-entries';

/** What the notification mail jobs need. */
export type NotificationMailDeps = {
  db: DbOrTx;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  /** Immediate mails one organization may cause per UTC day; past it, the digest (decision 0137). */
  notificationsPerDay: number;
};

/** Most lines one mail lists; the rest are counted ("and 480 more"). */
const MAX_LINES = 20;

/**
 * Claims `userId`'s unmailed notifications of kind `mail` created up to `upTo` and enqueues ONE
 * mail listing those they can still see, all in one transaction: the claim is an UPDATE, so of two
 * copies running this at once the second finds nothing left (it waits for the first's row locks,
 * then re-reads `mailed_at`). A process killed mid-way rolls back: the next run sends it.
 * Returns whether a mail was enqueued.
 */
export async function mailClaimed(
  deps: NotificationMailDeps,
  input: {
    userId: number;
    mail: 'immediate' | 'digest';
    upTo: Date;
    subject: (count: number, first: string) => string;
  },
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .update(inboxEntries)
      .set({ mailedAt: input.upTo })
      .where(
        and(
          eq(inboxEntries.userId, input.userId),
          eq(inboxEntries.mail, input.mail),
          isNull(inboxEntries.mailedAt),
          lte(inboxEntries.createdAt, input.upTo),
        ),
      )
      .returning({ id: inboxEntries.id });
    if (claimed.length === 0) return false;
    const settings = await ensureSettings(tx, input.userId);
    if (settings.isEmailOff) return false;
    const claimedIds = claimed.map((row) => row.id);
    const ids =
      input.mail === 'immediate'
        ? await foldOverBudget(
            { tx, clock: deps.clock, perDay: deps.notificationsPerDay },
            claimedIds,
          )
        : claimedIds;
    if (ids.length === 0) return false;
    const entries = await readEntries(tx, {
      userId: input.userId,
      where: inArray(inboxEntries.id, ids),
      limit: ids.length,
    });
    const [first] = entries;
    if (!first) return false;
    await enqueueMail(tx, deps, {
      userId: input.userId,
      subject: input.subject(entries.length, describeInboxEntry(first)),
      entries: entries.slice(0, MAX_LINES),
      more: entries.length - MAX_LINES,
      token: settings.unsubscribeToken,
    });
    return true;
  });
}

async function enqueueMail(
  tx: DbOrTx,
  deps: NotificationMailDeps,
  input: {
    userId: number;
    subject: string;
    entries: Parameters<typeof toLines>[0];
    more: number;
    token: string;
  },
): Promise<void> {
  const [user] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) return;
  const lines = toLines(input.entries);
  if (input.more > 0)
    lines.push({ text: `…and ${input.more} more in your Waymark inbox.`, url: null });
  await deps.mailer.enqueue(
    tx,
    notificationMail({
      to: user.email,
      firstName: user.firstName,
      subject: input.subject,
      lines,
      unsubscribeUrl: `${deps.publicUrl}/api/inbox/unsubscribe?token=${input.token}`,
      preferencesUrl: `${deps.publicUrl}${PORTAL_LINKS.notificationPreferences}`,
    }),
    'organization',
  );
}

/** Users with unmailed notifications of kind `mail`, with the time of their oldest one. */
export async function usersWithUnmailed(
  db: DbOrTx,
  mail: 'immediate' | 'digest',
): Promise<{ userId: number; oldest: Date }[]> {
  const rows = await db
    .select({
      userId: inboxEntries.userId,
      oldest: sql<string>`min(${inboxEntries.createdAt})`,
    })
    .from(inboxEntries)
    .where(and(eq(inboxEntries.mail, mail), isNull(inboxEntries.mailedAt)))
    .groupBy(inboxEntries.userId);
  return rows.map((row) => ({ userId: row.userId, oldest: new Date(row.oldest) }));
}
