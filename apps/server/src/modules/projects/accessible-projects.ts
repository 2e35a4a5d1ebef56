import type { TProject } from '@waymark/core';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { selectExpression } from '../../db/select-expression';
import { associatedSites, projects } from '../../db/schema';
import { canUseProject } from '../access/index';

/** A project's base URL (spec §3): its first associated site, or "" while it has none. */
const firstBaseUrl = selectExpression(sql<string>`coalesce((select ${associatedSites.baseUrl}
  from ${associatedSites} where ${associatedSites.projectId} = ${projects.id}
  order by ${associatedSites.id} limit 1), '')`);

/** Projects matching `where`, as the API shows them, sorted by name. */
export async function selectProjects(db: DbOrTx | Db, where: SQL | undefined): Promise<TProject[]> {
  return db
    .select({
      projectId: projects.id,
      projectName: projects.name,
      baseUrl: firstBaseUrl,
      orgId: projects.orgId,
    })
    .from(projects)
    .where(where)
    .orderBy(asc(sql`lower(${projects.name})`), asc(projects.id));
}

/**
 * spec §7 getAllProjects: the organization's projects the caller may use; admins see all,
 * members those granted to them (spec §6).
 */
export async function getAllProjects(
  { db }: { db: Db },
  input: { orgId: number; userId: number },
): Promise<TProject[]> {
  return selectProjects(db, and(eq(projects.orgId, input.orgId), canUseProject(input.userId)));
}
