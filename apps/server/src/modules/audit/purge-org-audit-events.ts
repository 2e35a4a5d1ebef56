import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Deletes up to `limit` audit rows of a closed organization whose deletion is under way (issue 33,
 * decision 0063: its log goes with it). The append-only trigger lets a DELETE through only for the
 * organization this transaction names in `waymark.audit_purge_org` (SET LOCAL) and only while
 * that organization is closed, so no other code path can drop an open organization's log.
 * Answers how many rows went.
 */
export async function purgeOrgAuditEvents(
  tx: DbOrTx,
  input: { orgId: number; limit: number },
): Promise<number> {
  await tx.execute(sql`select set_config('waymark.audit_purge_org', ${String(input.orgId)}, true)`);
  const result = await tx.execute(sql`
    delete from audit_events where id in (
      select id from audit_events where org_id = ${input.orgId} order by id limit ${input.limit})`);
  return result.rowCount ?? 0;
}
