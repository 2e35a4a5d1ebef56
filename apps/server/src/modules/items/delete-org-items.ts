import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Deletes up to `limit` items of an organization being deleted (issue 33), oldest first, in the
 * caller's transaction; their notes, history, tags, links, pins, attachments' rows and search
 * entries go with them (foreign keys cascade). Answers how many went: fewer than `limit` means
 * none are left. Batches keep each transaction short for organizations of any size.
 */
export async function deleteOrgItems(
  tx: DbOrTx,
  input: { orgId: number; limit: number },
): Promise<number> {
  const result = await tx.execute(sql`
    delete from items where id in (
      select i.id from items i join projects p on p.id = i.project_id
      where p.org_id = ${input.orgId} order by i.id limit ${input.limit})`);
  return result.rowCount ?? 0;
}
