import { ADMIN_ACCESS_LEVEL_ID, AppError, PROJECT_NOT_FOUND } from '@waymark/core';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  associatedSites,
  items,
  orgMembers,
  projectAccess,
  projects,
  relativePaths,
  releases,
} from '../../db/schema';

/** What a project-scoped request refers to, resolved from one of its ids. */
export type ProjectRef =
  | { projectId: number }
  | { itemId: number }
  | { siteId: number }
  | { pathId: number }
  | { releaseId: number };

/** The project a request acts on and the caller's standing in it. */
export type ProjectScope = {
  projectId: number;
  orgId: number;
  /** 1 admin, 2 member (spec §6). */
  accessLevelId: number;
};

export { PROJECT_NOT_FOUND };
/** Answered to a member who may use a project but not manage it (spec §6). */
export const PROJECT_ADMIN_ONLY =
  'Only an administrator of this organization can manage projects, domains and paths.';

/** The project id behind `ref`, as an SQL expression (a scalar subquery for derived refs). */
function projectIdOf(ref: ProjectRef): SQL {
  if ('projectId' in ref) return sql`${ref.projectId}::int`;
  if ('itemId' in ref)
    return sql`(select ${items.projectId} from ${items} where ${items.id} = ${ref.itemId})`;
  if ('siteId' in ref)
    return sql`(select ${associatedSites.projectId} from ${associatedSites} where ${associatedSites.id} = ${ref.siteId})`;
  if ('pathId' in ref)
    return sql`(select ${relativePaths.projectId} from ${relativePaths} where ${relativePaths.id} = ${ref.pathId})`;
  return sql`(select ${releases.projectId} from ${releases} where ${releases.id} = ${ref.releaseId})`;
}

/**
 * Resolves the project behind `ref` for `userId` in one query. Admins (level 1) of the project's
 * organization may use every project of it; members only those granted in project_access
 * (spec §6). Anything the caller may not see is NOT_FOUND (ids reveal nothing, the convention of
 * organization checks); with `requireAdmin`, a non-admin member of the organization is
 * FORBIDDEN (the organization convention: a member lacking the level is 403).
 */
export async function resolveProjectScope(
  { db }: { db: Db },
  input: { userId: number; ref: ProjectRef; requireAdmin: boolean },
): Promise<ProjectScope> {
  const [row] = await db
    .select({
      projectId: projects.id,
      orgId: projects.orgId,
      accessLevelId: orgMembers.accessLevelId,
      hasAccess: sql<boolean>`${projectAccess.userId} is not null`,
    })
    .from(projects)
    .innerJoin(
      orgMembers,
      and(
        eq(orgMembers.orgId, projects.orgId),
        eq(orgMembers.userId, input.userId),
        eq(orgMembers.status, 'Active'),
      ),
    )
    .leftJoin(
      projectAccess,
      and(eq(projectAccess.projectId, projects.id), eq(projectAccess.userId, input.userId)),
    )
    .where(eq(projects.id, projectIdOf(input.ref)));
  if (!row) throw new AppError('NOT_FOUND', PROJECT_NOT_FOUND);
  const isAdmin = row.accessLevelId === ADMIN_ACCESS_LEVEL_ID;
  if (input.requireAdmin && !isAdmin) throw new AppError('FORBIDDEN', PROJECT_ADMIN_ONLY);
  if (!isAdmin && !row.hasAccess) throw new AppError('NOT_FOUND', PROJECT_NOT_FOUND);
  return { projectId: row.projectId, orgId: row.orgId, accessLevelId: row.accessLevelId };
}
