import { AppError, TRACKER_CONNECTION_NOT_FOUND } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import { trackerConnections } from '../../../db/schema';
import type { TrackerDeps } from './tracker-deps';

/**
 * Removes a connection with its links (the issues stay in the tracker; its webhook deliveries are
 * refused from then on).
 */
export async function disconnectTracker(
  deps: Pick<TrackerDeps, 'db'>,
  input: { orgId: number; connectionId: number },
): Promise<string> {
  const removed = await deps.db
    .delete(trackerConnections)
    .where(
      and(eq(trackerConnections.id, input.connectionId), eq(trackerConnections.orgId, input.orgId)),
    )
    .returning({ target: trackerConnections.target });
  if (removed.length === 0) throw new AppError('NOT_FOUND', TRACKER_CONNECTION_NOT_FOUND);
  return `Disconnected ${removed[0]?.target ?? ''}.`;
}
