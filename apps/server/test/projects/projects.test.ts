import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../src/db/schema';
import { PLAN_IDS } from '@waymark/core';
import { eq } from 'drizzle-orm';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { pageLookup } from '../support/page-lookup';
import {
  addMember,
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

const post = (as: { authorization: string } | undefined, url: string, payload?: unknown) =>
  t.call(as, { method: 'POST', url, ...(payload !== undefined && { payload: payload as object }) });
const get = (as: { authorization: string } | undefined, url: string) =>
  t.call(as, { method: 'GET', url });

describe('projects', () => {
  it('creates a project with its site, lists it and renames it', async () => {
    const projectId = await createProject(t, world, 'HTTPS://Shop.Example.test:443/', '  Shop  ');
    const projects = ok<{ projectId: number; projectName: string; baseUrl: string }[]>(
      await get(world.admin, `/api/project/getAllProjects/${world.orgId}`),
    );
    expect(projects).toContainEqual({
      projectId,
      projectName: 'Shop',
      baseUrl: 'https://shop.example.test',
      orgId: world.orgId,
    });
    const renamed = await post(world.admin, '/api/project/saveProject', {
      projectName: ' Store ',
      orgId: world.orgId,
      projectId,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers['content-type']).toMatch(/^text\/plain/);
    expect(renamed.body).toBe('Saved successfully');
    const after = ok<{ projectName: string }[]>(
      await get(world.admin, `/api/project/getAllProjects/${world.orgId}`),
    );
    expect(after.map((project) => project.projectName)).toContain('Store');
  });

  it('refuses a blank name and an unusable base URL, changing nothing', async () => {
    const projectId = await createProject(t, world, 'https://blank.example.test', 'Keep');
    const blank = await post(world.admin, '/api/project/saveProject', {
      projectName: '   ',
      orgId: world.orgId,
      projectId,
    });
    expect(blank.statusCode).toBe(400);
    const badUrl = await post(world.admin, '/api/project/createProject', {
      orgId: world.orgId,
      projectName: 'X',
      baseUrl: 'javascript:alert(1)',
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json<{ message: string }>().message).toMatch(/web address/);
    const projects = ok<{ projectName: string }[]>(
      await get(world.admin, `/api/project/getAllProjects/${world.orgId}`),
    );
    expect(projects.map((project) => project.projectName)).toContain('Keep');
    expect(projects.map((project) => project.projectName)).not.toContain('X');
  });

  it('enforces the plan limits on projects and sites with a message that says how to raise them', async () => {
    const free = await createOrgWorld(t);
    await t.db
      .update(organizations)
      .set({ planId: PLAN_IDS.free })
      .where(eq(organizations.id, free.orgId));
    const projectId = await createProject(t, free, 'https://free.example.test');
    const second = await post(free.admin, '/api/project/createProject', {
      orgId: free.orgId,
      projectName: 'Two',
      baseUrl: 'https://two.example.test',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'PLAN_LIMIT',
      message: 'Your Free plan allows 1 project. Upgrade your plan to add more.',
    });
    const site = await post(free.admin, '/api/project/saveAssociatedSite', {
      projectId,
      baseUrl: 'https://staging.free.example.test',
    });
    expect(site.json()).toMatchObject({
      code: 'PLAN_LIMIT',
      message: 'Your Free plan allows 1 site per project. Upgrade your plan to add more.',
    });
    await t.db
      .update(organizations)
      .set({ planId: PLAN_IDS.basic })
      .where(eq(organizations.id, free.orgId));
    ok(
      await post(free.admin, '/api/project/saveAssociatedSite', {
        projectId,
        baseUrl: 'https://staging.free.example.test',
      }),
    );
    const third = await post(free.admin, '/api/project/saveAssociatedSite', {
      projectId,
      baseUrl: 'https://qa.free.example.test',
    });
    expect(third.json<{ message: string }>().message).toBe(
      'Your Basic plan allows 2 sites per project. Upgrade your plan to add more.',
    );
  });
});

describe('associated sites', () => {
  it('adds, updates, lists and deletes sites; a duplicate is 409 and a bad URL 400', async () => {
    const projectId = await createProject(t, world, 'https://sites.example.test');
    const added = await post(world.admin, '/api/project/saveAssociatedSite', {
      projectId,
      baseUrl: 'Staging.Sites.Example.test/',
    });
    expect(added.body).toBe('Saved successfully');
    let sites = ok<{ siteManagementId: number; baseUrl: string }[]>(
      await get(world.admin, `/api/project/getAssociatedSites/${projectId}`),
    );
    expect(sites.map((site) => site.baseUrl)).toEqual([
      'https://sites.example.test',
      'https://staging.sites.example.test',
    ]);
    const duplicate = await post(world.admin, '/api/project/saveAssociatedSite', {
      projectId,
      baseUrl: 'https://STAGING.sites.example.test',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<{ message: string }>().message).toBe(
      'This site is already associated with the project.',
    );
    const invalid = await post(world.admin, '/api/project/saveAssociatedSite', {
      projectId,
      baseUrl: 'ftp://x.test',
    });
    expect(invalid.statusCode).toBe(400);
    const staging = sites[1]?.siteManagementId;
    ok(
      await post(world.admin, '/api/project/saveAssociatedSite', {
        projectId,
        baseUrl: 'http://localhost:5173',
        siteManagementId: staging,
      }),
    );
    sites = ok(await get(world.admin, `/api/project/getAssociatedSites/${projectId}`));
    expect(sites.map((site) => site.baseUrl)).toEqual([
      'https://sites.example.test',
      'http://localhost:5173',
    ]);
    const deleted = await post(world.admin, `/api/project/deleteAssociatedSite/${staging}`);
    expect(deleted.statusCode).toBe(200);
    sites = ok(await get(world.admin, `/api/project/getAssociatedSites/${projectId}`));
    expect(sites).toHaveLength(1);
  });
});

describe('relative paths', () => {
  it('lists paths; urlPath must be a site of the project', async () => {
    const projectId = await createProject(t, world, 'https://paths.example.test');
    await createItem(t, world.admin, world, { projectId, relativePath: '/b', title: 'B' });
    await createItem(t, world.admin, world, { projectId, relativePath: '/a', title: 'A' });
    const all = ok<{ relativePath: string }[]>(
      await post(world.admin, '/api/project/getProjectRelativePaths', {
        urlPath: 'https://paths.example.test',
        projectId,
      }),
    );
    expect(all.map((path) => path.relativePath)).toEqual(['/a', '/b']);
    const blank = ok<unknown[]>(
      await post(world.admin, '/api/project/getProjectRelativePaths', { urlPath: '', projectId }),
    );
    expect(blank).toHaveLength(2);
    const other = ok<unknown[]>(
      await post(world.admin, '/api/project/getProjectRelativePaths', {
        urlPath: 'https://elsewhere.test',
        projectId,
      }),
    );
    expect(other).toEqual([]);
  });

  it('renaming a path moves its items and records the move in their history', async () => {
    const projectId = await createProject(t, world, 'https://rename.example.test');
    const itemId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/checkout',
      title: 'Pay',
    });
    const [path] = ok<{ relativePathId: number }[]>(
      await post(world.admin, '/api/project/getProjectRelativePaths', { projectId }),
    );
    const renamed = await post(world.admin, '/api/project/updateRelativePath', {
      projectId,
      relativePathId: path?.relativePathId,
      relativePath: '/cart/checkout/',
    });
    expect(renamed.body).toBe('Saved successfully');
    const page = ok<{ items: { itemId: number }[]; relativePath: string }>(
      await t.call(
        world.admin,
        pageLookup({
          pageUrl: 'https://rename.example.test/cart/checkout?x=1',
        }),
      ),
    );
    expect(page.relativePath).toBe('/cart/checkout');
    expect(page.items.map((item) => item.itemId)).toEqual([itemId]);
    const history = ok<{ field: string; before: string; after: string }[]>(
      await get(world.admin, `/api/item/getItemHistory/${itemId}`),
    );
    expect(history[0]).toMatchObject({
      field: 'relativePath',
      before: '/checkout',
      after: '/cart/checkout',
    });
  });

  it('renaming onto an existing path merges the items there and deletes the old path', async () => {
    const projectId = await createProject(t, world, 'https://merge.example.test');
    const moved = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/old',
      title: 'Moved',
    });
    const stays = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/new',
      title: 'Stays',
    });
    const paths = ok<{ relativePathId: number; relativePath: string }[]>(
      await post(world.admin, '/api/project/getProjectRelativePaths', { projectId }),
    );
    const old = paths.find((path) => path.relativePath === '/old');
    const merged = await post(world.admin, '/api/project/updateRelativePath', {
      projectId,
      relativePathId: old?.relativePathId,
      relativePath: '/new',
    });
    expect(ok(merged)).toBe('Merged into /new: 1 item moved.');
    const after = ok<{ relativePath: string }[]>(
      await post(world.admin, '/api/project/getProjectRelativePaths', { projectId }),
    );
    expect(after.map((path) => path.relativePath)).toEqual(['/new']);
    const page = ok<{ items: { itemId: number }[] }>(
      await t.call(
        world.admin,
        pageLookup({
          pageUrl: 'https://merge.example.test/new',
        }),
      ),
    );
    expect(page.items.map((item) => item.itemId).sort()).toEqual([moved, stays].sort());
    const history = ok<{ field: string; after: string }[]>(
      await get(world.admin, `/api/item/getItemHistory/${moved}`),
    );
    expect(history[0]).toMatchObject({ field: 'relativePath', before: '/old', after: '/new' });
    const untouched = ok<{ field: string }[]>(
      await get(world.admin, `/api/item/getItemHistory/${stays}`),
    );
    expect(untouched.map((entry) => entry.field)).toEqual(['created']);
  });

  it('deletes a path with its items; a path of another project is not found', async () => {
    const projectId = await createProject(t, world, 'https://delete.example.test');
    const itemId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/gone',
      title: 'Gone',
    });
    const [path] = ok<{ relativePathId: number }[]>(
      await post(world.admin, '/api/project/getProjectRelativePaths', { projectId }),
    );
    const otherProject = await createProject(t, world, 'https://delete-other.example.test');
    const wrong = await post(world.admin, '/api/project/updateRelativePath', {
      projectId: otherProject,
      relativePathId: path?.relativePathId,
      relativePath: '/x',
    });
    expect(wrong.statusCode).toBe(404);
    ok(await post(world.admin, `/api/project/deleteRelativePath/${path?.relativePathId}`));
    expect((await get(world.admin, `/api/item/getItem/${itemId}`)).statusCode).toBe(404);
  });
});

