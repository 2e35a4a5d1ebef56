import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { relativePaths } from '../../db/schema';

/**
 * The ids of the project's paths `paths` by path, inserting the missing ones (safe under
 * concurrency): one statement however many paths there are, the list bound as one array
 * (decision 0140); a second only for paths another transaction inserted after the first one's
 * snapshot. `ensureRelativePath` (create-item.ts) for a set of paths.
 */
export async function ensureRelativePaths(
  tx: DbOrTx,
  projectId: number,
  paths: readonly string[],
): Promise<Map<string, number>> {
  const wanted = [...new Set(paths)];
  const ids = new Map<string, number>();
  if (wanted.length === 0) return ids;
  const read = async (query: SQL) => {
    const { rows } = await tx.execute<{ id: number; path: string }>(query);
    for (const row of rows) ids.set(row.path, row.id);
  };
  const known = (list: string[]) =>
    sql`select id, path from ${relativePaths}
      where project_id = ${projectId} and path = any(${sql.param(list)}::text[])`;
  // The rows inserted here are not in this statement's snapshot: the union never repeats a path.
  await read(sql`with inserted as (
      insert into ${relativePaths} (project_id, path)
      select ${projectId}::int, listed.path
      from unnest(${sql.param(wanted)}::text[]) as listed(path) order by listed.path
      on conflict do nothing returning id, path)
    select id, path from inserted union all (${known(wanted)})`);
  const missing = wanted.filter((path) => !ids.has(path));
  if (missing.length > 0) await read(known(missing));
  if (ids.size !== wanted.length) throw new Error('Relative path vanished during insert');
  return ids;
}
