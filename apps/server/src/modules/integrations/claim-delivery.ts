import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { DeliveryRow } from './delivery-view';
import type { EndpointRow } from './endpoint-view';

/** How long a claim lasts: above one attempt's timeout, so only a dead copy's claim expires. */
export const CLAIM_SECONDS = 60;

/** A delivery this copy may send, with its endpoint and the token its outcome is recorded under. */
export type ClaimedDelivery = { delivery: DeliveryRow; endpoint: EndpointRow; token: string };

/**
 * Claims the next delivery that is due, unclaimed, of an enabled endpoint, and first in its
 * lane: no earlier delivery of the same endpoint and item is still pending, so events of one
 * item reach an endpoint in order. `SKIP LOCKED` lets copies claim different lanes at once, and
 * the claim's expiry is re-checked on the locked row, so one copy sends a delivery at a time.
 */
export async function claimDelivery(db: Db, now: Date): Promise<ClaimedDelivery | null> {
  const token = randomUUID();
  const until = new Date(now.getTime() + CLAIM_SECONDS * 1000);
  const nowIso = now.toISOString();
  const claimed = await db.execute<{ id: number }>(sql`
    update ${webhookDeliveries} set claim_token = ${token}, claimed_until = ${until.toISOString()}
    where id = (
      select c.id from ${webhookDeliveries} c
      join ${webhookEndpoints} e on e.id = c.endpoint_id
      where c.status = 'pending' and e.is_enabled
        and (c.next_attempt_at is null or c.next_attempt_at <= ${nowIso})
        and (c.claimed_until is null or c.claimed_until <= ${nowIso})
        and not exists (
          select 1 from ${webhookDeliveries} h
          where h.endpoint_id = c.endpoint_id and h.item_id = c.item_id
            and h.status = 'pending' and h.id < c.id)
      order by c.id limit 1
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
