import type { TTrackerConnection, TTrackerLink } from '@waymark/core';
import type { AuthTestContext } from '../support/auth-test-app';
import type { GitHubStandIn } from '../support/github-stand-in';
import { addMember, createItem, ok, type As, type OrgWorld } from '../support/projects-world';
import { createWebhookWorld } from './webhook-world';

/** An organization with a project, a tester (member) and GitHub connected to `repository`. */
export type TrackerWorld = OrgWorld & {
  projectId: number;
  tester: { authorization: string };
  connection: TTrackerConnection & { webhookSecret: string };
  repository: string;
};

/**
 * Creates a {@link TrackerWorld}: the stand-in accepts `token` for `repository`, the admin
 * connects it, and the repository's webhook points at the connection's URL (as an admin pastes
 * it into GitHub), reached on the test app's own address.
 */
export async function createTrackerWorld(
  t: AuthTestContext,
  github: GitHubStandIn,
  options: { repository?: string; token?: string; appUrl: string },
): Promise<TrackerWorld> {
  const repository = options.repository ?? 'acme/shop';
  const token = options.token ?? `github_pat_${Math.random().toString(36).slice(2)}`;
  const world = await createWebhookWorld(t);
  const tester = await addMember(t, world, [world.projectId], { firstName: 'Tess' });
  github.allowToken(token, [repository]);
  const [owner, repo] = repository.split('/');
  const connection = ok<TTrackerConnection & { webhookSecret: string }>(
    await t.call(world.admin, {
      method: 'POST',
      url: `/api/integrations/${world.orgId}/trackers`,
      payload: { vendor: 'github', token, owner, repo },
    }),
  );
  const path = new URL(connection.webhookUrl).pathname;
  github.addHook(repository, { url: `${options.appUrl}${path}`, secret: connection.webhookSecret });
  return { ...world, tester: tester.as, connection, repository };
}

/** Records a bug on /checkout as `as`; answers its id. */
export async function createBug(
  t: AuthTestContext,
  as: As,
  world: OrgWorld & { projectId: number },
  title = 'Pay button does nothing',
): Promise<number> {
  return createItem(t, as, world, {
    projectId: world.projectId,
    relativePath: '/checkout',
    title,
    descriptionHtml: '<p>Click <strong>Pay</strong>: nothing.</p>',
  });
}

/** `createTrackerIssue` as `as`: the raw answer. */
export function createIssueCall(
  t: AuthTestContext,
  as: As,
  input: { itemId: number; connectionId: number },
) {
  return t.call(as, { method: 'POST', url: '/api/item/createTrackerIssue', payload: input });
}

/** The item's status name and its tracker link. */
export async function itemState(
  t: AuthTestContext,
  as: As,
  itemId: number,
): Promise<{ status: string; link: TTrackerLink | null }> {
  const item = ok<{ itemStatusDescription: string }>(
    await t.call(as, { method: 'GET', url: `/api/item/getItem/${itemId}` }),
  );
  const tracker = ok<{ link: TTrackerLink | null }>(
    await t.call(as, { method: 'GET', url: `/api/item/getItemTracker/${itemId}` }),
  );
  return { status: item.itemStatusDescription, link: tracker.link };
}
