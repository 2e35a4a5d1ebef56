import type { TUrlRules } from '@waymark/core';
import { allowLongStatements, type Db } from '../../../db/client';
import { projectUrlRules } from '../../../db/schema';
import type { ProjectScope } from '../../access/index';
import { toUrlRules } from './get-url-rules';
import { lockUrlRules, readUrlRules } from './read-url-rules';
import { applyMoves, planMoves } from './rehome-items';

/** Input of {@link setUrlRules}: kept names already validated and sorted (ZKeptParams). */
export type SetUrlRulesInput = { hashRoutes: boolean; keptParams: string[]; userId: number };

/**
 * Issue 31 setUrlRules: the kept query parameters and the hash-route switch. Pages recorded with
 * a parameter no longer kept merge onto the page without it, each item remembering its page, so
 * keeping the parameter again splits them back. The hash switch changes how new URLs are read;
 * paths already recorded stay as they are.
 */
export async function setUrlRules(
  { db }: { db: Db },
  scope: ProjectScope,
  input: SetUrlRulesInput,
): Promise<TUrlRules> {
  return db.transaction(async (tx) => {
    // Re-homing moves a whole project's pages in this transaction: long by design (0135).
    await allowLongStatements(tx);
    await lockUrlRules(tx, scope.projectId, 'exclusive');
    const values = { hashRoutes: input.hashRoutes, keptParams: input.keptParams };
    await tx
      .insert(projectUrlRules)
      .values({ projectId: scope.projectId, ...values })
      .onConflictDoUpdate({ target: projectUrlRules.projectId, set: values });
    const rules = await readUrlRules(tx, scope.projectId);
    const moves = await planMoves(tx, scope.projectId, rules);
    await applyMoves(tx, { projectId: scope.projectId, userId: input.userId, moves });
    return toUrlRules(scope.projectId, rules);
  });
}
