import { eq } from 'drizzle-orm';
import { trackerLinks } from '../../../db/schema';
import { assertItemExists } from '../../items/index';
import type { TrackerDeps } from './tracker-deps';

/**
 * Removes the item's link (or a creation still waiting: it is cancelled). The issue stays in the
 * tracker. Answers the same text whether or not there was a link, so a repeated click is calm;
 * an item gone is NOT_FOUND.
 */
export async function unlinkTrackerIssue(
  deps: Pick<TrackerDeps, 'db'>,
  input: { itemId: number },
): Promise<string> {
  const removed = await deps.db
    .delete(trackerLinks)
    .where(eq(trackerLinks.itemId, input.itemId))
    .returning({ id: trackerLinks.id });
  if (removed.length === 0) await assertItemExists(deps.db, input.itemId);
  return 'The issue is no longer linked.';
}
