import { and, eq } from 'drizzle-orm';
import { digestRuns } from '../../db/schema';
import { ensureSettings } from './notification-settings';
import {
  mailClaimed,
  usersWithUnmailed,
  type NotificationMailDeps,
} from './send-notification-mail';

/** The daily digest job: hourly, once per slot across copies; each user's hour is theirs. */
export const DIGEST_JOB = { name: 'inbox.digest', cron: '5 * * * *' } as const;

/** `at` in `timeZone`: the local date (YYYY-MM-DD) and hour. */
export function localTime(at: Date, timeZone: string): { date: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

/**
 * Sends the daily digest of every user with unmailed digest notifications whose local time has
 * reached their digest hour and who has not had today's: the `digest_runs` ledger row (user,
 * local date) is inserted in the same transaction as the claim and the mail, so each local day
 * has at most one digest whichever copy runs it; an empty digest is not sent.
 */
export async function sendDigests(deps: NotificationMailDeps): Promise<number> {
  const now = deps.clock.now();
  let sent = 0;
  for (const { userId } of await usersWithUnmailed(deps.db, 'digest')) {
    const settings = await ensureSettings(deps.db, userId);
    const local = localTime(now, settings.timeZone);
    if (local.hour < settings.digestHour) continue;
    const isSent = await deps.db.transaction(async (tx) => {
      const [run] = await tx
        .insert(digestRuns)
        .values({ userId, localDate: local.date, mailCount: 0 })
        .onConflictDoNothing()
        .returning({ userId: digestRuns.userId });
      if (!run) return false;
      const wasSent = await mailClaimed(
        { ...deps, db: tx },
        {
          userId,
          mail: 'digest',
          upTo: now,
          subject: (count) => `Your Waymark digest: ${count} update${count === 1 ? '' : 's'}`,
        },
      );
      if (wasSent)
        await tx
          .update(digestRuns)
          .set({ mailCount: 1 })
          .where(and(eq(digestRuns.userId, userId), eq(digestRuns.localDate, local.date)));
      return wasSent;
    });
    if (isSent) sent += 1;
  }
  return sent;
}
