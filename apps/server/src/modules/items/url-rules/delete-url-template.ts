import { AppError, formatCount } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import { allowLongStatements, type Db } from '../../../db/client';
import { urlTemplates } from '../../../db/schema';
import type { ProjectScope } from '../../access/index';
import { lockUrlRules, readUrlRules } from './read-url-rules';
import { applyMoves, planMoves } from './rehome-items';

/** Answered for a template id that is not one of the project's. */
export const TEMPLATE_NOT_FOUND = 'URL template not found.';

/**
 * Issue 31 deleteUrlTemplate: removes the template; every item on it goes back to the page it was
 * recorded on (or to a less specific template still matching that page). One transaction under
 * the project's URL-rules lock. Answers how many items moved.
 */
export async function deleteUrlTemplate(
  { db }: { db: Db },
  scope: ProjectScope,
  input: { templateId: number; userId: number },
): Promise<string> {
  return db.transaction(async (tx) => {
    // Re-homing moves a whole project's pages in this transaction: long by design (0135).
    await allowLongStatements(tx);
    await lockUrlRules(tx, scope.projectId, 'exclusive');
    const [removed] = await tx
      .delete(urlTemplates)
      .where(
        and(eq(urlTemplates.id, input.templateId), eq(urlTemplates.projectId, scope.projectId)),
      )
      .returning({ pattern: urlTemplates.pattern });
    if (!removed) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
    const moves = await planMoves(tx, scope.projectId, await readUrlRules(tx, scope.projectId));
    const moved = await applyMoves(tx, { projectId: scope.projectId, userId: input.userId, moves });
    return `Removed ${removed.pattern}: ${formatCount(moved, 'item')} back on their pages.`;
  });
}
