import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createItem, ok } from '../support/projects-world';
import { answerLikeSlack, startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';
import {
  addEndpoint,
  advance,
  createWebhookWorld,
  deliveriesOf,
  eventually,
} from './webhook-world';

// Issue 30: a Slack incoming webhook gets readable Block Kit messages, and Slack's documented
// answers (429 Retry-After, 404 no_service, 400 invalid_payload) are followed.

type SlackBody = {
  text: string;
  blocks: {
    type: string;
    text?: { text: string };
    fields?: { text: string }[];
    elements?: { text: string }[];
  }[];
};

let t: AuthTestContext;
let slack: WebhookReceiver;

beforeAll(async () => {
  t = await startAuthTestApp({ now: new Date(), env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  slack = await startWebhookReceiver();
  slack.answer = answerLikeSlack();
});

afterAll(async () => {
  await slack.close();
  await t.close();
});

const bodiesAt = (path: string) =>
  slack.received
    .filter((request) => request.path === path)
    .map((r) => JSON.parse(r.body) as SlackBody);

describe('Slack incoming webhooks', () => {
  it('posts a readable message: title, type, status, project, who and the page link', async () => {
    const world = await createWebhookWorld(t);
    const endpoint = await addEndpoint(t, world, {
      url: `${slack.url}/services/T1/B1/ok`,
      kind: 'slack',
      events: ['item.created', 'item.status_changed'],
    });
    expect(endpoint.secret).toBe('');
    const itemId = await createItem(t, world.admin, world, {
      projectId: world.projectId,
      relativePath: '/cart',
      title: 'Total shows <NaN> & more',
    });
    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: '/api/item/updateItem',
        payload: { itemId, itemStatusId: world.statusIds[1] },
      }),
    );
    await eventually(() => expect(bodiesAt('/services/T1/B1/ok')).toHaveLength(2));
    const [created, changed] = bodiesAt('/services/T1/B1/ok');
    expect(created?.text).toMatch(/^New .*: Total shows <NaN> & more$/);
    expect(created?.blocks[0]).toMatchObject({ type: 'header', text: { text: created?.text } });
    const fields = created?.blocks[1]?.fields?.map((field) => field.text) ?? [];
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\*Type\*\n/),
        expect.stringMatching(/^\*Status\*\n/),
        '*Project*\nShop',
        '*By*\nAda Admin',
      ]),
    );
    const link = created?.blocks.at(-1)?.elements?.[0]?.text;
    expect(link).toContain('<https://shop.example.com/cart|Open the page>');
    expect(changed?.blocks.map((block) => block.text?.text ?? '').join('\n')).toMatch(
      /Status: ~.*~ → \*.*\*/,
    );
    expect(JSON.stringify(changed)).not.toContain('"organizationId"');
    // The receiver has the bodies before the sender records the answers: wait for the log.
    await eventually(async () => {
      const log = await deliveriesOf(t, world, endpoint.endpointId);
      expect(log.map((delivery) => [delivery.status, delivery.responseExcerpt])).toEqual([
        ['delivered', 'ok'],
        ['delivered', 'ok'],
      ]);
    });
  });

  it("quotes a note with mentions as the people's current names", async () => {
    const world = await createWebhookWorld(t);
    await addEndpoint(t, world, {
      url: `${slack.url}/services/T1/B1/notes`,
      kind: 'slack',
      events: ['note.added'],
    });
    const itemId = await createItem(t, world.admin, world, {
      projectId: world.projectId,
      relativePath: '/cart',
      title: 'Mentioned',
    });
    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: '/api/item/addItemNote',
        payload: { itemId, text: `@[user:${world.adminUserId}] please look` },
      }),
    );
    await eventually(() => expect(bodiesAt('/services/T1/B1/notes')).toHaveLength(1));
    const quote = bodiesAt('/services/T1/B1/notes')[0]?.blocks.map((b) => b.text?.text ?? '');
    expect(quote).toContain('> @Ada Admin please look');
    expect(JSON.stringify(quote)).not.toContain('@[user:');
  });

  it("waits as long as Slack's Retry-After asks on a 429, then delivers", async () => {
    const world = await createWebhookWorld(t);
    const endpoint = await addEndpoint(t, world, {
      url: `${slack.url}/services/busy`,
      kind: 'slack',
      events: ['item.created'],
    });
    await createItem(t, world.admin, world, {
      projectId: world.projectId,
      relativePath: '/r',
      title: 'Busy',
    });
    await eventually(async () =>
      expect((await deliveriesOf(t, world, endpoint.endpointId))[0]).toMatchObject({
        status: 'pending',
        responseStatus: 429,
      }),
    );
    const [waiting] = await deliveriesOf(t, world, endpoint.endpointId);
    expect(Date.parse(waiting?.nextAttemptAt ?? '') - t.clock.now().getTime()).toBe(30_000);
    await advance(t, 10);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bodiesAt('/services/busy')).toHaveLength(1);
    await advance(t, 20);
    await eventually(async () =>
      expect((await deliveriesOf(t, world, endpoint.endpointId))[0]).toMatchObject({
        status: 'delivered',
        attempts: 2,
      }),
    );
  });

  it('disables the endpoint at once when Slack says the webhook is gone, and tells the admins', async () => {
    const world = await createWebhookWorld(t);
    const endpoint = await addEndpoint(t, world, {
      url: `${slack.url}/services/gone`,
      kind: 'slack',
      events: ['item.created'],
    });
    await createItem(t, world.admin, world, {
      projectId: world.projectId,
      relativePath: '/g',
      title: 'Gone',
    });
    await eventually(async () => {
      const [listed] = ok<{ isEnabled: boolean; disabledReason: string | null }[]>(
        await t.call(world.admin, {
          method: 'GET',
          url: `/api/integrations/${world.orgId}/webhooks`,
        }),
      );
      expect(listed?.isEnabled).toBe(false);
      expect(listed?.disabledReason).toMatch(/404 \(no_service\)/);
    });
    const notices = ok<{ notificationDescription: string }[]>(
      await t.call(world.admin, { method: 'GET', url: '/api/account/getSiteNotifications' }),
    );
    expect(
      notices.filter((n) => n.notificationDescription.includes('/services/gone')),
    ).toHaveLength(1);
    // The delivery waits for the endpoint to be enabled again; enabling sends it at once.
    slack.answer = (request) =>
      request.path === '/services/gone' ? { status: 200, body: 'ok' } : answerLikeSlack()(request);
    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: `/api/integrations/${world.orgId}/webhooks/${endpoint.endpointId}/enabled`,
        payload: { isEnabled: true },
      }),
    );
    await eventually(async () =>
      expect((await deliveriesOf(t, world, endpoint.endpointId))[0]?.status).toBe('delivered'),
    );
    slack.answer = answerLikeSlack();
  });

  it('gives up on a message Slack calls invalid_payload without disabling the endpoint', async () => {
    const world = await createWebhookWorld(t);
    slack.answer = (request) =>
      request.path === '/services/picky'
        ? { status: 400, body: 'invalid_payload' }
        : answerLikeSlack()(request);
    const endpoint = await addEndpoint(t, world, {
      url: `${slack.url}/services/picky`,
      kind: 'slack',
      events: ['item.created'],
    });
    await createItem(t, world.admin, world, {
      projectId: world.projectId,
      relativePath: '/p',
      title: 'Picky',
    });
    await eventually(async () =>
      expect((await deliveriesOf(t, world, endpoint.endpointId))[0]).toMatchObject({
        status: 'failed',
        attempts: 1,
        responseExcerpt: 'invalid_payload',
      }),
    );
    const [listed] = ok<{ isEnabled: boolean }[]>(
      await t.call(world.admin, {
        method: 'GET',
        url: `/api/integrations/${world.orgId}/webhooks`,
      }),
    );
    expect(listed?.isEnabled).toBe(true);
    slack.answer = answerLikeSlack();
  });
});
