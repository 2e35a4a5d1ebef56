import type { TTrackerConnection } from '@waymark/core';
import type { AuthTestContext } from '../support/auth-test-app';
import { startJiraStandIn, type JiraStandIn } from '../support/jira-stand-in';
import { useTrackerSuite } from '../support/tracker-suite';
import { addMember, ok, type OrgWorld } from '../support/projects-world';
import { createWebhookWorld } from './webhook-world';

/**
 * The Jira stand-in and a test app that reaches it (loopback: `WEBHOOK_ALLOW_PRIVATE=true`) and
 * that it delivers webhooks to; `env` adds to the app's environment.
 */
export function useJiraSuite(env: Record<string, string> = {}) {
  return useTrackerSuite({
    start: startJiraStandIn,
    env: () => ({ WEBHOOK_ALLOW_PRIVATE: 'true', ...env }),
    ready: (stand, appUrl) => {
      stand.deliverTo = appUrl;
    },
  });
}

/** An organization with a project, a tester (member) and the Jira project `project` connected. */
export type JiraWorld = OrgWorld & {
  projectId: number;
  tester: { authorization: string };
  connection: TTrackerConnection & { webhookSecret: string };
  project: string;
  email: string;
  token: string;
};

/**
 * Creates a {@link JiraWorld}: the stand-in site accepts `email` + `token` (a Jira
 * administrator's) for `project` and the admin connects it; Waymark adds the site's webhook in the
 * stand-in itself.
 */
export async function createJiraWorld(
  t: AuthTestContext,
  jira: JiraStandIn,
  options: { project: string; token?: string; email?: string },
): Promise<JiraWorld> {
  const token = options.token ?? `ATATT${Math.random().toString(36).slice(2)}`;
  const email = options.email ?? 'admin@acme.example';
  const world = await createWebhookWorld(t);
  const tester = await addMember(t, world, [world.projectId], { firstName: 'Tess' });
  jira.allowToken(email, token, [options.project]);
  const connection = ok<TTrackerConnection & { webhookSecret: string }>(
    await t.call(world.admin, {
      method: 'POST',
      url: `/api/integrations/${world.orgId}/trackers`,
      payload: { vendor: 'jira', site: jira.url, email, token, project: options.project },
    }),
  );
  return {
    ...world,
    tester: tester.as,
    connection,
    project: options.project.toUpperCase(),
    email,
    token,
  };
}
