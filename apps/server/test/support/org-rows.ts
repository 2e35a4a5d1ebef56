import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/** An organization's own ids and those of its projects, items and notes. */
export type OrgIds = { orgId: number; projectIds: number[]; itemIds: number[]; noteIds: number[] };

/** Reads {@link OrgIds} (before a deletion, to count what still names them after it). */
export async function readOrgIds(db: Db, orgId: number): Promise<OrgIds> {
  const ids = async (query: ReturnType<typeof sql>) =>
    (await db.execute<{ id: number }>(query)).rows.map((row) => Number(row.id));
  const projectIds = await ids(sql`select id from projects where org_id = ${orgId}`);
  const itemIds = await ids(
    sql`select i.id from items i join projects p on p.id = i.project_id where p.org_id = ${orgId}`,
  );
  const noteIds = await ids(
    sql`select n.id from item_notes n join items i on i.id = n.item_id
      join projects p on p.id = i.project_id where p.org_id = ${orgId}`,
  );
  return { orgId, projectIds, itemIds, noteIds };
}

/**
 * Rows belonging to an organization, per table (issue 33: "the look-alike organization is
 * untouched", "nothing of it remains"): every table with an `org_id`, `project_id`, `item_id` or
 * `note_id` column counted on the organization's ids (read now, or earlier with
 * {@link readOrgIds}), tables read from the catalogue so those added later are counted too.
 * Keys are `table.column`.
 */
export async function countOrgRows(db: Db, of: number | OrgIds): Promise<Record<string, number>> {
  const ids = typeof of === 'number' ? await readOrgIds(db, of) : of;
  const byColumn: Record<string, number[]> = {
    org_id: [ids.orgId],
    project_id: ids.projectIds,
    item_id: ids.itemIds,
    note_id: ids.noteIds,
  };
  const columns = await db.execute<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.column_name in ('org_id', 'project_id', 'item_id', 'note_id')
    order by c.table_name, c.column_name`);
  const counts: Record<string, number> = {};
  for (const { table_name: table, column_name: column } of columns.rows) {
    const wanted = byColumn[column] ?? [];
    const result = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)}
        where ${sql.identifier(column)} = any(${`{${wanted.join(',')}}`}::int[])`,
    );
    counts[`${table}.${column}`] = result.rows[0]?.n ?? 0;
  }
  return counts;
}
