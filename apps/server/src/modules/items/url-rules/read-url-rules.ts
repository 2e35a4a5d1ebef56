import type { PageRules } from '@waymark/core';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { projectUrlRules, urlTemplates } from '../../../db/schema';

/** A project's URL rules as stored (issue 31); defaults when the project has none. */
export async function readUrlRules(db: DbOrTx, projectId: number): Promise<PageRules> {
  const [settings, templates] = await Promise.all([
    db
      .select({ hashRoutes: projectUrlRules.hashRoutes, keptParams: projectUrlRules.keptParams })
      .from(projectUrlRules)
      .where(eq(projectUrlRules.projectId, projectId)),
    db
      .select({ id: urlTemplates.id, pattern: urlTemplates.pattern, name: urlTemplates.name })
      .from(urlTemplates)
      .where(eq(urlTemplates.projectId, projectId))
      .orderBy(asc(urlTemplates.id)),
  ]);
  return {
    hashRoutes: settings[0]?.hashRoutes ?? false,
    keptParams: settings[0]?.keptParams ?? [],
    templates,
  };
}

/**
 * Serialises URL-rule changes of a project against item creation on it (issue 31): a template
 * saved while items are created must not leave one on a path the merge already passed. Creating
 * an item takes the lock shared (creations run side by side), changing the rules exclusive.
 * Transaction-scoped, so a killed process releases it with its transaction.
 */
export async function lockUrlRules(
  tx: DbOrTx,
  projectId: number,
  mode: 'shared' | 'exclusive',
): Promise<void> {
  await tx.execute(
    mode === 'shared'
      ? sql`select pg_advisory_xact_lock_shared(hashtext('waymark.url-rules'), ${projectId}::int)`
      : sql`select pg_advisory_xact_lock(hashtext('waymark.url-rules'), ${projectId}::int)`,
  );
}
