import { DESCRIBED_HISTORY_FIELDS } from '@waymark/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { items, relativePaths, releases } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { pageLookup } from '../support/page-lookup';
import {
  addMember,
  createItem,
  createOrgWorld,
  createTwoSiteProject,
  ok,
  type As,
  type OrgWorld,
} from '../support/projects-world';

type Detail = {
  itemId: number;
  title: string;
  descriptionHtml: string;
  tags: string[];
  externalUrls: string[];
  assignee: { userId: number; fullName: string } | null;
  releaseId: number | null;
  releaseTitle: string | null;
  itemTypeDescription: string;
  itemStatusDescription: string;
  relativePath: string;
  createdBy: { fullName: string } | null;
  notes: { text: string; authorName: string }[];
  relatedItems: { itemId: number }[];
  relatedItemIds: number[];
  history: { field: string; before: string | null; after: string | null; changedBy: string }[];
};

let t: AuthTestContext;
let world: OrgWorld;
let projectId: number;
let releaseId: number;

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  projectId = await createTwoSiteProject(
    t,
    world,
    'https://www.shop.example.test',
    'http://localhost:3000',
  );
  const [release] = await t.db
    .insert(releases)
    .values({ projectId, title: 'R1' })
    .returning({ id: releases.id });
  releaseId = release?.id ?? 0;
});
afterAll(() => t.close());

const post = (as: As, url: string, payload: object) => t.call(as, { method: 'POST', url, payload });
const get = (as: As, url: string) => t.call(as, { method: 'GET', url });

describe('data field options', () => {
  it('every organization has the default item types and statuses', async () => {
    const types = ok<{ itemTypeDescription: string }[]>(
      await get(world.admin, `/api/item/getItemTypeOptions/${world.orgId}`),
    );
    expect(types.map((type) => type.itemTypeDescription)).toEqual([
      'User Story',
      'Requirement',
      'Bug',
      'Technical Info',
      'Process',
    ]);
    const statuses = ok<{ itemStatusDescription: string }[]>(
      await get(world.admin, `/api/item/getStatusOptions/${world.orgId}`),
    );
    expect(statuses.map((status) => status.itemStatusDescription)).toEqual([
      'Open',
      'In Progress',
      'Closed',
    ]);
    const releaseOptions = ok(await get(world.admin, `/api/item/getReleaseOptions/${projectId}`));
    expect(releaseOptions).toEqual([{ releaseId, releaseTitle: 'R1', projectId }]);
  });
});

