import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { sendableDelivery } from './claim-delivery';

/**
 * The statement {@link nextDeliveryRound} runs (exported for the test that EXPLAINs it). Each
 * enabled endpoint is read from `webhook_deliveries_endpoint_pending_idx`, `turnsPerOrg` rows at
 * most. The endpoint is bounded by a range, not `=`: with `=` PostgreSQL's generic estimate
 * spreads the pending rows evenly over endpoints and walks the primary key instead, reading the
 * whole backlog of the busy organization to find a quiet one's few rows (146 ms instead of 0.1
 * for 100,000 rows); only the endpoint index gives the `(endpoint_id, id)` order asked for.
 */
export function deliveryRoundQuery(now: Date, turnsPerOrg: number): SQL {
  return sql`
    select id from (
      select heads.id, row_number() over (partition by heads.org_id order by heads.id) as turn
      from (
        select e.org_id, d.id
        from ${webhookEndpoints} e
        cross join lateral (
          select c.id from ${webhookDeliveries} c
          where (c.endpoint_id, c.id) > (e.id, 0) and c.endpoint_id <= e.id
            and ${sendableDelivery(now.toISOString())}
          order by c.endpoint_id, c.id
          limit ${turnsPerOrg}) d
        where e.is_enabled) heads) turns
    where turn <= ${turnsPerOrg}
    order by turn, id`;
}

/**
 * The next round of deliveries to send (decision 0136), in sending order: up to `turnsPerOrg`
 * sendable deliveries of every organization with any, the oldest of each first — every
 * organization's first turn, then every organization's second, and so on. One organization's
 * thousands of pending deliveries to slow endpoints so take a few turns in a round like everyone
 * else's, instead of standing ahead of them first-in first-out.
 *
 * Nothing is claimed here: each delivery is claimed just before it is sent
 * ({@link claimDelivery}), so a long round never outlives its claims and copies planning the same
 * round share it out. The round's cost grows with the endpoints that have work, not with the
 * backlog.
 */
export async function nextDeliveryRound(
  db: DbOrTx,
  now: Date,
  turnsPerOrg: number,
): Promise<number[]> {
  const result = await db.execute<{ id: string | number }>(deliveryRoundQuery(now, turnsPerOrg));
  return result.rows.map((row) => Number(row.id));
}
