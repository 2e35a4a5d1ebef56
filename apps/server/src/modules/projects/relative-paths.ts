import { normalizeSiteUrl, type TRelativePath } from '@waymark/core';
import { and, asc, eq, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { associatedSites, relativePathAliases, relativePaths } from '../../db/schema';
import type { ProjectScope } from '../access/index';

/**
 * spec §7 getProjectRelativePaths. Paths belong to the project, not to one domain (the same path
 * on every associated site is the same page), so `urlPath` — the selected site's base URL,
 * spec §3 — does not narrow the list: blank, or a site of the project, lists every path; an
 * address that is not one of the project's sites lists none. Each path carries the aliases in effect
 * (issue 31) so the portal can show and remove them.
 */
export async function getProjectRelativePaths(
  { db }: { db: Db },
  scope: ProjectScope,
  input: { urlPath?: string | null | undefined },
): Promise<TRelativePath[]> {
  if (input.urlPath?.trim() && !(await isProjectSite(db, scope.projectId, input.urlPath)))
    return [];
  const [paths, aliases] = await Promise.all([
    db
      .select({
        relativePathId: relativePaths.id,
        relativePath: relativePaths.path,
        projectId: relativePaths.projectId,
      })
      .from(relativePaths)
      .where(eq(relativePaths.projectId, scope.projectId))
      .orderBy(asc(relativePaths.path)),
    db
      .select({
        path: relativePathAliases.path,
        relativePathId: relativePathAliases.relativePathId,
      })
      .from(relativePathAliases)
      .where(
        and(
          eq(relativePathAliases.projectId, scope.projectId),
          // An address recorded again as a page of its own shows that page: not an alias then.
          notExists(
            db
              .select({ id: relativePaths.id })
              .from(relativePaths)
              .where(
                and(
                  eq(relativePaths.projectId, relativePathAliases.projectId),
                  eq(relativePaths.path, relativePathAliases.path),
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(relativePathAliases.path)),
  ]);
  const aliasesByPath = new Map<number, string[]>();
  for (const alias of aliases)
    aliasesByPath.set(alias.relativePathId, [
      ...(aliasesByPath.get(alias.relativePathId) ?? []),
      alias.path,
    ]);
  return paths.map((path) => ({ ...path, aliases: aliasesByPath.get(path.relativePathId) ?? [] }));
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
