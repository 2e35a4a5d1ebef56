import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { pruneLiveEvents } from './live-event-queries';

/** The hourly job that keeps the events table bounded (docs/live-updates.md, retention). */
export const PRUNE_LIVE_EVENTS_JOB = { name: 'live.prune', cron: '41 * * * *' } as const;

/** Deletes events older than the retention; a resume point before them gets `resync`. */
export async function pruneOldLiveEvents(
  deps: { db: Db; clock: Clock },
  retentionHours: number,
): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - retentionHours * 3_600_000);
  return pruneLiveEvents(deps.db, before);
}
