import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { DeliveryRow } from './delivery-view';
import type { EndpointRow } from './endpoint-view';

/** How long a claim lasts: above one attempt's timeout, so only a dead copy's claim expires. */
export const CLAIM_SECONDS = 60;

/** A delivery this copy may send, with its endpoint and the token its outcome is recorded under. */
export type ClaimedDelivery = { delivery: DeliveryRow; endpoint: EndpointRow; token: string };

/**
 * What makes delivery `c` (of endpoint `e`) sendable at `nowIso`: pending, due, unclaimed, its
 * endpoint enabled, and first in its lane — no earlier delivery of the same endpoint and item is
 * still pending, so events of one item reach an endpoint in order.
 */
export function sendableDelivery(nowIso: string): SQL {
  return sql`c.status = 'pending' and e.is_enabled
    and (c.next_attempt_at is null or c.next_attempt_at <= ${nowIso})
    and (c.claimed_until is null or c.claimed_until <= ${nowIso})
    and not exists (
      select 1 from ${webhookDeliveries} h
      where h.endpoint_id = c.endpoint_id and h.item_id = c.item_id
        and h.status = 'pending' and h.id < c.id)`;
}

/**
 * Claims delivery `deliveryId`, picked by the round (decision 0136), if it is still sendable —
 * another copy may have claimed or sent it since. `SKIP LOCKED` lets copies claim different
 * deliveries at once, and the claim's expiry is re-checked on the locked row, so one copy sends a
 * delivery at a time. Answers null when it is not this copy's to send.
 */
export async function claimDelivery(
  db: Db,
  now: Date,
  deliveryId: number,
): Promise<ClaimedDelivery | null> {
  const token = randomUUID();
  const until = new Date(now.getTime() + CLAIM_SECONDS * 1000);
  const nowIso = now.toISOString();
  const claimed = await db.execute<{ id: number }>(sql`
    update ${webhookDeliveries} set claim_token = ${token}, claimed_until = ${until.toISOString()}
    where id = (
      select c.id from ${webhookDeliveries} c
      join ${webhookEndpoints} e on e.id = c.endpoint_id
      where c.id = ${deliveryId} and ${sendableDelivery(nowIso)}
      for update of c skip locked)
    and (claimed_until is null or claimed_until <= ${nowIso})
    returning id`);
  const id = claimed.rows[0]?.id;
  if (id === undefined) return null;
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, sql`${webhookEndpoints.id} = ${webhookDeliveries.endpointId}`)
    .where(sql`${webhookDeliveries.id} = ${id}`);
  return row ? { ...row, token } : null;
}
