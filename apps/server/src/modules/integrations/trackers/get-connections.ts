import type { TTrackerConnection } from '@waymark/core';
import { desc, eq } from 'drizzle-orm';
import { trackerConnections } from '../../../db/schema';
import { toConnectionView } from './connection-rows';
import type { TrackerDeps } from './tracker-deps';

/** The organization's connected trackers, newest first. */
export async function getTrackerConnections(
  deps: Pick<TrackerDeps, 'db' | 'publicUrl'>,
  input: { orgId: number },
): Promise<TTrackerConnection[]> {
  const rows = await deps.db
    .select()
    .from(trackerConnections)
    .where(eq(trackerConnections.orgId, input.orgId))
    .orderBy(desc(trackerConnections.id));
  return rows.map((row) => toConnectionView(deps.publicUrl, row));
}