describe('items', () => {
  it('creates an item with every field, seen from every associated site of the project', async () => {
    const member = await addMember(t, world, [projectId], { firstName: 'Mia', lastName: 'Lane' });
    const created = ok<Detail>(
      await post(world.admin, '/api/item/createItem', {
        projectId,
        relativePath: '/checkout/',
        itemTypeId: world.itemTypeIds[2],
        itemStatusId: world.statusIds[1],
        title: '  Pay button  ',
        descriptionHtml:
          '<p onmouseover="x()">Click <a href="javascript:alert(1)">here</a><script>alert(1)</script></p>',
        tags: [' ui ', 'UI', 'payments', ''],
        assigneeUserId: member.userId,
        releaseId,
        externalUrls: ['https://jira.example.test/PAY-1', 'https://jira.example.test/PAY-1'],
      }),
    );
    expect(created).toMatchObject({
      title: 'Pay button',
      descriptionHtml: '<p>Click <a rel="noopener">here</a></p>',
      tags: ['ui', 'payments'],
      externalUrls: ['https://jira.example.test/PAY-1'],
      assignee: { userId: member.userId, fullName: 'Mia Lane' },
      releaseTitle: 'R1',
      itemTypeDescription: 'Bug',
      itemStatusDescription: 'In Progress',
      relativePath: '/checkout',
      createdBy: { fullName: 'Ada Admin' },
    });
    expect(created.history.map((entry) => entry.field)).toEqual(['created']);
    for (const pageUrl of [
      'https://WWW.shop.example.test/checkout?step=2#top',
      'http://localhost:3000/checkout/',
    ]) {
      const page = ok<{
        projects: { projectId: number }[];
        relativePath: string;
        items: { itemId: number; tags: string[]; noteCount: number; assignee: unknown }[];
      }>(await t.call(member.as, pageLookup({ pageUrl })));
      expect(page.projects.map((project) => project.projectId)).toEqual([projectId]);
      expect(page.relativePath).toBe('/checkout');
      expect(page.items).toEqual([
        expect.objectContaining({
          itemId: created.itemId,
          tags: ['ui', 'payments'],
          noteCount: 0,
          assignee: { userId: member.userId, fullName: 'Mia Lane' },
        }),
      ]);
    }
  });

  it('30 concurrent creates on a new page make one path and 30 items, each answered in full', async () => {
    // Issue 34: the path is found or made in one statement; racing inserts of the same new path
    // must still end on one row (the statement's snapshot cannot see the winner's row).
    const create = (n: number) =>
      post(world.admin, '/api/item/createItem', {
        projectId,
        relativePath: '/race/new-page',
        itemTypeId: world.itemTypeIds[0],
        itemStatusId: world.statusIds[0],
        title: `Race ${n}`,
      });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => create(n)));
    const created = answers.map((answer) => ok<Detail>(answer));
    expect(new Set(created.map((item) => item.itemId)).size).toBe(30);
    for (const item of created) {
      expect(item).toMatchObject({ relativePath: '/race/new-page', notes: [], relatedItems: [] });
      expect(item.history.map((entry) => entry.field)).toEqual(['created']);
    }
    const paths = await t.db
      .select({ id: relativePaths.id })
      .from(relativePaths)
      .where(and(eq(relativePaths.projectId, projectId), eq(relativePaths.path, '/race/new-page')));
    expect(paths).toHaveLength(1);
    const onPath = await t.db
      .select({ id: items.id })
      .from(items)
      .where(eq(items.relativePathId, paths[0]?.id ?? 0));
    expect(onPath).toHaveLength(30);
    // A known path: the same row again.
    const again = ok<Detail>(await create(30));
    expect(again.relativePath).toBe('/race/new-page');
    const after = await t.db
      .select({ id: relativePaths.id })
      .from(relativePaths)
      .where(eq(relativePaths.path, '/race/new-page'));
    expect(after).toEqual(paths);
  });

  it('refuses bad input and changes nothing', async () => {
    const other = await createOrgWorld(t);
    const base = {
      projectId,
      relativePath: '/bad',
      itemTypeId: world.itemTypeIds[0],
      itemStatusId: world.statusIds[0],
      title: 'Bad',
    };
    const outsider = await t.signIn();
    const cases: [object, RegExp][] = [
      [{ title: '   ' }, /title/i],
      [{ externalUrls: ['javascript:alert(1)'] }, /http/],
      [{ itemTypeId: other.itemTypeIds[0] }, /item type of this organization/],
      [{ itemStatusId: other.statusIds[0] }, /status of this organization/],
      [{ assigneeUserId: other.adminUserId }, /member with access/],
      [{ releaseId: releaseId + 1000 }, /release of this project/],
      [{ relativePath: 'no-slash' }, /starts with/],
      [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, /20 tags/],
    ];
    for (const [change, message] of cases) {
      const response = await post(world.admin, '/api/item/createItem', { ...base, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.body).toMatch(message);
    }
    expect((await post(outsider, '/api/item/createItem', base)).statusCode).toBe(404);
    const paths = ok<{ relativePath: string }[]>(
      await post(world.admin, '/api/project/getProjectRelativePaths', { projectId }),
    );
    expect(paths.map((path) => path.relativePath)).not.toContain('/bad');
  });

  it('records every changed field in history with who, before and after', async () => {
    const itemId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/history',
      title: 'Old title',
      tags: ['a'],
    });
    const updated = ok<Detail>(
      await post(world.admin, '/api/item/updateItem', {
        itemId,
        title: 'New title',
        itemStatusId: world.statusIds[2],
        tags: ['a', 'b'],
        releaseId,
        descriptionHtml: '<img src=x onerror=alert(1)><strong>Bold</strong>',
      }),
    );
    expect(updated.descriptionHtml).toBe('<strong>Bold</strong>');
    const changes = updated.history.filter((entry) => entry.field !== 'created');
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'title',
          before: 'Old title',
          after: 'New title',
          changedBy: 'Ada Admin',
        }),
        expect.objectContaining({ field: 'itemStatus', before: 'Open', after: 'Closed' }),
        expect.objectContaining({ field: 'tags', before: 'a', after: 'a, b' }),
        expect.objectContaining({ field: 'release', before: null, after: 'R1' }),
        expect.objectContaining({
          field: 'description',
          before: '',
          after: '<strong>Bold</strong>',
        }),
      ]),
    );
    expect(changes).toHaveLength(5);
    // Every recorded field has words in the history (issue 25), not its code name.
    const fields = updated.history.map((entry) => entry.field);
    expect(fields.filter((field) => !DESCRIBED_HISTORY_FIELDS.includes(field))).toEqual([]);
    const same = ok<Detail>(
      await post(world.admin, '/api/item/updateItem', { itemId, title: 'New title' }),
    );
    expect(same.history).toHaveLength(updated.history.length);
    const history = ok<unknown[]>(await get(world.admin, `/api/item/getItemHistory/${itemId}`));
    expect(history).toEqual(updated.history);
  });

  it('adds notes with author and time, counted on the page', async () => {
    const itemId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/notes',
      title: 'Noted',
    });
    const note = ok<{ text: string; authorName: string; createdAt: string }>(
      await post(world.admin, '/api/item/addItemNote', { itemId, text: '  Looks good  ' }),
    );
    expect(note).toMatchObject({ text: 'Looks good', authorName: 'Ada Admin' });
    expect(Date.parse(note.createdAt)).not.toBeNaN();
    expect(
      (await post(world.admin, '/api/item/addItemNote', { itemId, text: ' ' })).statusCode,
    ).toBe(400);
    const page = ok<{ items: { noteCount: number }[] }>(
      await t.call(
        world.admin,
        pageLookup({
          pageUrl: 'https://www.shop.example.test/notes',
        }),
      ),
    );
    expect(page.items[0]?.noteCount).toBe(1);
  });

  it('relates items both ways, finds candidates by title, and unlinks', async () => {
    const first = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/rel',
      title: 'Login form',
    });
    const second = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/rel2',
      title: 'LOGIN api',
    });
    const found = ok<{ itemId: number }[]>(
      await post(world.admin, '/api/item/searchRelatedItems', { itemId: first, text: 'login' }),
    );
    expect(found.map((item) => item.itemId)).toEqual([second]);
    ok(
      await post(world.admin, '/api/item/linkRelatedItem', {
        itemId: second,
        relatedItemId: first,
      }),
    );
    ok(
      await post(world.admin, '/api/item/linkRelatedItem', {
        itemId: first,
        relatedItemId: second,
      }),
    );
    const a = ok<Detail>(await get(world.admin, `/api/item/getItem/${first}`));
    const b = ok<Detail>(await get(world.admin, `/api/item/getItem/${second}`));
    expect(a.relatedItemIds).toEqual([second]);
    expect(b.relatedItemIds).toEqual([first]);
    expect(a.history[0]).toMatchObject({ field: 'relatedItems', after: `#${second} LOGIN api` });
    expect(
      (
        await post(world.admin, '/api/item/linkRelatedItem', {
          itemId: first,
          relatedItemId: first,
        })
      ).statusCode,
    ).toBe(400);
    ok(
      await post(world.admin, '/api/item/unlinkRelatedItem', {
        itemId: first,
        relatedItemId: second,
      }),
    );
    const b2 = ok<Detail>(await get(world.admin, `/api/item/getItem/${second}`));
    expect(b2.relatedItemIds).toEqual([]);
  });

  it('searches a project by title or tag with filters', async () => {
    const tagged = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/s1',
      title: 'Search me',
      tags: ['Needle'],
    });
    const typed = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/s2',
      title: 'needle in title',
      itemTypeId: world.itemTypeIds[4],
    });
    const search = async (filters: object) =>
      ok<{ itemId: number }[]>(
        await post(world.admin, '/api/item/searchItems', { projectId, ...filters }),
      ).map((item) => item.itemId);
    expect((await search({ text: 'NEEDLE' })).sort()).toEqual([tagged, typed].sort());
    expect(await search({ tag: 'needle' })).toEqual([tagged]);
    expect(await search({ text: 'needle', itemTypeId: world.itemTypeIds[4] })).toEqual([typed]);
    expect(await search({ text: '100%' })).toEqual([]);
  });

  it('deletes an item; a member without access sees nothing of the project', async () => {
    const itemId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/del',
      title: 'Delete me',
    });
    const stranger = await addMember(t, world, []);
    expect((await get(stranger.as, `/api/item/getItem/${itemId}`)).statusCode).toBe(404);
    const page = ok<{ projects: unknown[]; items: unknown[] }>(
      await t.call(
        stranger.as,
        pageLookup({
          pageUrl: 'https://www.shop.example.test/del',
        }),
      ),
    );
    expect(page).toMatchObject({ projects: [], items: [] });
    expect((await post(stranger.as, '/api/item/searchItems', { projectId })).statusCode).toBe(404);
    const deleted = await t.call(world.admin, {
      method: 'POST',
      url: `/api/item/deleteItem/${itemId}`,
    });
    expect(deleted.body).toBe('Item deleted successfully');
    expect((await get(world.admin, `/api/item/getItem/${itemId}`)).statusCode).toBe(404);
  });
});
