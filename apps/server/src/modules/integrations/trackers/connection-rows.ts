import {
  AppError,
  TRACKER_CONNECTION_NOT_FOUND,
  type TTrackerConnection,
  type TTrackerVendor,
} from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { trackerConnections } from '../../../db/schema';
import type { TrackerSettings } from './tracker-adapter';
import type { TrackerDeps } from './tracker-deps';

/** A row of tracker_connections. */
export type ConnectionRow = typeof trackerConnections.$inferSelect;

/** Where the tracker's webhook is to be pointed. */
export function webhookUrlOf(publicUrl: string, row: Pick<ConnectionRow, 'id' | 'vendor'>): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/integrations/${row.id}/${row.vendor}/webhook`;
}

/** The fields of a connection the API shows: picked, so its token and secret never leave. */
export function toConnectionView(publicUrl: string, row: ConnectionRow): TTrackerConnection {
  return {
    connectionId: row.id,
    vendor: row.vendor as TTrackerVendor,
    target: row.target,
    webhookUrl: webhookUrlOf(publicUrl, row),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The organization's connection `connectionId`; another organization's is "not found", like one
 * that does not exist.
 *
 * @throws {AppError} NOT_FOUND
 */
export async function requireConnection(
  tx: DbOrTx,
  input: { orgId: number; connectionId: number },
): Promise<ConnectionRow> {
  const [row] = await tx
    .select()
    .from(trackerConnections)
    .where(
      and(eq(trackerConnections.id, input.connectionId), eq(trackerConnections.orgId, input.orgId)),
    );
  if (!row) throw new AppError('NOT_FOUND', TRACKER_CONNECTION_NOT_FOUND);
  return row;
}

/** The connection's adapter, its token opened from the sealed column. */
export function adapterOf(deps: Pick<TrackerDeps, 'box' | 'registry'>, row: ConnectionRow) {
  return deps.registry.adapterFor({
    vendor: row.vendor,
    target: row.target,
    token: deps.box.open(row.tokenCiphertext),
    settings: row.settings as TrackerSettings,
  });
}
