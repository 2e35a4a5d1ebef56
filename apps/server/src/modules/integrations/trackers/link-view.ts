import type { TTrackerLink, TTrackerState, TTrackerVendor } from '@waymark/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { trackerConnections, trackerLinks } from '../../../db/schema';

/** A row of tracker_links. */
export type LinkRow = typeof trackerLinks.$inferSelect;

/** The fields of a link the API shows. */
export function toLinkView(row: LinkRow, vendor: string): TTrackerLink {
  return {
    connectionId: row.connectionId,
    vendor: vendor as TTrackerVendor,
    status: row.status as TTrackerLink['status'],
    issueKey: row.issueLabel,
    url: row.url,
    state: row.state as TTrackerState | null,
    stateLabel: row.stateLabel,
    assignee: row.assignee,
    syncedAt: row.syncedAt?.toISOString() ?? null,
  };
}

/** The item's link as the API shows it, or null. */
export async function readLinkView(tx: DbOrTx, itemId: number): Promise<TTrackerLink | null> {
  const [row] = await tx
    .select({ link: trackerLinks, vendor: trackerConnections.vendor })
    .from(trackerLinks)
    .innerJoin(trackerConnections, eq(trackerConnections.id, trackerLinks.connectionId))
    .where(eq(trackerLinks.itemId, itemId));
  return row ? toLinkView(row.link, row.vendor) : null;
}
