import { compilePageRules, type CompiledPageRules, type PageRules } from '@waymark/core';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { itemHistory, items, relativePaths } from '../../../db/schema';
import { ensureRelativePath } from '../create-item';
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
 * the item's history (as a path rename is). Runs in the caller's transaction.
 */
export async function applyMoves(
  tx: DbOrTx,
  input: { projectId: number; userId: number; moves: readonly PlannedMove[] },
): Promise<number> {
  let moved = 0;
  for (const move of input.moves) {
    const targetId = await ensureRelativePath(tx, input.projectId, move.key);
    await tx.insert(itemHistory).values(
      move.itemIds.map((itemId) => ({
        itemId,
        userId: input.userId,
        field: PATH_HISTORY_FIELD,
        before: move.path,
        after: move.key,
      })),
    );
    await tx
      .update(items)
      .set({
        relativePathId: targetId,
        recordedPath: move.key === move.pagePath ? null : move.pagePath,
        updatedAt: sql`now()`,
      })
      .where(inArray(items.id, move.itemIds));
    moved += move.itemIds.length;
  }
  return moved;
}