describe('aliases of a path (issue 31)', () => {
  type Listed = { relativePath: string; relativePathId: number; aliases: string[] };
  it("lists each path's old addresses and canonical links in effect; an admin removes one", async () => {
    const projectId = await createProject(t, world, 'https://aliases.example.test');
    const list = async () =>
      ok<Listed[]>(await post(world.admin, '/api/project/getProjectRelativePaths', { projectId }));
    const rename = async (from: string, to: string) => {
      const path = (await list()).find((candidate) => candidate.relativePath === from);
      ok(
        await post(world.admin, '/api/project/updateRelativePath', {
          projectId,
          relativePathId: path?.relativePathId,
          relativePath: to,
        }),
      );
    };
    await createItem(t, world.admin, world, { projectId, relativePath: '/checkout', title: 'Pay' });
    await createItem(t, world.admin, world, { projectId, relativePath: '/help', title: 'Help' });
    expect((await list()).map((path) => path.aliases)).toEqual([[], []]);
    await rename('/checkout', '/pay');
    await rename('/pay', '/pay-now');
    ok(
      await post(world.admin, '/api/project/acceptCanonicalLink', {
        projectId,
        pageUrl: 'https://aliases.example.test/p/9',
        canonicalUrl: 'https://aliases.example.test/help',
      }),
    );
    expect((await list()).map(({ relativePath, aliases }) => ({ relativePath, aliases }))).toEqual([
      { relativePath: '/help', aliases: ['/p/9'] },
      { relativePath: '/pay-now', aliases: ['/checkout', '/pay'] },
    ]);
    // An old address recorded again is a page of its own: it no longer shows /pay-now.
    await createItem(t, world.admin, world, { projectId, relativePath: '/pay', title: 'New' });
    expect((await list()).find((path) => path.relativePath === '/pay-now')?.aliases).toEqual([
      '/checkout',
    ]);
    expect(
      ok<string>(
        await post(world.admin, '/api/project/deletePathAlias', { projectId, path: '/checkout' }),
      ),
    ).toBe('/checkout shows its own page again.');
    const after = await list();
    expect(after.find((path) => path.relativePath === '/pay-now')?.aliases).toEqual([]);
    expect(after.find((path) => path.relativePath === '/help')?.aliases).toEqual(['/p/9']);
  });

  it("does not show another project's aliases", async () => {
    const mine = await createProject(t, world, 'https://alias-mine.example.test');
    const theirs = await createProject(t, world, 'https://alias-theirs.example.test');
    for (const projectId of [mine, theirs])
      await createItem(t, world.admin, world, { projectId, relativePath: '/a', title: 'A' });
    const [theirPath] = ok<Listed[]>(
      await post(world.admin, '/api/project/getProjectRelativePaths', { projectId: theirs }),
    );
    ok(
      await post(world.admin, '/api/project/updateRelativePath', {
        projectId: theirs,
        relativePathId: theirPath?.relativePathId,
        relativePath: '/b',
      }),
    );
    const listed = (projectId: number) =>
      post(world.admin, '/api/project/getProjectRelativePaths', { projectId });
    expect(ok<Listed[]>(await listed(theirs)).map((path) => path.aliases)).toEqual([['/a']]);
    expect(ok<Listed[]>(await listed(mine)).map((path) => path.aliases)).toEqual([[]]);
  });
});

