import { AppError, TRACKER_CONNECTION_NOT_FOUND } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { allowLongStatements } from '../../../db/client';
import { trackerConnections } from '../../../db/schema';
import { adapterOf } from './connection-rows';
import type { TrackerDeps } from './tracker-deps';

/**
 * Removes a connection with its links (the issues stay in the tracker; its webhook deliveries are
 * refused from then on). A webhook Waymark added itself (Linear) is removed from the vendor after
 * the row is gone; if the vendor cannot be reached it stays there, harmless: its deliveries are
 * refused and the vendor disables it.
 */
export async function disconnectTracker(
  deps: Pick<TrackerDeps, 'db' | 'box' | 'registry'>,
  input: { orgId: number; connectionId: number },
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<string> {
  // Its links go with it (foreign key cascade), one per linked item: under the long statement
  // limit (decision 0145).
  const [removed] = await deps.db.transaction(async (tx) => {
    await allowLongStatements(tx);
    return tx
      .delete(trackerConnections)
      .where(
        and(
          eq(trackerConnections.id, input.connectionId),
          eq(trackerConnections.orgId, input.orgId),
        ),
      )
      .returning();
  });
  if (!removed) throw new AppError('NOT_FOUND', TRACKER_CONNECTION_NOT_FOUND);
  const adapter = adapterOf(deps, removed);
  if (adapter.removeWebhook)
    await adapter.removeWebhook().catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ connectionId: removed.id, reason }, 'tracker webhook not removed');
    });
  return `Disconnected ${removed.target}.`;
}
