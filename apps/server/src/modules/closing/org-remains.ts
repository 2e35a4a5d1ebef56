import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { FileStore } from '../../files/file-store';
import { orgKeyPrefix } from '../attachments/index';

/** What is left of an organization: its row, rows naming it per table, and its stored files. */
export type OrgRemains = { orgRowExists: boolean; rows: Record<string, number>; files: number };

/**
 * Counts what is left of an organization (issue 33, test mode only: the e2e proves a deletion):
 * whether its row exists, rows of every table with an `org_id` column naming it (tables with a
 * foreign key to it, and those without one such as the audit log), and its files in the store.
 * Rows below its projects cascade from the organization row, so a missing row means none of those
 * are left. Tables are read from the catalogue, so a table added later is counted too.
 */
export async function countOrgRemains(
  deps: { db: Db; files: FileStore },
  orgId: number,
): Promise<OrgRemains> {
  const tables = await deps.db.execute<{ table_name: string }>(sql`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and c.column_name = 'org_id' and t.table_type = 'BASE TABLE'
    order by c.table_name`);
  const rows: Record<string, number> = {};
  for (const { table_name: table } of tables.rows) {
    const result = await deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where org_id = ${orgId}`,
    );
    rows[table] = result.rows[0]?.n ?? 0;
  }
  const org = await deps.db.execute(sql`select 1 from organizations where id = ${orgId}`);
  let files = 0;
  for await (const page of deps.files.list(orgKeyPrefix(orgId))) files += page.length;
  return { orgRowExists: org.rows.length > 0, rows, files };
}
