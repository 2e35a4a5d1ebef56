import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { pageLookup } from '../support/page-lookup';
import {
  addMember,
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type As,
  type OrgWorld,
} from '../support/projects-world';

// The access matrix checks the one id each route's rule reads; these calls carry a second id
// (a release, assignee, related item, site, path, status …) of another project or organization,
// which the handler must refuse itself. Each case also checks nothing changed.

let t: AuthTestContext;
let world: OrgWorld;
let foreign: OrgWorld;
/** Project P: the member's. Project Q: same organization, the member has no access. */
let p: number;
let q: number;
let member: { as: As; userId: number };
/** A member of the organization without access to P. */
let qOnly: { as: As; userId: number };
let pItem: number;
let qItem: number;
let qRelease: number;
let foreignProject: number;
let foreignRelease: number;

const post = (as: As, url: string, payload: object) => t.call(as, { method: 'POST', url, payload });
const get = (as: As, url: string) => t.call(as, { method: 'GET', url });

async function releaseOf(as: As, orgId: number, projectId: number): Promise<number> {
  ok(await post(as, '/api/OrgSettings/saveRelease', { releaseTitle: 'R', orgId, projectId }));
  const [release] = ok<{ releaseId: number }[]>(
    await get(as, `/api/item/getReleaseOptions/${projectId}`),
  );
  return release?.releaseId ?? 0;
}

type Detail = {
  releaseId: number | null;
  assignee: unknown;
  itemTypeDescription: string;
  itemStatusDescription: string;
  relatedItemIds: number[];
};
const detail = async (itemId: number) =>
  ok<Detail>(await get(world.admin, `/api/item/getItem/${itemId}`));

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  foreign = await createOrgWorld(t, { firstName: 'Fay' });
  p = await createProject(t, world, 'https://p.cross.example.test', 'P');
  q = await createProject(t, world, 'https://q.cross.example.test', 'Q');
  foreignProject = await createProject(t, foreign, 'https://p.cross.example.test', 'Foreign');
  member = await addMember(t, world, [p]);
  qOnly = await addMember(t, world, [q], { firstName: 'Quinn' });
  pItem = await createItem(t, member.as, world, { projectId: p, relativePath: '/a', title: 'A' });
  qItem = await createItem(t, world.admin, world, { projectId: q, relativePath: '/b', title: 'B' });
  qRelease = await releaseOf(world.admin, world.orgId, q);
  foreignRelease = await releaseOf(foreign.admin, foreign.orgId, foreignProject);
});
afterAll(() => t.close());

