import { z } from 'zod';
import { ZIdParam } from '../../entities/ids';
import {
  ZWebhookDelivery,
  ZWebhookEndpoint,
  ZWebhookEndpointInput,
  ZWebhookEndpointWithSecret,
} from '../../entities/webhook';
import { defineRoute } from '../define-route';

const ZOrgParams = z.object({ orgId: ZIdParam });
const ZEndpointParams = z.object({ orgId: ZIdParam, endpointId: ZIdParam });

/**
 * Outgoing webhooks and Slack endpoints of an organization (issue 30, docs/integrations.md),
 * managed by its admins on the portal's Integrations screen. Every call names the organization,
 * and an endpoint of another organization is "not found".
 */
export const integrationRoutes = {
  /** The organization's endpoints, newest first; secrets are never listed. */
  getWebhookEndpoints: defineRoute({
    method: 'GET',
    path: '/api/integrations/:orgId/webhooks',
    summary: "The organization's webhook and Slack endpoints.",
    tag: 'integrations',
    params: ZOrgParams,
    response: z.array(ZWebhookEndpoint),
  }),
  /** Adds an endpoint; the answer carries its signing secret, shown this once. */
  createWebhookEndpoint: defineRoute({
    method: 'POST',
    path: '/api/integrations/:orgId/webhooks',
    summary: 'Adds a webhook or Slack endpoint (answers its secret, once).',
    tag: 'integrations',
    params: ZOrgParams,
    body: ZWebhookEndpointInput,
    response: ZWebhookEndpointWithSecret,
  }),
  /** Changes an endpoint's URL, events, project or description; its secret stays. */
  updateWebhookEndpoint: defineRoute({
    method: 'PUT',
    path: '/api/integrations/:orgId/webhooks/:endpointId',
    summary: "Changes an endpoint's URL, events or project filter.",
    tag: 'integrations',
    params: ZEndpointParams,
    body: ZWebhookEndpointInput,
    response: ZWebhookEndpoint,
  }),
  /** Turns an endpoint on or off; turning a disabled endpoint on resumes its pending deliveries. */
  setWebhookEndpointEnabled: defineRoute({
    method: 'POST',
    path: '/api/integrations/:orgId/webhooks/:endpointId/enabled',
    summary: 'Enables or disables an endpoint.',
    tag: 'integrations',
    params: ZEndpointParams,
    body: z.strictObject({ isEnabled: z.boolean() }),
    response: ZWebhookEndpoint,
  }),
  /** Removes an endpoint and its delivery log. */
  deleteWebhookEndpoint: defineRoute({
    method: 'DELETE',
    path: '/api/integrations/:orgId/webhooks/:endpointId',
    summary: 'Removes an endpoint and its delivery log.',
    tag: 'integrations',
    params: ZEndpointParams,
    response: z.string(),
    responseKind: 'text',
  }),
  /**
   * Replaces an endpoint's signing secret. `secretVersion` is the version being replaced: of
   * concurrent identical clicks one rotates and the others get 409, so one new secret exists.
   * For a day the previous secret signs too (a second `v1,` signature) while receivers switch.
   */
  rotateWebhookSecret: defineRoute({
    method: 'POST',
    path: '/api/integrations/:orgId/webhooks/:endpointId/rotate',
    summary: "Rotates an endpoint's signing secret (answers the new one, once).",
    tag: 'integrations',
    params: ZEndpointParams,
    body: z.strictObject({ secretVersion: z.number().int().min(1).max(2_147_483_647) }),
    response: ZWebhookEndpointWithSecret,
  }),
  /** The endpoint's latest deliveries (at most 100), newest first. */
  getWebhookDeliveries: defineRoute({
    method: 'GET',
    path: '/api/integrations/:orgId/webhooks/:endpointId/deliveries',
    summary: "An endpoint's delivery log.",
    tag: 'integrations',
    params: ZEndpointParams,
    response: z.array(ZWebhookDelivery),
  }),
  /**
   * Sends a delivery again (same `webhook-id`). `attempts` is the delivery's attempt count the
   * caller saw: a click made on an older view, or on a delivery already waiting, changes nothing,
   * so thirty identical clicks add one attempt.
   */
  redeliverWebhook: defineRoute({
    method: 'POST',
    path: '/api/integrations/:orgId/webhooks/:endpointId/deliveries/:deliveryId/redeliver',
    summary: 'Sends a delivery again.',
    tag: 'integrations',
    params: z.object({ orgId: ZIdParam, endpointId: ZIdParam, deliveryId: ZIdParam }),
    body: z.strictObject({ attempts: z.number().int().min(0).max(2_147_483_647) }),
    response: ZWebhookDelivery,
  }),
};
