import { NO_PAGE_RULES, type PageRules } from '@waymark/core';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { lockLiveProject } from '../../access/index';
import { selectExpression } from '../../../db/select-expression';
import { projects, projectUrlRules, urlRulesVersions, urlTemplates } from '../../../db/schema';

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
 * {@link readUrlRules} in one statement, for a transaction whose statements run one after another
 * on its connection (issue 34: a create's round trips; outside a transaction the two reads run
 * side by side on the pool instead).
 */
export async function readUrlRulesInOneStatement(
  tx: DbOrTx,
  projectId: number,
): Promise<PageRules> {
  const { rows } = await tx.execute<{ rules: PageRules }>(
    sql`select ${urlRulesJsonSql(projectId)} as rules`,
  );
  const [row] = rows;
  if (!row) throw new Error('URL rules read returned no row');
  return row.rules;
}

/**
 * A project's URL rules as one jsonb value shaped as PageRules (defaults when it has none): read
 * in a statement another read rides on, or compared with rules read earlier (issue 34: a create
 * reads them with its checks and its rows' statement checks they have not changed).
 */
export function urlRulesJsonSql(projectId: number): SQL<PageRules> {
  return sql<PageRules>`jsonb_build_object(
    'hashRoutes', coalesce((select ${projectUrlRules.hashRoutes} from ${projectUrlRules}
      where ${projectUrlRules.projectId} = ${projectId}), false),
    'keptParams', coalesce((select to_jsonb(${projectUrlRules.keptParams}) from ${projectUrlRules}
      where ${projectUrlRules.projectId} = ${projectId}), '[]'::jsonb),
    'templates', coalesce((select jsonb_agg(jsonb_build_object('id', ${urlTemplates.id}, 'pattern',
        ${urlTemplates.pattern}, 'name', ${urlTemplates.name}) order by ${urlTemplates.id})
      from ${urlTemplates} where ${urlTemplates.projectId} = ${projectId}), '[]'::jsonb))`;
}

/**
 * Serialises URL-rule changes of a project against item creation on it (issue 31): a template
 * saved while items are created must not leave one on a path the merge already passed. The CSV
 * import takes the lock shared (imports run side by side), changing the rules exclusive; a single
 * create share-locks the rules' version row instead, which the exclusive mode bumps (0104).
 * Transaction-scoped, so a killed process releases it with its transaction. The exclusive mode
 * is NOT_FOUND for a project deleted before it could lock it.
 */
export async function lockUrlRules(
  tx: DbOrTx,
  projectId: number,
  mode: 'shared' | 'exclusive',
): Promise<void> {
  if (mode === 'shared') {
    await tx.execute(
      sql`select pg_advisory_xact_lock_shared(hashtext('waymark.url-rules'), ${projectId}::int)`,
    );
    return;
  }
  // The project before its version row and the rule rows written after it, as a project's delete
  // takes them (decision 0129): the other order deadlocked with that delete.
  await lockLiveProject(tx, projectId);
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('waymark.url-rules'), ${projectId}::int)`,
  );
  // A create in one statement takes no advisory lock: it share-locks the project's version row at the
  // rules' version it placed on (insertCheckedItemRows). This update waits for those creates
  // and makes the ones after it see a new version, before this transaction reads any item
  // (decision 0104).
  // An upsert: a project inserted with triggers off (a restored backup from before migration 0043,
  // a bulk load) has no version row yet, and a bump that updated nothing would leave creates unaware.
  await tx
    .insert(urlRulesVersions)
    .values({ projectId, version: 1 })
    .onConflictDoUpdate({
      target: urlRulesVersions.projectId,
      set: { version: sql`${urlRulesVersions.version} + 1` },
    });
}

/** A project's URL rules with the version they were read at ({@link urlRulesJsonSql}). */
export type VersionedUrlRules = { version: number; rules: PageRules };

/** The project's URL rules and their version, read in one statement (one snapshot). */
export async function readVersionedUrlRules(
  db: DbOrTx,
  projectId: number,
): Promise<VersionedUrlRules> {
  const read = async () =>
    (
      await db
        .select({
          version: urlRulesVersions.version,
          rules: selectExpression(urlRulesJsonSql(projectId)),
        })
        .from(urlRulesVersions)
        .where(eq(urlRulesVersions.projectId, projectId))
    )[0];
  const row = await read();
  if (row) return row;
  // No version row: the project was inserted with triggers off (a restored backup from before
  // migration 0043, a bulk load). Without one every create would find nothing to lock and fail,
  // so the first reader adds it; a concurrent rules change's upsert wins or waits, either way the
  // version read next is the rules' own.
  await db.execute(
    sql`insert into ${urlRulesVersions} (project_id)
      select ${projects.id} from ${projects} where ${projects.id} = ${projectId}
      on conflict do nothing`,
  );
  // Still none: the project is gone; a create on it writes nothing (its checks fail).
  return (await read()) ?? { version: -1, rules: NO_PAGE_RULES };
}
