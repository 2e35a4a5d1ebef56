import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { orgMembers, projectAccess } from '../../src/db/schema';
import type { AuthTestContext } from './auth-test-app';

/** A caller's Authorization header (undefined: anonymous). */
export type As = { authorization: string } | undefined;

/** An organization with its admin, default data fields and (optionally) a project. */
export type OrgWorld = {
  admin: { authorization: string };
  adminUserId: number;
  orgId: number;
  itemTypeIds: number[];
  statusIds: number[];
};

/** Parses a 200 answer as JSON, failing the test with the body otherwise. */
export function ok<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  const isText = String(response.headers['content-type']).startsWith('text/plain');
  return isText ? (response.body as T) : response.json<T>();
}

/** The users.id of the caller (provisioned by this call). */
export async function userIdOf(t: AuthTestContext, as: As): Promise<number> {
  await t.call(as, { method: 'GET', url: '/api/account/getOrgs' });
  const result = await t.db.$client.query<{ id: number }>('select max(id) as id from users');
  return Number(result.rows[0]?.id);
}

/** Creates an organization (on Standard Trial) for a new admin and reads its data fields. */
export async function createOrgWorld(
  t: AuthTestContext,
  options: { email?: string; firstName?: string; lastName?: string } = {},
): Promise<OrgWorld> {
  const admin = await t.signIn({ firstName: 'Ada', lastName: 'Admin', ...options });
  ok(
    await t.call(admin, {
      method: 'POST',
      url: '/api/account/createOrgExistingUser',
      payload: { orgName: 'Org' },
    }),
  );
  const adminUserId = await userIdOf(t, admin);
  const [org] = ok<{ orgId: number }[]>(
    await t.call(admin, { method: 'GET', url: '/api/account/getOrgs' }),
  );
  const orgId = org?.orgId ?? 0;
  const types = ok<{ itemTypeId: number }[]>(
    await t.call(admin, { method: 'GET', url: `/api/item/getItemTypeOptions/${orgId}` }),
  );
  const statuses = ok<{ itemStatusId: number }[]>(
    await t.call(admin, { method: 'GET', url: `/api/item/getStatusOptions/${orgId}` }),
  );
  return {
    admin,
    adminUserId,
    orgId,
    itemTypeIds: types.map((type) => type.itemTypeId),
    statusIds: statuses.map((status) => status.itemStatusId),
  };
}

/** Creates a project with one site through the API, as the org's admin. */
export async function createProject(
  t: AuthTestContext,
  world: OrgWorld,
  baseUrl: string,
  projectName = 'Shop',
): Promise<number> {
  const project = ok<{ projectId: number }>(
    await t.call(world.admin, {
      method: 'POST',
      url: '/api/project/createProject',
      payload: { orgId: world.orgId, projectName, baseUrl },
    }),
  );
  return project.projectId;
}

/**
 * Creates a project on `baseUrl` and adds `otherBaseUrl` as its second environment (associated
 * site), as the org's admin: a URL on either is the same page.
 */
export async function createTwoSiteProject(
  t: AuthTestContext,
  world: OrgWorld,
  baseUrl: string,
  otherBaseUrl: string,
): Promise<number> {
  const projectId = await createProject(t, world, baseUrl);
  ok(
    await t.call(world.admin, {
      method: 'POST',
      url: '/api/project/saveAssociatedSite',
      payload: { projectId, baseUrl: otherBaseUrl },
    }),
  );
  return projectId;
}

/** Adds an active member (level 2) to the org, with access to `projectIds`. */
export async function addMember(
  t: AuthTestContext,
  world: OrgWorld,
  projectIds: number[],
  options: { firstName?: string; lastName?: string; email?: string } = {},
): Promise<{ as: { authorization: string }; userId: number }> {
  const as = await t.signIn({ firstName: 'Max', lastName: 'Member', ...options });
  const userId = await userIdOf(t, as);
  await t.db
    .insert(orgMembers)
    .values({ orgId: world.orgId, userId, accessLevelId: 2, status: 'Active' });
  if (projectIds.length > 0)
    await t.db.insert(projectAccess).values(projectIds.map((projectId) => ({ projectId, userId })));
  return { as, userId };
}

/** Creates an item on `relativePath` of a project as `as`; answers its id. */
export async function createItem(
  t: AuthTestContext,
  as: As,
  world: OrgWorld,
  fields: { projectId: number; relativePath: string; title: string } & Record<string, unknown>,
): Promise<number> {
  const item = ok<{ itemId: number }>(
    await t.call(as, {
      method: 'POST',
      url: '/api/item/createItem',
      payload: { itemTypeId: world.itemTypeIds[0], itemStatusId: world.statusIds[0], ...fields },
    }),
  );
  return item.itemId;
}

