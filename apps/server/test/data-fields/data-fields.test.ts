import { PLAN_IDS } from '@waymark/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type OrgWorld,
} from '../support/projects-world';

let t: AuthTestContext;
let world: OrgWorld;

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.call(world.admin, { method: 'POST', url, payload });
const statuses = async () =>
  ok<{ itemStatusId: number; itemStatusDescription: string }[]>(
    await t.call(world.admin, { method: 'GET', url: `/api/item/getStatusOptions/${world.orgId}` }),
  );

describe('OrgSettings data fields', () => {
  it('creates and renames a status; a duplicate name is 409', async () => {
    expect(
      (
        await post('/api/OrgSettings/saveOrgStatus', {
          orgStatusName: ' Blocked ',
          orgId: world.orgId,
        })
      ).body,
    ).toBe('Saved successfully');
    const blocked = (await statuses()).find((status) => status.itemStatusDescription === 'Blocked');
    ok(
      await post('/api/OrgSettings/saveOrgStatus', {
        orgStatusName: 'On hold',
        orgId: world.orgId,
        itemStatusId: blocked?.itemStatusId,
      }),
    );
    expect((await statuses()).map((status) => status.itemStatusDescription)).toContain('On hold');
    const duplicate = await post('/api/OrgSettings/saveOrgStatus', {
      orgStatusName: 'Open',
      orgId: world.orgId,
    });
    expect(duplicate.statusCode).toBe(409);
  });

  it('refuses to delete an item type items use, deletes an unused one', async () => {
    const projectId = await createProject(t, world, 'https://fields.example.test');
    await createItem(t, world.admin, world, { projectId, relativePath: '/', title: 'Uses type 0' });
    const used = await t.call(world.admin, {
      method: 'GET',
      url: `/api/orgSettings/deleteOrgItemType/${world.itemTypeIds[0]}`,
    });
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Items still use this value. Choose the value they get instead, then delete it.',
    });
    const unused = await t.call(world.admin, {
      method: 'GET',
      url: `/api/orgSettings/deleteOrgItemType/${world.itemTypeIds[4]}`,
    });
    expect(unused.statusCode).toBe(200);
  });

  it('creates and deletes releases of a project', async () => {
    const projectId = await createProject(t, world, 'https://releases.example.test');
    ok(
      await post('/api/OrgSettings/saveRelease', {
        releaseTitle: 'v1',
        orgId: world.orgId,
        projectId,
      }),
    );
    const [release] = ok<{ releaseId: number; releaseTitle: string }[]>(
      await t.call(world.admin, { method: 'GET', url: `/api/item/getReleaseOptions/${projectId}` }),
    );
    ok(
      await post('/api/OrgSettings/saveRelease', {
        releaseTitle: 'v1.1',
        orgId: world.orgId,
        ReleaseId: release?.releaseId,
      }),
    );
    const missing = await post('/api/OrgSettings/saveRelease', {
      releaseTitle: 'x',
      orgId: world.orgId,
    });
    expect(missing.statusCode).toBe(400);
    ok(
      await t.call(world.admin, {
        method: 'GET',
        url: `/api/orgSettings/deleteRelease/${release?.releaseId}`,
      }),
    );
    expect(
      ok(
        await t.call(world.admin, {
          method: 'GET',
          url: `/api/item/getReleaseOptions/${projectId}`,
        }),
      ),
    ).toEqual([]);
  });

  it('custom statuses and releases need a plan that includes them', async () => {
    const free = await createOrgWorld(t);
    await t.db
      .update(organizations)
      .set({ planId: PLAN_IDS.free })
      .where(eq(organizations.id, free.orgId));
    const response = await t.call(free.admin, {
      method: 'POST',
      url: '/api/OrgSettings/saveOrgStatus',
      payload: { orgStatusName: 'Custom', orgId: free.orgId },
    });
    expect(response.json()).toMatchObject({
      code: 'PLAN_LIMIT',
      message:
        'Custom statuses are not included in the Free plan. Upgrade to Standard or higher to add statuses.',
    });
  });

  it('counts the items using a status, and moves them to a replacement when it is deleted', async () => {
    const own = await createOrgWorld(t);
    const projectId = await createProject(t, own, 'https://replace.example.test');
    const [open, inProgress] = own.statusIds;
    const first = await createItem(t, own.admin, own, {
      projectId,
      relativePath: '/a',
      title: 'A',
    });
    await createItem(t, own.admin, own, { projectId, relativePath: '/b', title: 'B' });
    const usage = (id: number | undefined) =>
      t.call(own.admin, { method: 'GET', url: `/api/orgSettings/getStatusUsage/${id}` });
    expect(ok(await usage(open))).toEqual({ itemCount: 2 });
    expect(ok(await usage(inProgress))).toEqual({ itemCount: 0 });

    const deleteOpen = (query: string) =>
      t.call(own.admin, { method: 'GET', url: `/api/orgSettings/deleteOrgStatus/${open}${query}` });
    expect((await deleteOpen(`?replaceWith=${open}`)).json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Choose another value of this organization for the items.',
    });
    expect((await deleteOpen(`?replaceWith=${world.statusIds[1]}`)).statusCode).toBe(400);
    expect(ok(await usage(open))).toEqual({ itemCount: 2 });

    expect((await deleteOpen(`?replaceWith=${inProgress}`)).body).toBe(
      'Deleted successfully. 2 items now use In Progress.',
    );
    expect(ok(await usage(inProgress))).toEqual({ itemCount: 2 });
    const item = ok<{ itemStatusDescription: string }>(
      await t.call(own.admin, { method: 'GET', url: `/api/item/getItem/${first}` }),
    );
    expect(item.itemStatusDescription).toBe('In Progress');
    const history = ok<{ field: string; before: string; after: string }[]>(
      await t.call(own.admin, { method: 'GET', url: `/api/item/getItemHistory/${first}` }),
    );
    expect(history[0]).toMatchObject({ field: 'itemStatus', before: 'Open', after: 'In Progress' });
  });

  it("another organization's admin cannot read a status's usage", async () => {
    const other = await createOrgWorld(t);
    const response = await t.call(other.admin, {
      method: 'GET',
      url: `/api/orgSettings/getStatusUsage/${world.statusIds[0]}`,
    });
    expect(response.statusCode).toBe(404);
  });
});
