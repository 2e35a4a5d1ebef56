import { AppError, SAVED_MESSAGE, type TAssociatedSite } from '@waymark/core';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { associatedSites } from '../../db/schema';
import { parseSiteUrl } from './create-project';
import { assertSiteLimit } from '../entitlements/index';
import { isUniqueViolation } from '../../db/constraint-violation';
import type { ProjectScope } from '../access/index';

/** Answered when the project already has this site. */
export const DUPLICATE_SITE = 'This site is already associated with the project.';
/** Answered for a site id that is not one of the project's. */
export const SITE_NOT_FOUND = 'Associated site not found.';

/** spec §7 getAssociatedSites: a project's sites, oldest first. */
export async function getAssociatedSites(
  { db }: { db: Db },
  scope: ProjectScope,
): Promise<TAssociatedSite[]> {
  return db
    .select({
      siteManagementId: associatedSites.id,
      projectId: associatedSites.projectId,
      baseUrl: associatedSites.baseUrl,
    })
    .from(associatedSites)
    .where(eq(associatedSites.projectId, scope.projectId))
    .orderBy(asc(associatedSites.id));
}

/**
 * spec §7 saveAssociatedSite: adds a site (no siteManagementId; within the plan's sites per
 * project, spec §9) or changes one. The URL is stored normalised (normalizeSiteUrl) with its host
 * and base path; the same site twice in one project is a CONFLICT.
 */
export async function saveAssociatedSite(
  { db }: { db: Db },
  scope: ProjectScope,
  input: { baseUrl: string; siteManagementId?: number | null | undefined },
): Promise<string> {
  const site = parseSiteUrl(input.baseUrl);
  try {
    await db.transaction(async (tx) => {
      if (input.siteManagementId == null) {
        await assertSiteLimit(tx, scope);
        await tx.insert(associatedSites).values({ projectId: scope.projectId, ...site });
        return;
      }
      const updated = await tx
        .update(associatedSites)
        .set(site)
        .where(
          and(
            eq(associatedSites.id, input.siteManagementId),
            eq(associatedSites.projectId, scope.projectId),
          ),
        )
        .returning({ id: associatedSites.id });
      if (updated.length === 0) throw new AppError('NOT_FOUND', SITE_NOT_FOUND);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'associated_sites_project_host_path_key'))
      throw new AppError('CONFLICT', DUPLICATE_SITE);
    throw error;
  }
  return SAVED_MESSAGE;
}

/** spec §7 deleteAssociatedSite: removes a site; the project's paths and items stay. */
export async function deleteAssociatedSite(
  { db }: { db: Db },
  input: { siteId: number },
): Promise<string> {
  await db.delete(associatedSites).where(eq(associatedSites.id, input.siteId));
  return 'Site deleted successfully';
}
