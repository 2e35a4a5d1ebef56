import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { WEBHOOK_URL_INVALID, WEBHOOK_URL_PRIVATE, SLACK_URL_INVALID } from '@waymark/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '../../src/db/schema';
import { isPublicAddress } from '../../src/modules/integrations/address-policy';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createItem, ok } from '../support/projects-world';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';
import {
  addEndpoint,
  ALL_EVENTS,
  createWebhookWorld,
  deliveriesOf,
  eventually,
} from './webhook-world';

// Issue 30: with WEBHOOK_ALLOW_PRIVATE unset, no webhook reaches the operator's network, bad
// endpoint settings get a clear 400 and change nothing, and secrets are sealed at rest.

let t: AuthTestContext;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await startAuthTestApp({ now: new Date() });
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('webhook endpoint settings', () => {
  it.each([
    ['http://127.0.0.1:9/hook', WEBHOOK_URL_PRIVATE],
    ['http://[::1]/hook', WEBHOOK_URL_PRIVATE],
    ['http://169.254.169.254/latest/meta-data/', WEBHOOK_URL_PRIVATE],
    ['http://10.0.0.8/hook', WEBHOOK_URL_PRIVATE],
    ['http://192.168.1.20/hook', WEBHOOK_URL_PRIVATE],
    ['http://[::ffff:127.0.0.1]/hook', WEBHOOK_URL_PRIVATE],
    ['http://localhost:8080/hook', WEBHOOK_URL_PRIVATE],
    ['ftp://hooks.example.com/', WEBHOOK_URL_INVALID],
    ['https://user:secret@hooks.example.com/', WEBHOOK_URL_INVALID],
    ['not a url', WEBHOOK_URL_INVALID],
  ])('refuses %s with a 400 and stores nothing', async (url, message) => {
    const world = await createWebhookWorld(t);
    const response = await t.call(world.admin, {
      method: 'POST',
      url: `/api/integrations/${world.orgId}/webhooks`,
      payload: { url, kind: 'webhook', events: ALL_EVENTS, projectId: null },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
    expect(
      ok<unknown[]>(
        await t.call(world.admin, {
          method: 'GET',
          url: `/api/integrations/${world.orgId}/webhooks`,
        }),
      ),
    ).toEqual([]);
  });

  it('refuses bad events, an http Slack URL and a project of another organization', async () => {
    const world = await createWebhookWorld(t);
    const other = await createWebhookWorld(t);
    const create = (payload: object) =>
      t.call(world.admin, {
        method: 'POST',
        url: `/api/integrations/${world.orgId}/webhooks`,
        payload: {
          url: 'https://hooks.example.com/w',
          kind: 'webhook',
          events: ['item.created'],
          projectId: null,
          ...payload,
        },
      });
    expect((await create({ events: [] })).statusCode).toBe(400);
    expect((await create({ events: ['item.exploded'] })).statusCode).toBe(400);
    expect((await create({ events: ['item.created', 'item.created'] })).statusCode).toBe(400);
    expect((await create({ kind: 'teams' })).statusCode).toBe(400);
    expect((await create({ surprise: true })).statusCode).toBe(400);
    const slack = await create({ kind: 'slack', url: 'http://hooks.slack.com/services/T/B/X' });
    expect(slack.statusCode).toBe(400);
    expect(slack.json<{ message: string }>().message).toBe(SLACK_URL_INVALID);
    expect((await create({ projectId: other.projectId })).statusCode).toBe(404);
    expect(
      ok<unknown[]>(
        await t.call(world.admin, {
          method: 'GET',
          url: `/api/integrations/${world.orgId}/webhooks`,
        }),
      ),
    ).toEqual([]);
  });

  it('keeps the secret sealed: shown once, never listed, not stored in clear', async () => {
    const world = await createWebhookWorld(t);
    const endpoint = await addEndpoint(t, world, { url: 'https://hooks.example.com/sealed' });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const listed = await t.call(world.admin, {
      method: 'GET',
      url: `/api/integrations/${world.orgId}/webhooks`,
    });
    expect(listed.body).not.toContain('whsec_');
    expect(listed.body).not.toContain(endpoint.secret.slice(6));
    const rows = await t.db.select().from(webhookEndpoints);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(endpoint.secret);
    expect(stored).not.toContain(endpoint.secret.slice(6));
  });
});

describe('delivery to a host name', () => {
  it('refuses a host name that resolves to loopback, and logs why', async () => {
    const name = hostname();
    const addresses = (await lookup(name, { all: true })).map((entry) => entry.address);
    // Precondition of this machine: its own name resolves to loopback or a private address.
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.filter(isPublicAddress)).toEqual([]);
    const world = await createWebhookWorld(t);
    const port = new URL(receiver.url).port;
    const endpoint = await addEndpoint(t, world, { url: `http://${name}:${port}/inside` });
    await createItem(t, world.admin, world, {
      projectId: world.projectId,
      relativePath: '/ssrf',
      title: 'Probe',
    });
    await eventually(async () => {
      const [delivery] = await deliveriesOf(t, world, endpoint.endpointId);
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null });
      expect(delivery?.responseExcerpt).toMatch(/loopback, link-local or private address/);
    });
    expect(receiver.received).toEqual([]);
  });
});
