import { eq } from 'drizzle-orm';
import { trackerLinks } from '../../../db/schema';
import type { TrackerDeps } from './tracker-deps';

/**
 * Removes the item's link (or a creation still waiting: it is cancelled). The issue stays in the
 * tracker. Answers the same text whether or not there was a link, so a repeated click is calm.
 */
export async function unlinkTrackerIssue(
  deps: Pick<TrackerDeps, 'db'>,
  input: { itemId: number },
): Promise<string> {
  await deps.db.delete(trackerLinks).where(eq(trackerLinks.itemId, input.itemId));
  return 'The issue is no longer linked.';
}