describe('per-project access', () => {
  it('a member sees only projects granted to them and cannot manage them', async () => {
    const granted = await createProject(t, world, 'https://granted.example.test', 'Granted');
    const hidden = await createProject(t, world, 'https://hidden.example.test', 'Hidden');
    await createItem(t, world.admin, world, {
      projectId: hidden,
      relativePath: '/',
      title: 'Secret',
    });
    const member = await addMember(t, world, [granted]);
    const projects = ok<{ projectName: string }[]>(
      await get(member.as, `/api/project/getAllProjects/${world.orgId}`),
    );
    expect(projects.map((project) => project.projectName)).toEqual(['Granted']);
    expect((await get(member.as, `/api/project/getAssociatedSites/${hidden}`)).statusCode).toBe(
      404,
    );
    const page = ok<{ projects: unknown[]; items: unknown[] }>(
      await t.call(member.as, pageLookup({ pageUrl: 'https://hidden.example.test/' })),
    );
    expect(page).toMatchObject({ projects: [], items: [] });
    const rename = await post(member.as, '/api/project/saveProject', {
      projectName: 'Mine',
      orgId: world.orgId,
      projectId: granted,
    });
    expect(rename.statusCode).toBe(403);
  });

  it('a member who creates a project for a site gets access to it; deleting a project removes it', async () => {
    const member = await addMember(t, world, []);
    const created = ok<{ projectId: number }>(
      await post(member.as, '/api/project/createProject', {
        orgId: world.orgId,
        projectName: 'Mine',
        baseUrl: 'https://mine.example.test',
      }),
    );
    const mine = ok<{ projectId: number }[]>(
      await get(member.as, `/api/project/getAllProjects/${world.orgId}`),
    );
    expect(mine.map((project) => project.projectId)).toEqual([created.projectId]);
    expect(
      (await get(member.as, `/api/project/deleteProject/${created.projectId}`)).statusCode,
    ).toBe(403);
    const deleted = await get(world.admin, `/api/project/deleteProject/${created.projectId}`);
    expect(deleted.statusCode).toBe(200);
    expect(
      ok<unknown[]>(await get(member.as, `/api/project/getAllProjects/${world.orgId}`)),
    ).toEqual([]);
  });
});
