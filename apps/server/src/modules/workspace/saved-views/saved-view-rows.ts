import { AppError, type TSavedView } from '@waymark/core';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { savedViews } from '../../../db/schema';

/** A transaction (or the pool): what the saved-view services run their statements on. */
export type Tx = Pick<Db, 'execute' | 'select' | 'insert' | 'update' | 'delete'>;

/** Answered for a view that does not exist or is not the caller's (the same answer for both). */
export const SAVED_VIEW_NOT_FOUND = 'No such saved view.';

/** The columns a saved view is answered from. */
export const savedViewColumns = {
  viewId: savedViews.id,
  projectId: savedViews.projectId,
  name: savedViews.name,
  state: savedViews.state,
  updatedAt: savedViews.updatedAt,
};

/** A saved view's row as the API answers it. */
export function toSavedView(row: {
  viewId: number;
  projectId: number;
  name: string;
  state: TSavedView['state'];
  updatedAt: Date;
}): TSavedView {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/**
 * Runs `work` in a transaction holding the lock of one user's views of a project: their writes
 * are serialised, so the limit's count and the name checks see every earlier save — 30 identical
 * concurrent saves make one view (the later 29 find it and replace it with the same state) and
 * the limit cannot be passed. `mine` selects that user's views of the project.
 */
export function withUserViews<T>(
  db: Db,
  userId: number,
  projectId: number,
  work: (tx: Tx, mine: SQL) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`saved-views:${userId}:${projectId}`}))`,
    );
    const mine = and(eq(savedViews.userId, userId), eq(savedViews.projectId, projectId));
    return work(tx, mine ?? sql`false`);
  });
}

/** The 404 of a view that is missing or someone else's. */
export function viewNotFound(): AppError {
  return new AppError('NOT_FOUND', SAVED_VIEW_NOT_FOUND);
}
