import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { trackerConnections, trackerLinks, trackerStateMap } from '../../../db/schema';
import { setItemStatus } from '../../items/index';
import { issueColumns } from './issue-columns';
import type { TrackerIssue } from './tracker-adapter';

/**
 * Applies what a tracker says of an issue (a webhook or a reconciliation poll) to the item linked
 * to it through `connectionId`, in the caller's transaction: the link shows the new state and
 * assignee, and a change of state sets the mapped status (closing there closes the item here,
 * reopening reopens). News older than what was applied (`updatedAt`) changes nothing, so a late
 * poll never undoes a webhook. Answers whether a link was updated.
 */
export async function applyTrackerIssue(
  tx: DbOrTx,
  input: { connectionId: number; issue: TrackerIssue; now: Date },
): Promise<boolean> {
  const [link] = await tx
    .select()
    .from(trackerLinks)
    .where(
      and(
        eq(trackerLinks.connectionId, input.connectionId),
        eq(trackerLinks.issueKey, input.issue.key),
      ),
    )
    .for('update');
  if (!link) return false;
  if (link.issueUpdatedAt && input.issue.updatedAt < link.issueUpdatedAt) return false;
  await tx
    .update(trackerLinks)
    .set(issueColumns(input.issue, input.now))
    .where(eq(trackerLinks.id, link.id));
  if (link.state === input.issue.state) return true;
  const [mapped] = await tx
    .select({ itemStatusId: trackerStateMap.itemStatusId })
    .from(trackerStateMap)
    .innerJoin(trackerConnections, eq(trackerConnections.orgId, trackerStateMap.orgId))
    .where(
      and(
        eq(trackerConnections.id, input.connectionId),
        eq(trackerStateMap.trackerState, input.issue.state),
      ),
    );
  if (mapped?.itemStatusId)
    await setItemStatus(tx, {
      itemId: link.itemId,
      itemStatusId: mapped.itemStatusId,
      userId: null,
    });
  return true;
}
