import { AppError, type TUrlTemplate } from '@waymark/core';
import { allowLongStatements, type Db } from '../../../db/client';
import { urlTemplates } from '../../../db/schema';
import { isUniqueViolation } from '../../../db/constraint-violation';
import type { ProjectScope } from '../../access/index';
import { checkTemplate } from './check-template';
import { withTemplate } from './preview-url-template';
import { lockUrlRules, readUrlRules } from './read-url-rules';
import { applyMoves, planMoves } from './rehome-items';

/** Input of {@link createUrlTemplate}. */
export type CreateUrlTemplateInput = {
  pattern: string;
  name?: string | null | undefined;
  userId: number;
};

/**
 * Issue 31 createUrlTemplate: saves the template and, in the same transaction, moves the items
 * of every page it absorbs onto its path, each remembering the page it was recorded on. Holds
 * the project's URL-rules lock exclusively, so items created meanwhile wait and land on the
 * template (none is left behind on an absorbed page).
 */
export async function createUrlTemplate(
  { db }: { db: Db },
  scope: ProjectScope,
  input: CreateUrlTemplateInput,
): Promise<TUrlTemplate> {
  try {
    return await db.transaction(async (tx) => {
      // Re-homing moves a whole project's pages in this transaction: long by design (0135).
      await allowLongStatements(tx);
      await lockUrlRules(tx, scope.projectId, 'exclusive');
      const rules = await readUrlRules(tx, scope.projectId);
      const { pattern } = checkTemplate(input.pattern, rules);
      const name = input.name?.trim() || null;
      const [row] = await tx
        .insert(urlTemplates)
        .values({ projectId: scope.projectId, pattern, name })
        .returning({ id: urlTemplates.id });
      if (!row) throw new Error('Insert into url_templates returned no row');
      const next = withTemplate(rules, pattern, name);
      const moves = await planMoves(tx, scope.projectId, next);
      await applyMoves(tx, { projectId: scope.projectId, userId: input.userId, moves });
      return { templateId: row.id, pattern, name };
    });
  } catch (error) {
    // Only when another copy saved the same pattern between our read and insert (lock aside).
    if (isUniqueViolation(error, 'url_templates_project_id_pattern_key'))
      throw new AppError('BAD_REQUEST', `The template ${input.pattern.trim()} already exists.`);
    throw error;
  }
}
