import type { TItemTracker, TTrackerVendor } from '@waymark/core';
import { asc, eq } from 'drizzle-orm';
import { trackerConnections } from '../../../db/schema';
import { readOfItem } from '../../items/index';
import { readLinkView } from './link-view';
import type { TrackerDeps } from './tracker-deps';

/**
 * The trackers the item's organization connected and the item's issue, if any; NOT_FOUND once
 * the item is gone.
 */
export async function getItemTracker(
  deps: Pick<TrackerDeps, 'db'>,
  input: { orgId: number; itemId: number },
): Promise<TItemTracker> {
  return readOfItem(deps.db, input.itemId, () => readItemTracker(deps, input));
}

async function readItemTracker(
  deps: Pick<TrackerDeps, 'db'>,
  input: { orgId: number; itemId: number },
): Promise<TItemTracker> {
  const connections = await deps.db
    .select({
      connectionId: trackerConnections.id,
      vendor: trackerConnections.vendor,
      target: trackerConnections.target,
    })
    .from(trackerConnections)
    .where(eq(trackerConnections.orgId, input.orgId))
    .orderBy(asc(trackerConnections.id));
  return {
    connections: connections.map((row) => ({ ...row, vendor: row.vendor as TTrackerVendor })),
    link: await readLinkView(deps.db, input.itemId),
  };
}
