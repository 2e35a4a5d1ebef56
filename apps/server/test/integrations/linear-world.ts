import type { TTrackerConnection } from '@waymark/core';
import type { AuthTestContext } from '../support/auth-test-app';
import type { LinearStandIn } from '../support/linear-stand-in';
import { addMember, ok, type OrgWorld } from '../support/projects-world';
import { createWebhookWorld } from './webhook-world';

/** An organization with a project, a tester (member) and the Linear team `team` connected. */
export type LinearWorld = OrgWorld & {
  projectId: number;
  tester: { authorization: string };
  connection: TTrackerConnection & { webhookSecret: string };
  team: string;
  apiKey: string;
};

/**
 * Creates a {@link LinearWorld}: the stand-in accepts `apiKey` (a workspace admin's) for `team`
 * and the admin connects it; Waymark adds the team's webhook in the stand-in itself.
 */
export async function createLinearWorld(
  t: AuthTestContext,
  linear: LinearStandIn,
  options: { team: string; apiKey?: string },
): Promise<LinearWorld> {
  const apiKey = options.apiKey ?? `lin_api_${Math.random().toString(36).slice(2)}`;
  const world = await createWebhookWorld(t);
  const tester = await addMember(t, world, [world.projectId], { firstName: 'Tess' });
  linear.allowKey(apiKey, [options.team]);
  const connection = ok<TTrackerConnection & { webhookSecret: string }>(
    await t.call(world.admin, {
      method: 'POST',
      url: `/api/integrations/${world.orgId}/trackers`,
      payload: { vendor: 'linear', token: apiKey, team: options.team },
    }),
  );
  return { ...world, tester: tester.as, connection, team: options.team.toUpperCase(), apiKey };
}
