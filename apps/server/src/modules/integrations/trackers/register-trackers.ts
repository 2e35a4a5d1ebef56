import { routes } from '@waymark/core';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../../http/register-route';
import type { JobQueue } from '../../../jobs/job-queue';
import {
  orgAdmin,
  projectMember,
  requireCaller,
  requireProjectScope as scopeOf,
} from '../../access/index';
import { connectTracker } from './connect-tracker';
import { createTrackerIssue } from './create-issue';
import { disconnectTracker } from './disconnect-tracker';
import { getTrackerConnections } from './get-connections';
import { getItemTracker } from './get-item-tracker';
import { linkTrackerIssue } from './link-issue';
import { reconcileTrackers } from './reconcile-trackers';
import { registerTrackerWebhook } from './receive-webhook';
import { getTrackerStateMapping, setTrackerStateMapping } from './state-mapping';
import type { TrackerDeps } from './tracker-deps';
import { unlinkTrackerIssue } from './unlink-issue';

/** The durable job that recovers interrupted creations and polls linked issues. */
export const RECONCILE_TRACKERS_JOB = 'integrations.reconcile-trackers';

const byOrg = orgAdmin({ orgIdFrom: 'params.orgId' });
const byItemBody = projectMember({ itemIdFrom: 'body.itemId' });

/** The issue tracker routes, the vendors' webhook and the reconciliation job (issue 30). */
export function registerTrackers(app: FastifyInstance, deps: TrackerDeps, jobs: JobQueue): void {
  jobs.define<object>({
    name: RECONCILE_TRACKERS_JOB,
    cron: '* * * * *',
    timeoutSeconds: 15 * 60,
    handler: async () => void (await reconcileTrackers(deps, app.log)),
  });
  registerTrackerWebhook(app, deps);
  registerRoute(app, routes.getTrackerConnections, {
    access: byOrg,
    handler: async ({ params }) => getTrackerConnections(deps, params),
  });
  registerRoute(app, routes.connectTracker, {
    access: byOrg,
    errors: ['BAD_REQUEST', 'CONFLICT'],
    handler: async (request) =>
      connectTracker(deps, {
        orgId: request.params.orgId,
        userId: requireCaller(request).userId,
        connect: request.body,
      }),
  });
  registerRoute(app, routes.disconnectTracker, {
    access: byOrg,
    longRunning: true,
    errors: ['NOT_FOUND'],
    handler: async ({ params, log }) => disconnectTracker(deps, params, log),
  });
  registerRoute(app, routes.getTrackerStateMapping, {
    access: byOrg,
    handler: async ({ params }) => getTrackerStateMapping(deps, params),
  });
  registerRoute(app, routes.setTrackerStateMapping, {
    access: byOrg,
    errors: ['BAD_REQUEST'],
    handler: async ({ params, body }) =>
      setTrackerStateMapping(deps, { orgId: params.orgId, mapping: body }),
  });
  registerRoute(app, routes.getItemTracker, {
    access: projectMember({ itemIdFrom: 'params.itemId' }),
    handler: async (request) =>
      getItemTracker(deps, { orgId: scopeOf(request).orgId, itemId: request.params.itemId }),
  });
  registerRoute(app, routes.createTrackerIssue, {
    access: byItemBody,
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
    handler: async (request) =>
      createTrackerIssue(deps, {
        ...request.body,
        orgId: scopeOf(request).orgId,
        userId: requireCaller(request).userId,
      }),
  });
  registerRoute(app, routes.linkTrackerIssue, {
    access: byItemBody,
    errors: ['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'],
    handler: async (request) =>
      linkTrackerIssue(deps, {
        ...request.body,
        orgId: scopeOf(request).orgId,
        userId: requireCaller(request).userId,
      }),
  });
  registerRoute(app, routes.unlinkTrackerIssue, {
    access: byItemBody,
    handler: async (request) => unlinkTrackerIssue(deps, request.body),
  });
}
