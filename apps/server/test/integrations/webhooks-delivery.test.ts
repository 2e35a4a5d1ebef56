import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { multipartFile, TINY_PNG } from '../support/multipart';
import { createItem, ok } from '../support/projects-world';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';
import {
  addEndpoint,
  advance,
  createWebhookWorld,
  deliveriesOf,
  eventually,
} from './webhook-world';

// Issue 30: events reach a local receiver signed (Standard Webhooks), in order per item, with
// retries on the test clock. Loopback receivers need WEBHOOK_ALLOW_PRIVATE=true.

let t: AuthTestContext;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await startAuthTestApp({ now: new Date(), env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  receiver = await startWebhookReceiver();
});

afterEach(() => {
  receiver.answer = () => ({ status: 200, body: 'ok' });
});

afterAll(async () => {
  await receiver.close();
  await t.close();
});

type Received = { type: string; data: Record<string, unknown> & { item: { id: number } } };

describe('outgoing webhooks', () => {
  it("sends every kind of event of an item, signed so the library's verify accepts, in order", async () => {
    const world = await createWebhookWorld(t);
    const endpoint = await addEndpoint(t, world, { url: `${receiver.url}/all` });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const itemId = await createItem(t, world.admin, world, {
      projectId: world.projectId,
      relativePath: '/checkout',
      title: 'Pay button does nothing',
    });
    const update = (payload: object) =>
      t.call(world.admin, {
        method: 'POST',
        url: '/api/item/updateItem',
        payload: { itemId, ...payload },
      });
    ok(await update({ title: 'Pay button does nothing on Safari' }));
    ok(await update({ itemStatusId: world.statusIds[1] }));
    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: '/api/item/addItemNote',
        payload: { itemId, text: 'Seen on iOS 18 too' },
      }),
    );
    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: `/api/item/uploadAttachment/${itemId}`,
        ...multipartFile(TINY_PNG, { fileName: 'screen.png' }),
      }),
    );
    ok(await t.call(world.admin, { method: 'POST', url: `/api/item/deleteItem/${itemId}` }));

    const mine = () => receiver.received.filter((request) => request.path === '/all');
    await eventually(() => expect(mine()).toHaveLength(6));
    const verifier = new Webhook(endpoint.secret);
    const events = mine().map(
      (request) =>
        verifier.verify(request.body, request.headers as Record<string, string>) as Received,
    );
    expect(events.map((event) => event.type)).toEqual([
      'item.created',
      'item.updated',
      'item.status_changed',
      'note.added',
      'attachment.added',
      'item.deleted',
    ]);
    expect(events.every((event) => event.data.item.id === itemId)).toBe(true);
    expect(events[0]?.data).toMatchObject({
      organizationId: world.orgId,
      item: {
        title: 'Pay button does nothing',
        pageUrl: 'https://shop.example.com/checkout',
        project: { id: world.projectId },
      },
      actor: { id: world.adminUserId, name: 'Ada Admin' },
    });
    expect(events[2]?.data).toHaveProperty('change.to');
    expect(events[3]?.data).toMatchObject({ note: { text: 'Seen on iOS 18 too' } });
    expect(events[4]?.data).toMatchObject({ attachment: { fileName: 'screen.png' } });
    expect(events[5]?.data).toMatchObject({ actor: { id: world.adminUserId } });
    // A wrong secret or an altered body does not verify.
    const first = mine()[0];
    expect(() =>
      new Webhook('whsec_' + Buffer.alloc(24).toString('base64')).verify(
        first?.body ?? '',
        first?.headers as Record<string, string>,
      ),
    ).toThrow();
    // The receiver has the bodies before the sender records the answers: wait for the log.
    await eventually(async () => {
      const log = await deliveriesOf(t, world, endpoint.endpointId);
      expect(log.map((delivery) => delivery.status)).toEqual(Array(6).fill('delivered'));
    });
    expect(new Set(mine().map((request) => request.headers['webhook-id'])).size).toBe(6);
  });

  it('keeps one item in order while its first event is retried, and other items flow meanwhile', async () => {
    const world = await createWebhookWorld(t);
    const endpoint = await addEndpoint(t, world, {
      url: `${receiver.url}/order`,
      events: ['item.created', 'item.updated'],
    });
    let failFirst = true;
    receiver.answer = (request) => {
      const body = JSON.parse(request.body) as Received & { data: { item: { title: string } } };
      if (failFirst && body.type === 'item.created' && body.data.item.title === 'Blocked')
        return { status: 503, body: 'down for maintenance' };
      return { status: 204 };
    };
    const blockedId = await createItem(t, world.admin, world, {
      projectId: world.projectId,
      relativePath: '/a',
      title: 'Blocked',
    });
    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: '/api/item/updateItem',
        payload: { itemId: blockedId, title: 'Blocked, renamed' },
      }),
    );
    const freeId = await createItem(t, world.admin, world, {
      projectId: world.projectId,
      relativePath: '/b',
      title: 'Free',
    });
    const mine = () =>
      receiver.received
        .filter((request) => request.path === '/order')
        .map((request) => JSON.parse(request.body) as Received);
    await eventually(() =>
      expect(mine().some((event) => event.data.item.id === freeId)).toBe(true),
    );
    // The blocked item's update waits behind its failed creation.
    expect(
      mine()
        .filter((event) => event.data.item.id === blockedId)
        .map((event) => event.type),
    ).toEqual(['item.created']);
    const [, , created] = await deliveriesOf(t, world, endpoint.endpointId);
    expect(created).toMatchObject({
      eventType: 'item.created',
      status: 'pending',
      attempts: 1,
      responseStatus: 503,
      responseExcerpt: 'down for maintenance',
    });
    failFirst = false;
    await advance(t, 5);
    await eventually(() =>
      expect(
        mine()
          .filter((event) => event.data.item.id === blockedId)
          .map((event) => event.type),
      ).toEqual(['item.created', 'item.created', 'item.updated']),
    );
  });

  it('backs off on the test clock, disables the endpoint after a day of failures and tells the admins', async () => {
    const world = await createWebhookWorld(t);
    const endpoint = await addEndpoint(t, world, { url: `${receiver.url}/down` });
    receiver.answer = () => ({ status: 500, body: 'x'.repeat(5000) });
    const attemptsSoFar = () => receiver.received.filter((r) => r.path === '/down').length;
    // The receiver hears an attempt before the sender records its answer and next due time: the
    // clock moves only once both have happened, or the next wait would start from the moved clock.
    const attemptHeardAndRecorded = async (attempts: number) => {
      await eventually(() => expect(attemptsSoFar()).toBe(attempts));
      await eventually(async () => {
        const [recorded] = await deliveriesOf(t, world, endpoint.endpointId);
        expect(recorded?.attempts).toBe(attempts);
      });
    };
    await createItem(t, world.admin, world, {
      projectId: world.projectId,
      relativePath: '/c',
      title: 'Nobody hears this',
    });
    await attemptHeardAndRecorded(1);
    // Not due yet: nothing is sent before the wait is over.
    await advance(t, 4);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(attemptsSoFar()).toBe(1);
    const waits = [1, 300, 1800, 7200, 18_000, 36_000, 36_000];
    for (const [index, wait] of waits.entries()) {
      await advance(t, wait);
      await attemptHeardAndRecorded(index + 2);
    }
    await eventually(async () => {
      const [recorded] = await deliveriesOf(t, world, endpoint.endpointId);
      expect(recorded?.status).toBe('failed');
    });
    const [delivery] = await deliveriesOf(t, world, endpoint.endpointId);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 8, responseStatus: 500 });
    expect(delivery?.responseExcerpt).toHaveLength(1000);
    const [listed] = ok<{ isEnabled: boolean; disabledReason: string }[]>(
      await t.call(world.admin, {
        method: 'GET',
        url: `/api/integrations/${world.orgId}/webhooks`,
      }),
    );
    expect(listed).toMatchObject({ isEnabled: false });
    expect(listed?.disabledReason).toMatch(/failed for a day/);
    const notices = ok<{ notificationDescription: string }[]>(
      await t.call(world.admin, { method: 'GET', url: '/api/account/getSiteNotifications' }),
    );
    expect(
      notices.some((notice) => notice.notificationDescription.includes(`${receiver.url}/down`)),
    ).toBe(true);
    // Disabled: new events are not even recorded for it, and nothing more is sent.
    await createItem(t, world.admin, world, {
      projectId: world.projectId,
      relativePath: '/d',
      title: 'After the endpoint was disabled',
    });
    await advance(t, 3600);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(attemptsSoFar()).toBe(8);
    expect(await deliveriesOf(t, world, endpoint.endpointId)).toHaveLength(1);
  });

  it('sends only the chosen events of the chosen project', async () => {
    const world = await createWebhookWorld(t);
    const otherProjectId = ok<{ projectId: number }>(
      await t.call(world.admin, {
        method: 'POST',
        url: '/api/project/createProject',
        payload: { orgId: world.orgId, projectName: 'Blog', baseUrl: 'https://blog.example.com' },
      }),
    ).projectId;
    const endpoint = await addEndpoint(t, world, {
      url: `${receiver.url}/filtered`,
      events: ['note.added'],
      projectId: world.projectId,
    });
    for (const projectId of [world.projectId, otherProjectId]) {
      const itemId = await createItem(t, world.admin, world, {
        projectId,
        relativePath: '/e',
        title: 'Filtered',
      });
      ok(
        await t.call(world.admin, {
          method: 'POST',
          url: '/api/item/addItemNote',
          payload: { itemId, text: `note in ${projectId} for @[user:${world.adminUserId}]` },
        }),
      );
    }
    await eventually(async () =>
      expect(
        (await deliveriesOf(t, world, endpoint.endpointId)).map((d) => [d.eventType, d.status]),
      ).toEqual([['note.added', 'delivered']]),
    );
    const bodies = receiver.received.filter((r) => r.path === '/filtered').map((r) => r.body);
    expect(bodies).toHaveLength(1);
    // The mention reads as the person's current name, not the stored token.
    expect(bodies[0]).toContain(`note in ${world.projectId} for @Ada Admin`);
    expect(bodies[0]).not.toContain('@[user:');
  });
});
