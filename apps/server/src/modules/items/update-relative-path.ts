import { AppError, formatCount, SAVED_MESSAGE } from '@waymark/core';
import { and, eq, sql } from 'drizzle-orm';
import { allowLongStatements, type Db, type DbOrTx } from '../../db/client';
import { itemHistory, items, relativePathAliases, relativePaths } from '../../db/schema';
import { lockLiveProject, type ProjectScope } from '../access/index';
import { isUniqueViolation } from '../../db/constraint-violation';
import { PATH_NOT_FOUND } from './path-exists';
import { markPathMerge } from './path-merge';

/** Answered when a concurrent change created the target path first. */
export const PATH_CHANGED = 'The URL paths changed meanwhile. Reload them and try again.';

/** The history field recording a move of an item to another path. */
export const PATH_HISTORY_FIELD = 'relativePath';

/** Input of {@link updateRelativePath}. */
export type UpdateRelativePathInput = {
  /** The path to rename. */
  relativePathId: number;
  /** The new path, normalised (normalizePath). */
  relativePath: string;
  /** The caller, recorded in the items' history. */
  userId: number;
};

/**
 * spec §7 updateRelativePath: renames a path; its items move with it (issue 4). Renaming onto
 * another existing path of the project MERGES: the items move onto that path and the old path is
 * deleted. Either way each moved item gets a history entry (field `relativePath`, old → new), so
 * the move is never silent. One transaction. A merge answers how many items moved (issue 11),
 * e.g. "Merged into /pay: 3 items moved."; a plain rename answers "Saved successfully".
 */
export async function updateRelativePath(
  { db }: { db: Db },
  scope: ProjectScope,
  input: UpdateRelativePathInput,
): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      // Every item of the path moves, with a history entry each (decision 0141).
      await allowLongStatements(tx);
      // The project before its path rows, as its delete takes them (decision 0129).
      await lockLiveProject(tx, scope.projectId);
      const [source] = await tx
        .select({ id: relativePaths.id, path: relativePaths.path })
        .from(relativePaths)
        .where(
          and(
            eq(relativePaths.id, input.relativePathId),
            eq(relativePaths.projectId, scope.projectId),
          ),
        )
        .for('update');
      if (!source) throw new AppError('NOT_FOUND', PATH_NOT_FOUND);
      if (source.path === input.relativePath) return SAVED_MESSAGE;
      await recordMove(tx, { pathId: source.id, before: source.path, ...input });
      const [target] = await tx
        .select({ id: relativePaths.id })
        .from(relativePaths)
        .where(
          and(
            eq(relativePaths.projectId, scope.projectId),
            eq(relativePaths.path, input.relativePath),
          ),
        )
        .for('update');
      if (!target) {
        await tx
          .update(relativePaths)
          .set({ path: input.relativePath })
          .where(eq(relativePaths.id, source.id));
        await keepOldAddress(tx, scope.projectId, { oldPath: source.path, ...input });
        return SAVED_MESSAGE;
      }
      // The source's own old addresses follow its items onto the target before it is deleted.
      await tx
        .update(relativePathAliases)
        .set({ relativePathId: target.id })
        .where(eq(relativePathAliases.relativePathId, source.id));
      await keepOldAddress(tx, scope.projectId, {
        oldPath: source.path,
        relativePath: input.relativePath,
        relativePathId: target.id,
      });
      const moved = await tx
        .update(items)
        .set({ relativePathId: target.id, updatedAt: sql`now()` })
        .where(eq(items.relativePathId, source.id))
        .returning({ id: items.id });
      await markPathMerge(tx, { pathId: source.id, intoId: target.id });
      await tx.delete(relativePaths).where(eq(relativePaths.id, source.id));
      return `Merged into ${input.relativePath}: ${formatCount(moved.length, 'item')} moved.`;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'relative_paths_project_id_path_key'))
      throw new AppError('CONFLICT', PATH_CHANGED);
    throw error;
  }
}

async function recordMove(
  tx: DbOrTx,
  move: { pathId: number; before: string; relativePath: string; userId: number },
): Promise<void> {
  await tx.execute(sql`
    insert into ${itemHistory} (item_id, user_id, field, before, after)
    select ${items.id}, ${move.userId}::int, ${PATH_HISTORY_FIELD}, ${move.before}, ${move.relativePath}
    from ${items} where ${items.relativePathId} = ${move.pathId}
    for key share of ${items}`);
}

/**
 * Issue 31, old links: the renamed path keeps answering at its old address (an alias row pointing
 * at the path it became); the new address stops being an alias, since a real path is there now.
 */
async function keepOldAddress(
  tx: DbOrTx,
  projectId: number,
  move: { oldPath: string; relativePath: string; relativePathId: number },
): Promise<void> {
  await tx
    .delete(relativePathAliases)
    .where(
      and(
        eq(relativePathAliases.projectId, projectId),
        eq(relativePathAliases.path, move.relativePath),
      ),
    );
  await tx
    .insert(relativePathAliases)
    .values({ projectId, path: move.oldPath, relativePathId: move.relativePathId })
    .onConflictDoUpdate({
      target: [relativePathAliases.projectId, relativePathAliases.path],
      set: { relativePathId: move.relativePathId },
    });
}
