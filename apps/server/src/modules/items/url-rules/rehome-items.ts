import { compilePageRules, type CompiledPageRules, type PageRules } from '@waymark/core';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { itemHistory, items, relativePaths } from '../../../db/schema';
import { ensureRelativePaths } from '../ensure-relative-paths';
import { PATH_HISTORY_FIELD } from '../update-relative-path';

/** Items recorded on one concrete page, all on the same path now. */
type PageGroup = { pathId: number; path: string; pagePath: string; itemIds: number[] };

/** A group of items whose key changes under new rules. */
export type PlannedMove = PageGroup & { key: string };

/**
 * The key of a stored concrete page under compiled rules: its query is filtered again, so a
 * parameter no longer kept merges pages and keeping it again splits them back.
 */
export function keyOfPage(compiled: CompiledPageRules, pagePath: string): string {
  const queryAt = pagePath.indexOf('?');
  if (queryAt === -1) return compiled.keyOf(pagePath).key;
  return compiled.identify(pagePath.slice(0, queryAt), pagePath.slice(queryAt)).key;
}

/**
 * Where each item of the project belongs under `rules` (issue 31): an item's concrete page is
 * the path it was recorded on (items.recorded_path) or, when it has none, the path it is on; its
 * place is that page's key. Answers the groups whose place changes. One aggregate read.
 */
export async function planMoves(
  tx: DbOrTx,
  projectId: number,
  rules: PageRules,
): Promise<PlannedMove[]> {
  const compiled = compilePageRules(rules);
  const groups = await tx
    .select({
      pathId: items.relativePathId,
      path: relativePaths.path,
      pagePath: sql<string>`coalesce(${items.recordedPath}, ${relativePaths.path})`,
      itemIds: sql<number[]>`array_agg(${items.id} order by ${items.id})`,
    })
    .from(items)
    .innerJoin(relativePaths, eq(relativePaths.id, items.relativePathId))
    .where(eq(items.projectId, projectId))
    .groupBy(items.relativePathId, relativePaths.path, sql`3`);
  return groups
    .map((group) => ({ ...group, key: keyOfPage(compiled, group.pagePath) }))
    .filter((group) => group.key !== group.path);
}

/**
 * Moves the planned groups to their new place, remembering the concrete page of items that now
 * live on a template's path and forgetting it for items back on their own page; each move is in
 * the item's history (as a path rename is). Runs in the caller's transaction, in the same three
 * statements however many groups move (decision 0140): the target paths, the history rows, the
 * items; each list is bound as one array parameter. A fourth, first, locks the planned items and
 * drops those deleted since the plan (decision 0146). The per-row triggers still run for every
 * item (change log, live events, history notifications and webhooks).
 */
export async function applyMoves(
  tx: DbOrTx,
  input: { projectId: number; userId: number; moves: readonly PlannedMove[] },
): Promise<number> {
  const moves = await keepExistingItems(tx, input.moves);
  if (moves.length === 0) return 0;
  const pathIds = await ensureRelativePaths(
    tx,
    input.projectId,
    moves.map((move) => move.key),
  );
  // Each item names its group by its number, counted from 1 as `with ordinality` counts.
  const itemIds = moves.flatMap((move) => move.itemIds);
  const groupNumbers = moves.flatMap((move, index) => move.itemIds.map(() => index + 1));
  const moved = sql`unnest(${sql.param(itemIds)}::int[], ${sql.param(groupNumbers)}::int[])
    with ordinality as moved(item_id, group_no, item_no)`;
  // Recorded before the move, as a rename records it: the history's triggers read the item as it was.
  await tx.execute(sql`
    insert into ${itemHistory} (item_id, user_id, field, before, after)
    select moved.item_id, ${input.userId}::int, ${PATH_HISTORY_FIELD}, place.before, place.after
    from ${moved}
    join unnest(
      ${sql.param(moves.map((move) => move.path))}::text[],
      ${sql.param(moves.map((move) => move.key))}::text[]
    ) with ordinality as place(before, after, group_no) using (group_no)
    order by moved.item_no`);
  await tx.execute(sql`
    update ${items} set relative_path_id = place.path_id, recorded_path = place.recorded,
      updated_at = now()
    from ${moved}
    join unnest(
      ${sql.param(moves.map((move) => pathIds.get(move.key) ?? 0))}::int[],
      ${sql.param(moves.map((move) => (move.key === move.pagePath ? null : move.pagePath)))}::text[]
    ) with ordinality as place(path_id, recorded, group_no) using (group_no)
    where ${items}.id = moved.item_id`);
  return itemIds.length;
}

/**
 * The planned moves without the items deleted since `planMoves` read them (another transaction
 * committed the delete) or being deleted now (the lock waits for it, then skips the row): their
 * history rows would fail the foreign key, a 500 for the whole rule change. The rest stay locked
 * until the caller commits, so none can be deleted between the history and the move.
 */
async function keepExistingItems(
  tx: DbOrTx,
  moves: readonly PlannedMove[],
): Promise<readonly PlannedMove[]> {
  if (moves.length === 0) return moves;
  const planned = moves.flatMap((move) => move.itemIds);
  const { rows } = await tx.execute<{ id: number }>(sql`
    select id from ${items} where id = any(${sql.param(planned)}::int[]) for no key update`);
  if (rows.length === planned.length) return moves;
  const kept = new Set(rows.map((row) => row.id));
  return moves
    .map((move) => ({ ...move, itemIds: move.itemIds.filter((id) => kept.has(id)) }))
    .filter((move) => move.itemIds.length > 0);
}
