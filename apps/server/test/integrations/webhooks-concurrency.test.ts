import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createDb, type Db } from '../../src/db/client';
import { webhookDeliveries } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createItem, ok } from '../support/projects-world';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';
import {
  addEndpoint,
  advance,
  createWebhookWorld,
  deliveriesOf,
  eventually,
} from './webhook-world';

// Issue 30: two server copies on one database deliver each event once; a copy that dies with a
// delivery claimed leaves it to be sent again with the same webhook-id; 30 identical clicks on
// "redeliver" or "rotate" have one effect.

let t: AuthTestContext;
let second: FastifyInstance;
let secondDb: Db;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await startAuthTestApp({ now: new Date(), env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  secondDb = createDb(t.databaseUrl);
  second = await buildApp({ config: t.config, db: secondDb, clock: t.clock });
  await second.ready();
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver.close();
  await second.close();
  await secondDb.$client.end();
  await t.close();
});

describe('webhooks with several copies and concurrent clicks', () => {
  it('delivers each event exactly once with two copies racing for every one', async () => {
    const world = await createWebhookWorld(t);
    const endpoint = await addEndpoint(t, world, {
      url: `${receiver.url}/twice`,
      events: ['item.created', 'note.added'],
    });
    const itemIds = await Promise.all(
      Array.from({ length: 15 }, (_, index) =>
        createItem(t, world.admin, world, {
          projectId: world.projectId,
          relativePath: `/p${index}`,
          title: `Item ${index}`,
        }),
      ),
    );
    await Promise.all(
      itemIds.map((itemId) =>
        t.call(world.admin, {
          method: 'POST',
          url: '/api/item/addItemNote',
          payload: { itemId, text: 'hello' },
        }),
      ),
    );
    const mine = () => receiver.received.filter((request) => request.path === '/twice');
    await eventually(() => expect(mine()).toHaveLength(30));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ids = mine().map((request) => request.headers['webhook-id']);
    expect(new Set(ids).size).toBe(30);
    expect(mine()).toHaveLength(30);
    // In order per item: each item's creation before its note.
    for (const itemId of itemIds) {
      const types = mine()
        .map(
          (request) => JSON.parse(request.body) as { type: string; data: { item: { id: number } } },
        )
        .filter((event) => event.data.item.id === itemId)
        .map((event) => event.type);
      expect(types).toEqual(['item.created', 'note.added']);
    }
    // The receiver has the bodies before the senders record the answers: wait for the log.
    await eventually(async () => {
      const log = await deliveriesOf(t, world, endpoint.endpointId);
      expect(
        log.every((delivery) => delivery.status === 'delivered' && delivery.attempts === 1),
      ).toBe(true);
    });
  });

  it('sends again, with the same webhook-id, a delivery whose copy died mid-send', async () => {
    const world = await createWebhookWorld(t);
    const endpoint = await addEndpoint(t, world, {
      url: `${receiver.url}/crash`,
      events: ['item.created'],
    });
    receiver.answer = () => ({ status: 500 });
    await createItem(t, world.admin, world, {
      projectId: world.projectId,
      relativePath: '/k',
      title: 'Crash',
    });
    await eventually(async () =>
      expect((await deliveriesOf(t, world, endpoint.endpointId))[0]?.attempts).toBe(1),
    );
    receiver.answer = () => ({ status: 200, body: 'ok' });
    const [delivery] = await deliveriesOf(t, world, endpoint.endpointId);
    // What a copy killed between claiming and recording leaves behind: a claim nobody will record.
    await t.db
      .update(webhookDeliveries)
      .set({
        claimToken: randomUUID(),
        claimedUntil: new Date(t.clock.now().getTime() + 60_000),
        nextAttemptAt: null,
      })
      .where(eq(webhookDeliveries.id, delivery?.deliveryId ?? 0));
    await advance(t, 30);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received.filter((request) => request.path === '/crash')).toHaveLength(1);
    await advance(t, 31);
    await eventually(async () =>
      expect((await deliveriesOf(t, world, endpoint.endpointId))[0]?.status).toBe('delivered'),
    );
    const sent = receiver.received.filter((request) => request.path === '/crash');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers['webhook-id']).toBe(delivery?.messageId);
  });

  it('makes one more attempt for thirty concurrent redeliver clicks', async () => {
    const world = await createWebhookWorld(t);
    const endpoint = await addEndpoint(t, world, {
      url: `${receiver.url}/again`,
      events: ['item.created'],
    });
    await createItem(t, world.admin, world, {
      projectId: world.projectId,
      relativePath: '/q',
      title: 'Again',
    });
    await eventually(async () =>
      expect((await deliveriesOf(t, world, endpoint.endpointId))[0]?.status).toBe('delivered'),
    );
    const [delivery] = await deliveriesOf(t, world, endpoint.endpointId);
    const clicks = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        (index % 2 === 0 ? t.app : second).inject({
          method: 'POST',
          url: `/api/integrations/${world.orgId}/webhooks/${endpoint.endpointId}/deliveries/${delivery?.deliveryId}/redeliver`,
          headers: world.admin,
          payload: { attempts: delivery?.attempts },
        }),
      ),
    );
    expect(clicks.map((click) => click.statusCode)).toEqual(Array(30).fill(200));
    await eventually(async () =>
      expect((await deliveriesOf(t, world, endpoint.endpointId))[0]?.status).toBe('delivered'),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = receiver.received.filter((request) => request.path === '/again');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers['webhook-id']).toBe(delivery?.messageId);
    const [after] = await deliveriesOf(t, world, endpoint.endpointId);
    expect(after).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('rotates the secret once for thirty concurrent rotate clicks', async () => {
    const world = await createWebhookWorld(t);
    const endpoint = await addEndpoint(t, world, { url: `${receiver.url}/rotate` });
    const clicks = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        (index % 2 === 0 ? t.app : second).inject({
          method: 'POST',
          url: `/api/integrations/${world.orgId}/webhooks/${endpoint.endpointId}/rotate`,
          headers: world.admin,
          payload: { secretVersion: endpoint.secretVersion },
        }),
      ),
    );
    const statuses = clicks.map((click) => click.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(29).fill(409)]);
    const winner = clicks
      .find((click) => click.statusCode === 200)
      ?.json<{ secret: string; secretVersion: number }>();
    expect(winner?.secretVersion).toBe(2);
    expect(winner?.secret).not.toBe(endpoint.secret);
    const [listed] = ok<{ secretVersion: number }[]>(
      await t.call(world.admin, {
        method: 'GET',
        url: `/api/integrations/${world.orgId}/webhooks`,
      }),
    );
    expect(listed?.secretVersion).toBe(2);
  });
});
