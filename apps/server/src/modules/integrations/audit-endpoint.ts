import type { DbOrTx } from '../../db/client';
import type { webhookEndpoints } from '../../db/schema';
import { recordAudit, type AuditContext } from '../audit/index';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * What the audit log keeps of an endpoint: never its URL's path or query (a Slack incoming
 * webhook's URL is its secret), only the host, kind, events, project filter and state.
 */
function auditedFields(row: EndpointRow): Record<string, unknown> {
  return {
    kind: row.kind,
    host: new URL(row.url).host,
    events: row.events,
    projectId: row.projectId,
    description: row.description,
    isEnabled: row.isEnabled,
  };
}

/** Records a webhook endpoint change in the audit log, in the change's transaction. */
export async function auditEndpoint(
  tx: DbOrTx,
  audit: AuditContext,
  change: {
    action: 'webhook.created' | 'webhook.updated' | 'webhook.deleted' | 'webhook.secret_rotated';
    before: EndpointRow | null;
    after: EndpointRow | null;
    at: Date;
  },
): Promise<void> {
  const row = change.after ?? change.before;
  if (!row) return;
  const host = new URL(row.url).host;
  await recordAudit(tx, audit, {
    orgId: row.orgId,
    action: change.action,
    target: {
      type: 'webhook',
      id: row.id,
      label: row.description ? `${row.description} (${host})` : host,
    },
    before: change.before ? auditedFields(change.before) : null,
    after: change.after ? auditedFields(change.after) : null,
    at: change.at,
  });
}
