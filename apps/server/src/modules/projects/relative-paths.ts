import { normalizeSiteUrl, type TRelativePath } from '@waymark/core';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { associatedSites, relativePaths } from '../../db/schema';
import type { ProjectScope } from '../access/index';

/**
 * spec §7 getProjectRelativePaths. Paths belong to the project, not to one domain (the same path
 * on every associated site is the same page), so `urlPath` — the selected site's base URL,
 * spec §3 — does not narrow the list: blank, or a site of the project, lists every path; an
 * address that is not one of the project's sites lists none.
 */
export async function getProjectRelativePaths(
  { db }: { db: Db },
  scope: ProjectScope,
  input: { urlPath?: string | null | undefined },
): Promise<TRelativePath[]> {
  if (input.urlPath?.trim() && !(await isProjectSite(db, scope.projectId, input.urlPath)))
    return [];
  return db
    .select({
      relativePathId: relativePaths.id,
      relativePath: relativePaths.path,
      projectId: relativePaths.projectId,
    })
    .from(relativePaths)
    .where(eq(relativePaths.projectId, scope.projectId))
    .orderBy(asc(relativePaths.path));
}

async function isProjectSite(db: Db, projectId: number, urlPath: string): Promise<boolean> {
  const site = normalizeSiteUrl(urlPath);
  if (!site) return false;
  const [row] = await db
    .select({ id: associatedSites.id })
    .from(associatedSites)
    .where(
      and(
        eq(associatedSites.projectId, projectId),
        eq(associatedSites.host, site.host),
        eq(associatedSites.basePath, site.basePath),
      ),
    );
  return Boolean(row);
}