/** Ids of one organization's projects world, for the access-control matrix. */
export type ProjectIds = {
  projectId: number;
  /** A second project, for the delete-project probe. */
  spareProjectId: number;
  /** The project's first site's host, for page lookups. */
  siteUrl: string;
  /** A second site, for the delete-site probe. */
  spareSiteId: number;
  /** The path of `itemId`. */
  pathId: number;
  /** A path with its own item, for the delete-path probe. */
  sparePathId: number;
  /** A URL template no item uses, for the delete-template probe (issue 31). */
  spareTemplateId: number;
  /** An address showing `/page` (an accepted canonical link), for the delete-alias probe. */
  spareAliasPath: string;
  itemId: number;
  otherItemId: number;
  /** An item for the delete-item probe. */
  spareItemId: number;
  itemTypeId: number;
  itemStatusId: number;
  /** A default status and item type no item uses, for the delete probes. */
  spareStatusId: number;
  spareItemTypeId: number;
  /** A release of the project. */
  releaseId: number;
};

/**
 * Builds a project with sites, paths and items as the admin `as` of `orgId`. Names are the same in
 * every organization; `tag` (default: the org id) marks the data that is the organization's own —
 * its domains and item descriptions — so a test can tell whose data an answer holds.
 */
export async function createProjectIds(
  t: AuthTestContext,
  as: As,
  orgId: number,
  tag: string = String(orgId),
): Promise<ProjectIds> {
  const siteUrl = `https://site-${tag}.example.test`;
  const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object) =>
    ok<T>(await t.call(as, { method, url, ...(payload && { payload }) }));
  const { projectId } = await call<{ projectId: number }>('POST', '/api/project/createProject', {
    orgId,
    projectName: 'Probe project',
    baseUrl: siteUrl,
  });
  const spare = await call<{ projectId: number }>('POST', '/api/project/createProject', {
    orgId,
    projectName: 'Spare project',
    baseUrl: `https://spare-${tag}.example.test`,
  });
  await call('POST', '/api/project/saveAssociatedSite', { projectId, baseUrl: `${siteUrl}/spare` });
  const sites = await call<{ siteManagementId: number }[]>(
    'GET',
    `/api/project/getAssociatedSites/${projectId}`,
  );
  const types = await call<{ itemTypeId: number }[]>(
    'GET',
    `/api/item/getItemTypeOptions/${orgId}`,
  );
  const statuses = await call<{ itemStatusId: number }[]>(
    'GET',
    `/api/item/getStatusOptions/${orgId}`,
  );
  const [type] = types;
  const [status] = statuses;
  await call('POST', '/api/OrgSettings/saveRelease', { releaseTitle: 'R1', orgId, projectId });
  const [release] = await call<{ releaseId: number }[]>(
    'GET',
    `/api/item/getReleaseOptions/${projectId}`,
  );
  const fields = { projectId, itemTypeId: type?.itemTypeId, itemStatusId: status?.itemStatusId };
  const create = async (relativePath: string, title: string) =>
    (
      await call<{ itemId: number }>('POST', '/api/item/createItem', {
        ...fields,
        relativePath,
        title,
        descriptionHtml: `<p>${title} of ${tag}</p>`,
      })
    ).itemId;
  const itemId = await create('/page', 'Probe item');
  const otherItemId = await create('/page', 'Other item');
  const spareItemId = await create('/page', 'Spare item');
  await create('/spare-path', 'On the spare path');
  const paths = await call<{ relativePathId: number; relativePath: string }[]>(
    'POST',
    '/api/project/getProjectRelativePaths',
    { projectId },
  );
  const spareTemplate = await call<{ templateId: number }>(
    'POST',
    '/api/project/createUrlTemplate',
    { projectId, pattern: '/spare-template/:id', name: 'Spare page' },
  );
  await call('POST', '/api/project/acceptCanonicalLink', {
    projectId,
    pageUrl: `${siteUrl}/spare-alias`,
    canonicalUrl: `${siteUrl}/page`,
  });
  const pathIdOf = (path: string) =>
    paths.find((candidate) => candidate.relativePath === path)?.relativePathId ?? 0;
  return {
    projectId,
    spareProjectId: spare.projectId,
    siteUrl,
    spareSiteId: sites[1]?.siteManagementId ?? 0,
    pathId: pathIdOf('/page'),
    sparePathId: pathIdOf('/spare-path'),
    spareTemplateId: spareTemplate.templateId,
    spareAliasPath: '/spare-alias',
    itemId,
    otherItemId,
    spareItemId,
    itemTypeId: fields.itemTypeId ?? 0,
    itemStatusId: fields.itemStatusId ?? 0,
    spareStatusId: statuses[2]?.itemStatusId ?? 0,
    spareItemTypeId: types[4]?.itemTypeId ?? 0,
    releaseId: release?.releaseId ?? 0,
  };
}

/** Signs in a new user and makes them an active member of `orgId` with access to `projectId`. */
export async function addProjectMember(
  t: AuthTestContext,
  orgId: number,
  projectId: number,
): Promise<{ authorization: string }> {
  const as = await t.signIn();
  const userId = await userIdOf(t, as);
  await t.db.insert(orgMembers).values({ orgId, userId, accessLevelId: 2, status: 'Active' });
  await t.db.insert(projectAccess).values({ projectId, userId });
  return as;
}
