import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { trackerConnections, trackerDeliveries, trackerLinks } from '../../../db/schema';
import { applyTrackerIssue } from './apply-issue';
import { adapterOf } from './connection-rows';
import { claimStaleLink, createReservedIssue, recordCreatedIssue } from './create-issue';
import type { TrackerDeps } from './tracker-deps';

/** A linked issue is asked for again when it was last heard of this long ago. */
export const RECONCILE_AFTER_MS = 10 * 60_000;
/** Issues asked for per run: spreads a large backlog over runs, within vendors' rate limits. */
const POLL_BATCH = 200;
/** Delivery ids kept against replays. */
const DELIVERY_KEPT_MS = 7 * 24 * 3600_000;

/** What one run did, for tests and the log. */
export type ReconcileResult = { recovered: number; polled: number; failed: number };

/**
 * The reconciliation job (issue 30; pg-boss cron, one run per slot across copies):
 * 1. recovers creations whose claim ran out — the issue carrying the link's marker is recorded if
 *    the tracker has it, otherwise it is created now (exactly one issue either way);
 * 2. asks the tracker for linked issues not heard of for {@link RECONCILE_AFTER_MS} and applies
 *    them like a webhook (a missed delivery still closes the item);
 * 3. forgets delivery ids older than a week.
 * A tracker that fails is logged (without its token) and tried again on the next run.
 */
export async function reconcileTrackers(
  deps: TrackerDeps,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<ReconcileResult> {
  const result: ReconcileResult = { recovered: 0, polled: 0, failed: 0 };
  const now = deps.clock.now();
  const stale = await deps.db
    .select({ link: trackerLinks, connection: trackerConnections })
    .from(trackerLinks)
    .innerJoin(trackerConnections, eq(trackerConnections.id, trackerLinks.connectionId))
    .where(and(eq(trackerLinks.status, 'creating'), lt(trackerLinks.claimedUntil, now)))
    .orderBy(asc(trackerLinks.id));
  for (const { link, connection } of stale) {
    const claimed = await claimStaleLink(deps, link.id);
    if (!claimed) continue;
    try {
      const since = new Date(claimed.createdAt.getTime() - 60_000);
      const found = await adapterOf(deps, connection).findIssueByMarker(claimed.marker, since);
      if (found) await recordCreatedIssue(deps, claimed, found);
      else await createReservedIssue(deps, connection, claimed);
      result.recovered += 1;
    } catch (error) {
      result.failed += 1;
      log.warn({ linkId: link.id, reason: messageOf(error) }, 'tracker issue creation failed');
    }
  }
  const due = await deps.db
    .select({ link: trackerLinks, connection: trackerConnections })
    .from(trackerLinks)
    .innerJoin(trackerConnections, eq(trackerConnections.id, trackerLinks.connectionId))
    .where(
      and(
        eq(trackerLinks.status, 'linked'),
        or(
          isNull(trackerLinks.syncedAt),
          lt(trackerLinks.syncedAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
        ),
      ),
    )
    .orderBy(asc(trackerLinks.syncedAt))
    .limit(POLL_BATCH);
  for (const { link, connection } of due) {
    try {
      const issue = await adapterOf(deps, connection).getIssue(link.issueRef ?? '');
      if (!issue) {
        // Deleted or moved away: checked, so it does not hold the front of the queue every run.
        await deps.db
          .update(trackerLinks)
          .set({ syncedAt: deps.clock.now() })
          .where(eq(trackerLinks.id, link.id));
        continue;
      }
      await deps.db.transaction((tx) =>
        applyTrackerIssue(tx, { connectionId: connection.id, issue, now: deps.clock.now() }),
      );
      result.polled += 1;
    } catch (error) {
      result.failed += 1;
      log.warn({ linkId: link.id, reason: messageOf(error) }, 'tracker issue poll failed');
    }
  }
  await deps.db
    .delete(trackerDeliveries)
    .where(lt(trackerDeliveries.receivedAt, new Date(now.getTime() - DELIVERY_KEPT_MS)));
  return result;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
