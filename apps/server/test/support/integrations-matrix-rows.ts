import type { MatrixRow } from './access-matrix';

// Issue 30: the organization's webhook endpoints are its admins' business only. Rows run in
// this order on an organization's own world: the spare endpoint is deleted last. The created
// endpoint wants only `item.deleted`, which no later row causes, so no delivery starts behind
// the probes' backs (a delivery attempt would change the database between snapshots).

const endpointPath = '/api/integrations/:orgId/webhooks/:endpointId';

/** The webhook endpoint calls. */
export const INTEGRATION_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    path: '/api/integrations/:orgId/webhooks',
    who: 'admin',
    request: (ids) => ({ params: { orgId: ids.orgId } }),
  },
  {
    method: 'POST',
    path: '/api/integrations/:orgId/webhooks',
    who: 'admin',
    request: (ids) => ({
      params: { orgId: ids.orgId },
      body: {
        url: 'https://hooks.example.com/probe',
        kind: 'webhook',
        events: ['item.deleted'],
        projectId: null,
      },
    }),
  },
  {
    method: 'PUT',
    path: endpointPath,
    who: 'admin',
    request: (ids) => ({
      params: { orgId: ids.orgId, endpointId: ids.webhookEndpointId },
      body: {
        url: 'https://hooks.example.com/probe-renamed',
        kind: 'webhook',
        events: ['item.deleted'],
        projectId: ids.projectId,
      },
    }),
  },
  {
    method: 'POST',
    path: `${endpointPath}/enabled`,
    who: 'admin',
    request: (ids) => ({
      params: { orgId: ids.orgId, endpointId: ids.webhookEndpointId },
      body: { isEnabled: false },
    }),
  },
  {
    method: 'POST',
    path: `${endpointPath}/rotate`,
    who: 'admin',
    request: (ids) => ({
      params: { orgId: ids.orgId, endpointId: ids.webhookEndpointId },
      body: { secretVersion: 1 },
    }),
  },
  {
    method: 'GET',
    path: `${endpointPath}/deliveries`,
    who: 'admin',
    request: (ids) => ({ params: { orgId: ids.orgId, endpointId: ids.webhookEndpointId } }),
  },
  {
    method: 'POST',
    path: `${endpointPath}/deliveries/:deliveryId/redeliver`,
    who: 'admin',
    request: (ids) => ({
      params: {
        orgId: ids.orgId,
        endpointId: ids.webhookEndpointId,
        deliveryId: ids.webhookDeliveryId,
      },
      body: { attempts: 1 },
    }),
  },
  {
    method: 'DELETE',
    path: endpointPath,
    who: 'admin',
    request: (ids) => ({ params: { orgId: ids.orgId, endpointId: ids.spareWebhookEndpointId } }),
  },
];
