import type { TWebhookEndpoint, TWebhookEvent } from '@waymark/core';
import type { webhookEndpoints } from '../../db/schema';

/** A row of webhook_endpoints. */
export type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** The fields of an endpoint the API shows: picked, so its secrets never leave. */
export function toEndpointView(row: EndpointRow): TWebhookEndpoint {
  return {
    endpointId: row.id,
    url: row.url,
    kind: row.kind as TWebhookEndpoint['kind'],
    events: row.events as TWebhookEvent[],
    projectId: row.projectId,
    description: row.description,
    isEnabled: row.isEnabled,
    disabledReason: row.disabledReason,
    secretVersion: row.secretVersion,
    createdAt: row.createdAt.toISOString(),
  };
}
