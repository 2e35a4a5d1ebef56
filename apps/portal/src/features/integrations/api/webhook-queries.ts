import { routes } from '@waymark/core';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The Integrations screen's query keys, in one place. */
export const webhookKeys = {
  endpoints: (orgId: number) => ['integrations', 'webhooks', orgId] as const,
  deliveries: (orgId: number, endpointId: number) =>
    ['integrations', 'deliveries', orgId, endpointId] as const,
};

/** The organization's webhook and Slack endpoints. */
export function webhookEndpointsQuery(orgId: number) {
  return queryOptions({
    queryKey: webhookKeys.endpoints(orgId),
    queryFn: () => apiClient.call(routes.getWebhookEndpoints, { params: { orgId } }),
    enabled: orgId > 0,
  });
}

/** An endpoint's delivery log; refreshed every 5 s while open, so new attempts show. */
export function webhookDeliveriesQuery(orgId: number, endpointId: number) {
  return queryOptions({
    queryKey: webhookKeys.deliveries(orgId, endpointId),
    queryFn: () => apiClient.call(routes.getWebhookDeliveries, { params: { orgId, endpointId } }),
    refetchInterval: 5000,
  });
}
