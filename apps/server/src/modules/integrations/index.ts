import { routes } from '@waymark/core';
import {
  trackerConnections,
  trackerDeliveries,
  trackerLinks,
  trackerStateMap,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { registerRoute } from '../../http/register-route';
import { orgAdmin, requireCaller } from '../access/index';
import { auditContext } from '../audit/index';
import { defineModule, type AppModule } from '../module';
import { createWebhookEndpoint } from './create-endpoint';
import { deleteWebhookEndpoint } from './delete-endpoint';
import { deliverDueWebhooks } from './deliver-due-webhooks';
import { getWebhookDeliveries } from './get-deliveries';
import { getWebhookEndpoints } from './get-endpoints';
import type { IntegrationsDeps } from './integrations-deps';
import { resolveIntegrationsKey } from './integrations-key';
import { redeliverWebhook } from './redeliver';
import { rotateWebhookSecret } from './rotate-secret';
import { createSecretBox } from './secret-box';
import { setWebhookEndpointEnabled } from './set-endpoint-enabled';
import { updateWebhookEndpoint } from './update-endpoint';
import { registerTrackers } from './trackers/register-trackers';
import { createTrackerRegistry } from './trackers/tracker-registry';
import { createWebhookDispatcher } from './webhook-dispatcher';

export { RECONCILE_TRACKERS_JOB } from './trackers/register-trackers';

/** The durable job that sends due webhook deliveries (retries, and anything a wake missed). */
export const DELIVER_WEBHOOKS_JOB = 'integrations.deliver-webhooks';

const byOrg = orgAdmin({ orgIdFrom: 'params.orgId' });

/**
 * Outgoing webhooks and Slack, and issue trackers (issue 30, docs/integrations.md): admin routes,
 * delivery, the trackers' item routes, webhooks and reconciliation.
 */
const registerIntegrations: AppModule = async (
  app,
  { db, clock, config, mailer, jobs, changes },
) => {
  const key = await resolveIntegrationsKey(config.integrations.key, config.dataDir, {
    warn: (message) => app.log.warn(message),
  });
  const deps: IntegrationsDeps = {
    db,
    clock,
    mailer,
    box: createSecretBox(key),
    publicUrl: config.publicUrl,
    allowPrivateAddresses: config.integrations.allowPrivateAddresses,
    turnsPerOrg: config.integrations.turnsPerOrg,
  };
  registerTrackers(
    app,
    {
      ...deps,
      registry: createTrackerRegistry({
        githubApiUrl: config.integrations.githubApiUrl,
        linearApiUrl: config.integrations.linearApiUrl,
        allowPrivateAddresses: config.integrations.allowPrivateAddresses,
        jiraRequestTimeoutMs: config.integrations.jiraRequestTimeoutMs,
      }),
    },
    jobs,
  );
  const dispatcher = createWebhookDispatcher(deps, app.log);
  // Every copy hears a committed event (the triggers notify) and races for it; claims pick one.
  const unsubscribe = changes.subscribe((change) => {
    if (change.table === 'webhook_deliveries' || change.table === 'reset') dispatcher.wake();
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await dispatcher.idle();
  });
  jobs.define<object>({
    name: DELIVER_WEBHOOKS_JOB,
    cron: '* * * * *',
    timeoutSeconds: 15 * 60,
    handler: async () => void (await deliverDueWebhooks(deps)),
  });
  registerRoute(app, routes.getWebhookEndpoints, {
    access: byOrg,
    handler: async ({ params }) => getWebhookEndpoints(deps, params),
  });
  registerRoute(app, routes.createWebhookEndpoint, {
    access: byOrg,
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
    handler: async (request) =>
      createWebhookEndpoint(
        deps,
        {
          orgId: request.params.orgId,
          userId: requireCaller(request).userId,
          endpoint: request.body,
        },
        auditContext(request),
      ),
  });
  registerRoute(app, routes.updateWebhookEndpoint, {
    access: byOrg,
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
    handler: async (request) =>
      updateWebhookEndpoint(
        deps,
        { ...request.params, endpoint: request.body },
        auditContext(request),
      ),
  });
  registerRoute(app, routes.setWebhookEndpointEnabled, {
    access: byOrg,
    errors: ['NOT_FOUND'],
    handler: async (request) => {
      const endpoint = await setWebhookEndpointEnabled(
        deps,
        { ...request.params, ...request.body },
        auditContext(request),
      );
      if (endpoint.isEnabled) dispatcher.wake();
      return endpoint;
    },
  });
  registerRoute(app, routes.deleteWebhookEndpoint, {
    access: byOrg,
    longRunning: true,
    errors: ['NOT_FOUND'],
    handler: async (request) => deleteWebhookEndpoint(deps, request.params, auditContext(request)),
  });
  registerRoute(app, routes.rotateWebhookSecret, {
    access: byOrg,
    errors: ['NOT_FOUND', 'CONFLICT'],
    handler: async (request) =>
      rotateWebhookSecret(deps, { ...request.params, ...request.body }, auditContext(request)),
  });
  registerRoute(app, routes.getWebhookDeliveries, {
    access: byOrg,
    errors: ['NOT_FOUND'],
    handler: async ({ params }) => getWebhookDeliveries(deps, params),
  });
  registerRoute(app, routes.redeliverWebhook, {
    access: byOrg,
    errors: ['NOT_FOUND'],
    handler: async ({ params, body }) => {
      const delivery = await redeliverWebhook(deps, { ...params, ...body });
      dispatcher.wake();
      return delivery;
    },
  });
};

/** The integrations module's manifest: what it depends on, the tables it owns, its routes. */
export const integrationsModule = defineModule({
  name: 'integrations',
  summary:
    'Outgoing webhooks (Standard Webhooks), Slack, and issue trackers (GitHub, Linear, Jira Cloud) linked both ways.',
  dependsOn: ['access', 'audit', 'items', 'mail', 'notifications'],
  ownsTables: [
    webhookEndpoints,
    webhookDeliveries,
    trackerConnections,
    trackerStateMap,
    trackerLinks,
    trackerDeliveries,
  ],
  register: registerIntegrations,
});