describe('ids of another project or organization inside a request', () => {
  it("updateItem refuses another project's release, another org's type/status, an assignee without access", async () => {
    const before = await detail(pItem);
    const cases: [object, RegExp][] = [
      [{ releaseId: qRelease }, /release of this project/],
      [{ releaseId: foreignRelease }, /release of this project/],
      [{ itemTypeId: foreign.itemTypeIds[0] }, /item type of this organization/],
      [{ itemStatusId: foreign.statusIds[0] }, /status of this organization/],
      [{ assigneeUserId: qOnly.userId }, /member with access/],
      [{ assigneeUserId: foreign.adminUserId }, /member with access/],
    ];
    for (const [change, message] of cases) {
      const response = await post(member.as, '/api/item/updateItem', { itemId: pItem, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.body).toMatch(message);
    }
    expect(await detail(pItem)).toEqual(before);
  });

  it('linkRelatedItem and unlinkRelatedItem refuse an item of another project', async () => {
    for (const url of ['/api/item/linkRelatedItem', '/api/item/unlinkRelatedItem']) {
      const response = await post(member.as, url, { itemId: pItem, relatedItemId: qItem });
      expect(response.statusCode, url).toBe(400);
      expect(response.body).toMatch(/not found in this project/);
    }
    // The other way round the caller may not use the item named by the rule at all.
    const reverse = await post(member.as, '/api/item/linkRelatedItem', {
      itemId: qItem,
      relatedItemId: pItem,
    });
    expect(reverse.statusCode).toBe(404);
    expect((await detail(pItem)).relatedItemIds).toEqual([]);
    expect((await detail(qItem)).relatedItemIds).toEqual([]);
  });

  it('getPageItems never answers a project the caller may not use, whatever projectId/orgId say', async () => {
    const page = 'https://p.cross.example.test/a';
    for (const extra of [{}, { projectId: foreignProject }, { projectId: q }]) {
      const answer = ok<{ projectId: number | null; projects: { projectId: number }[] }>(
        await t.call(member.as, pageLookup({ pageUrl: page, ...extra })),
      );
      expect(answer.projectId, JSON.stringify(extra)).toBe(p);
      expect(answer.projects.map((project) => project.projectId)).toEqual([p]);
    }
    const byForeignOrg = ok<{ projectId: number | null; items: unknown[] }>(
      await t.call(member.as, pageLookup({ pageUrl: page, orgId: foreign.orgId })),
    );
    expect(byForeignOrg).toMatchObject({ projectId: null, items: [] });
  });

  it("saveAssociatedSite and updateRelativePath refuse another project's site and path", async () => {
    const [qSite] = ok<{ siteManagementId: number; baseUrl: string }[]>(
      await get(world.admin, `/api/project/getAssociatedSites/${q}`),
    );
    const site = await post(world.admin, '/api/project/saveAssociatedSite', {
      projectId: p,
      siteManagementId: qSite?.siteManagementId,
      baseUrl: 'https://hijacked.example.test',
    });
    expect(site.statusCode).toBe(404);
    expect(ok(await get(world.admin, `/api/project/getAssociatedSites/${q}`))).toEqual([qSite]);

    const [qPath] = ok<{ relativePathId: number; relativePath: string }[]>(
      await post(world.admin, '/api/project/getProjectRelativePaths', { projectId: q }),
    );
    const path = await post(world.admin, '/api/project/updateRelativePath', {
      projectId: p,
      relativePathId: qPath?.relativePathId,
      relativePath: '/moved',
    });
    expect(path.statusCode).toBe(404);
    expect(
      ok(await post(world.admin, '/api/project/getProjectRelativePaths', { projectId: q })),
    ).toEqual([qPath]);
  });

  it("an org admin cannot rename or delete another organization's releases, statuses or types", async () => {
    const renames: [string, object][] = [
      ['/api/OrgSettings/saveRelease', { releaseTitle: 'X', ReleaseId: foreignRelease }],
      ['/api/OrgSettings/saveRelease', { releaseTitle: 'X', projectId: foreignProject }],
      [
        '/api/OrgSettings/saveOrgStatus',
        { orgStatusName: 'X', itemStatusId: foreign.statusIds[0] },
      ],
      [
        '/api/OrgSettings/saveOrgItemType',
        { itemTypeDescription: 'X', itemTypeId: foreign.itemTypeIds[0] },
      ],
    ];
    for (const [url, body] of renames) {
      const response = await post(world.admin, url, { orgId: world.orgId, ...body });
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(404);
    }
    const deletes = [
      `/api/orgSettings/deleteRelease/${foreignRelease}`,
      `/api/orgSettings/deleteOrgStatus/${foreign.statusIds[0]}`,
      `/api/orgSettings/deleteOrgItemType/${foreign.itemTypeIds[0]}`,
    ];
    for (const url of deletes) expect((await get(world.admin, url)).statusCode, url).toBe(404);
    // A project member who is not an admin cannot delete a release of their own project either.
    const own = await releaseOf(world.admin, world.orgId, p);
    const byMember = await get(member.as, `/api/orgSettings/deleteRelease/${own}`);
    expect(byMember.statusCode).toBe(403);

    expect(
      ok<{ releaseId: number; releaseTitle?: string }[]>(
        await get(foreign.admin, `/api/item/getReleaseOptions/${foreignProject}`),
      ).map((release) => release.releaseId),
    ).toEqual([foreignRelease]);
    const statuses = ok<{ itemStatusId: number }[]>(
      await get(foreign.admin, `/api/item/getStatusOptions/${foreign.orgId}`),
    );
    expect(statuses.map((status) => status.itemStatusId)).toEqual(foreign.statusIds);
    const types = ok<{ itemTypeId: number }[]>(
      await get(foreign.admin, `/api/item/getItemTypeOptions/${foreign.orgId}`),
    );
    expect(types.map((type) => type.itemTypeId)).toEqual(foreign.itemTypeIds);
  });
});
