import { AppError, WEBHOOK_ENDPOINT_NOT_FOUND } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { webhookEndpoints } from '../../db/schema';
import type { EndpointRow } from './endpoint-view';

/**
 * The organization's endpoint `endpointId`, locked for update when `forUpdate`. Another
 * organization's endpoint is "not found", like one that does not exist.
 *
 * @throws {AppError} NOT_FOUND
 */
export async function requireEndpoint(
  tx: DbOrTx,
  input: { orgId: number; endpointId: number; forUpdate?: boolean },
): Promise<EndpointRow> {
  const query = tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, input.endpointId), eq(webhookEndpoints.orgId, input.orgId)));
  const [row] = input.forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', WEBHOOK_ENDPOINT_NOT_FOUND);
  return row;
}
