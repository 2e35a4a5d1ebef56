import type { TWebhookDelivery, TWebhookEndpoint, TWebhookEvent } from '@waymark/core';
import { sql } from 'drizzle-orm';
import { vi } from 'vitest';
import type { AuthTestContext } from '../support/auth-test-app';
import { createOrgWorld, createProject, ok, type OrgWorld } from '../support/projects-world';

/** The six events, for an endpoint that wants them all. */
export const ALL_EVENTS: TWebhookEvent[] = [
  'item.created',
  'item.updated',
  'item.status_changed',
  'item.deleted',
  'note.added',
  'attachment.added',
];

/** An organization with a project on https://shop.example.com. */
export async function createWebhookWorld(
  t: AuthTestContext,
): Promise<OrgWorld & { projectId: number }> {
  const world = await createOrgWorld(t);
  const projectId = await createProject(t, world, 'https://shop.example.com');
  return { ...world, projectId };
}

/** Adds an endpoint as the org's admin; answers it with its secret. */
export async function addEndpoint(
  t: AuthTestContext,
  world: OrgWorld,
  body: {
    url: string;
    kind?: 'webhook' | 'slack';
    events?: TWebhookEvent[];
    projectId?: number | null;
  },
): Promise<TWebhookEndpoint & { secret: string }> {
  return ok(
    await t.call(world.admin, {
      method: 'POST',
      url: `/api/integrations/${world.orgId}/webhooks`,
      payload: { kind: 'webhook', events: ALL_EVENTS, projectId: null, ...body },
    }),
  );
}

/** The endpoint's delivery log, newest first. */
export async function deliveriesOf(
  t: AuthTestContext,
  world: OrgWorld,
  endpointId: number,
): Promise<TWebhookDelivery[]> {
  return ok(
    await t.call(world.admin, {
      method: 'GET',
      url: `/api/integrations/${world.orgId}/webhooks/${endpointId}/deliveries`,
    }),
  );
}

/** Wakes every copy's dispatcher, as a committed event does (the minute's job does it too). */
export async function wakeDeliveries(t: AuthTestContext): Promise<void> {
  await t.db.execute(sql`select waymark_announce_change('webhook_deliveries', '0')`);
}

/** Waits until `check` holds (deliveries run in the background). */
export async function eventually(check: () => void | Promise<void>): Promise<void> {
  await vi.waitFor(check, { timeout: 10_000, interval: 50 });
}

/** Moves the test clock forward by `seconds` and wakes the dispatchers. */
export async function advance(t: AuthTestContext, seconds: number): Promise<void> {
  t.clock.at = new Date(t.clock.at.getTime() + seconds * 1000);
  await wakeDeliveries(t);
}
