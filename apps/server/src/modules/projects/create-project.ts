import { AppError, MEMBER_ACCESS_LEVEL_ID, normalizeSiteUrl, type TProject } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { associatedSites, orgMembers, projects } from '../../db/schema';
import { selectProjects } from './accessible-projects';
import { assertProjectLimit } from '../entitlements/index';
import { grantProjectAccess } from '../teams/index';

/** Answered when a base URL is not a usable http(s) address. */
export const INVALID_SITE_URL =
  'Enter the site address as a web address, for example https://www.example.com.';

/** Normalises a typed base URL (normalizeSiteUrl) or throws BAD_REQUEST. */
export function parseSiteUrl(baseUrl: string): NonNullable<ReturnType<typeof normalizeSiteUrl>> {
  const site = normalizeSiteUrl(baseUrl);
  if (!site) throw new AppError('BAD_REQUEST', INVALID_SITE_URL);
  return site;
}

/**
 * Creates a project with its first associated site (the extension's "Create a project for this
 * site"), within the plan's project limit (spec §9). Any active member may create one; a
 * non-admin creator is granted access to it, so it shows in their extension.
 *
 * @param deps.db database; one transaction.
 * @param input.userId the caller, an active member of `orgId` (checked by the route's rule).
 */
export async function createProject(
  { db }: { db: Db },
  input: { orgId: number; userId: number; projectName: string; baseUrl: string },
): Promise<TProject> {
  const site = parseSiteUrl(input.baseUrl);
  return db.transaction(async (tx) => {
    await assertProjectLimit(tx, input.orgId);
    const [project] = await tx
      .insert(projects)
      .values({ orgId: input.orgId, name: input.projectName })
      .returning({ id: projects.id });
    if (!project) throw new Error('Insert into projects returned no row');
    await tx.insert(associatedSites).values({ projectId: project.id, ...site });
    const [member] = await tx
      .select({ accessLevelId: orgMembers.accessLevelId })
      .from(orgMembers)
      .where(and(eq(orgMembers.orgId, input.orgId), eq(orgMembers.userId, input.userId)));
    if (member?.accessLevelId === MEMBER_ACCESS_LEVEL_ID)
      await grantProjectAccess(tx, { projectId: project.id, userId: input.userId });
    const [created] = await selectProjects(tx, eq(projects.id, project.id));
    if (!created) throw new Error('Created project not found');
    return created;
  });
}
