import { setTimeout as sleep } from 'node:timers/promises';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { webhookDeliveries } from '../../src/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../src/db/client';
import { deliverDueWebhooks } from '../../src/modules/integrations/deliver-due-webhooks';
import {
  deliveryRoundQuery,
  nextDeliveryRound,
} from '../../src/modules/integrations/delivery-round';
import type { IntegrationsDeps } from '../../src/modules/integrations/integrations-deps';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';
import { addEndpoint, createWebhookWorld, eventually, wakeDeliveries } from './webhook-world';

// Decision 0136: deliveries are claimed in rounds, a few per organization, so one organization's
// backlog does not stand ahead of every other organization's deliveries.

let t: AuthTestContext;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await startAuthTestApp({ now: new Date(), env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver.close();
  await t.close();
});

/** An organization with an endpoint posting to the receiver under `/<path>`. */
async function organizationWithEndpoint(path: string) {
  const world = await createWebhookWorld(t);
  const endpoint = await addEndpoint(t, world, { url: `${receiver.url}/${path}` });
  return { orgId: world.orgId, endpointId: endpoint.endpointId };
}

/** `count` pending `item.created` deliveries to `endpointId`, one item each, due now. */
async function pending(db: DbOrTx, endpointId: number, count: number, tag: string) {
  await db.execute(sql`
    insert into webhook_deliveries (endpoint_id, item_id, event_type, message_id, payload)
    select ${endpointId}, 1000000 + n, 'item.created', ${`msg_${tag}_`}::text || n,
      jsonb_build_object('type', 'item.created', 'timestamp', now(),
        'data', jsonb_build_object('item', jsonb_build_object('id', 1000000 + n, 'title', ${tag}::text)))
    from generate_series(1, ${count}) n`);
}

/** Runs `work` in a transaction that is rolled back: the dispatchers never see its rows. */
async function rolledBack(work: (tx: DbOrTx) => Promise<void>): Promise<void> {
  const rollback = new Error('rollback');
  await expect(
    t.db.transaction(async (tx) => {
      await work(tx);
      throw rollback;
    }),
  ).rejects.toBe(rollback);
}

describe('fair webhook delivery across organizations (decision 0136)', () => {
  it("claims B's one delivery in the first round while A has 1,000 pending, a few of A's with it", async () => {
    const a = await organizationWithEndpoint('round-a');
    const b = await organizationWithEndpoint('round-b');
    await rolledBack(async (tx) => {
      await pending(tx, a.endpointId, 1000, 'A');
      await pending(tx, b.endpointId, 1, 'B');
      const round = await nextDeliveryRound(tx, t.clock.now(), 4);
      const owners = await tx
        .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.id, round));
      const endpointOf = new Map(owners.map((row) => [row.id, row.endpointId]));
      expect(round.map((id) => endpointOf.get(id))).toEqual([
        a.endpointId,
        b.endpointId,
        a.endpointId,
        a.endpointId,
        a.endpointId,
      ]);
    });
  });

  it('plans a round of 100,000 pending deliveries of 3 organizations from the endpoint index', async () => {
    const orgs = await Promise.all(['plan-a', 'plan-b', 'plan-c'].map(organizationWithEndpoint));
    await rolledBack(async (tx) => {
      await pending(tx, orgs[0]!.endpointId, 98_000, 'PA');
      await pending(tx, orgs[1]!.endpointId, 1_999, 'PB');
      await pending(tx, orgs[2]!.endpointId, 1, 'PC');
      await tx.execute(sql`analyze webhook_deliveries`);
      await tx.execute(sql`analyze webhook_endpoints`);
      const started = performance.now();
      const round = await nextDeliveryRound(tx, t.clock.now(), 4);
      const ms = performance.now() - started;
      expect(round).toHaveLength(4 + 4 + 1);
      const plan = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain (analyze, costs off) ${deliveryRoundQuery(t.clock.now(), 4)}`,
      );
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      console.info(`round planned in ${ms.toFixed(1)} ms\n${text}`);
      expect(text).toContain('webhook_deliveries_endpoint_pending_idx');
      expect(ms).toBeLessThan(1000);
    });
  }, 60_000);

  it('ends a pass whose whole round another transaction holds, instead of planning it again and again', async () => {
    const held = await organizationWithEndpoint('held');
    // Disabled while the row is written and locked, so no dispatcher claims it first.
    await t.db.execute(
      sql`update webhook_endpoints set is_enabled = false where id = ${held.endpointId}`,
    );
    await pending(t.db, held.endpointId, 1, 'held');
    const locker = new pg.Client({ connectionString: t.databaseUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      // As a cascade or a recorded attempt holds it: the plan sees the row, SKIP LOCKED skips it.
      await locker.query(
        `select id from webhook_deliveries where endpoint_id = $1 and status = 'pending' for update`,
        [held.endpointId],
      );
      await t.db.execute(
        sql`update webhook_endpoints set is_enabled = true where id = ${held.endpointId}`,
      );
      // Nothing is claimed, so nothing else of the deps is used.
      const deps = { db: t.db, clock: t.clock, turnsPerOrg: 4 } as unknown as IntegrationsDeps;
      const pass = deliverDueWebhooks(deps);
      const outcome = await Promise.race([
        pass,
        sleep(1_000).then(() => 'still planning' as const),
      ]);
      expect(outcome).toBe(0);
    } finally {
      await t.db.execute(
        sql`update webhook_endpoints set is_enabled = false where id = ${held.endpointId}`,
      );
      await locker.query('rollback');
      await locker.end();
    }
  });

  it("sends B's delivery among the first while A's 1,000 queued before it are still being sent", async () => {
    const a = await organizationWithEndpoint('fair-a');
    const b = await organizationWithEndpoint('fair-b');
    // One transaction, A's rows first: first-in first-out would send all of A's before B's.
    await t.db.transaction(async (tx) => {
      await pending(tx, a.endpointId, 1000, 'A');
      await pending(tx, b.endpointId, 1, 'B');
    });
    await wakeDeliveries(t);
    const arrivals = () =>
      receiver.received.filter((r) => r.path === '/fair-a' || r.path === '/fair-b');
    await eventually(() => expect(arrivals().some((r) => r.path === '/fair-b')).toBe(true));
    const position = arrivals().findIndex((r) => r.path === '/fair-b');
    // Stop A's backlog: the rest of it proves nothing more.
    await t.db.execute(
      sql`update webhook_endpoints set is_enabled = false where id = ${a.endpointId}`,
    );
    expect(position).toBeLessThan(10);
  }, 60_000);
});
