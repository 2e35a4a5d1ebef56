import { PLAN_IDS } from '@waymark/core';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemHistory, items, organizations, releases } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type As,
  type OrgWorld,
} from '../support/projects-world';

type Row = {
  itemId: number;
  title: string;
  relativePath: string;
  itemStatusId: number;
  tags: string[];
  releaseId: number | null;
  assignee: { userId: number } | null;
  author: { userId: number; fullName: string } | null;
  createdAt: string;
};
type Page = { total: number; items: Row[] };
type BulkResult = {
  changedItemIds: number[];
  before: {
    itemId: number;
    itemStatusId: number;
    assigneeUserId: number | null;
    releaseId: number | null;
    tags: string[];
  }[];
};

let t: AuthTestContext;
let world: OrgWorld;
let projectId: number;
let otherProjectId: number;
let releaseId: number;
const made: number[] = [];

const post = (as: As, url: string, payload: object) => t.call(as, { method: 'POST', url, payload });
const list = async (body: object = {}) =>
  ok<Page>(await post(world.admin, '/api/workspace/listWorkspaceItems', { projectId, ...body }));
const titles = async (body: object) => (await list(body)).items.map((row) => row.title);
const statusOf = (index: number) => world.statusIds[index] ?? 0;

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  projectId = await createProject(t, world, 'https://www.shop.example.test');
  otherProjectId = await createProject(t, world, 'https://www.blog.example.test');
  const [release] = await t.db
    .insert(releases)
    .values({ projectId, title: 'R1' })
    .returning({ id: releases.id });
  releaseId = release?.id ?? 0;
  const specs: [string, string, object][] = [
    ['/checkout', 'Alpha checkout', { tags: ['payments'] }],
    ['/checkout/pay', 'beta pay button', { tags: ['Payments', 'ui'], releaseId }],
    ['/100%_off', 'Gamma promo', { itemStatusId: statusOf(1) }],
    ['/about', 'delta about page', { descriptionHtml: '<p>Footer overlaps</p>' }],
    ['/checkoutx', 'Epsilon lookalike', {}],
  ];
  for (const [relativePath, title, fields] of specs) {
    made.push(
      await createItem(t, world.admin, world, { projectId, relativePath, title, ...fields }),
    );
  }
  await createItem(t, world.admin, world, {
    projectId: otherProjectId,
    relativePath: '/checkout',
    title: 'Alpha checkout elsewhere',
  });
});
afterAll(() => t.close());

describe('the workspace list', () => {
  it("lists every item of the project with author and total, never another project's", async () => {
    const page = await list();
    expect(page.total).toBe(5);
    expect(page.items.map((row) => row.title).sort()).toEqual(
      [
        'Alpha checkout',
        'beta pay button',
        'Gamma promo',
        'delta about page',
        'Epsilon lookalike',
      ].sort(),
    );
    expect(page.items[0]?.author).toEqual({ userId: world.adminUserId, fullName: 'Ada Admin' });
  });

  it('sorts by any column, ignoring case, both ways', async () => {
    const asc = await titles({ sort: { column: 'title', direction: 'asc' } });
    expect(asc).toEqual([
      'Alpha checkout',
      'beta pay button',
      'delta about page',
      'Epsilon lookalike',
      'Gamma promo',
    ]);
    expect(await titles({ sort: { column: 'title', direction: 'desc' } })).toEqual(
      [...asc].reverse(),
    );
    const byPage = await list({ sort: { column: 'page', direction: 'asc' } });
    expect(byPage.items.map((row) => row.relativePath)).toEqual([
      '/100%_off',
      '/about',
      '/checkout',
      '/checkout/pay',
      '/checkoutx',
    ]);
  });

  it('pages without overlap', async () => {
    const sort = { column: 'title', direction: 'asc' };
    const first = await list({ sort, offset: 0, limit: 2 });
    const second = await list({ sort, offset: 2, limit: 2 });
    const beyond = await list({ sort, offset: 50, limit: 2 });
    expect(first.items.map((row) => row.title)).toEqual(['Alpha checkout', 'beta pay button']);
    expect(second.items.map((row) => row.title)).toEqual(['delta about page', 'Epsilon lookalike']);
    expect(beyond).toEqual({ total: 5, items: [] });
  });

  it('combines filters: path prefix, tags (any case), status, release, text', async () => {
    const sort = { column: 'title', direction: 'asc' };
    expect(await titles({ sort, filter: { pathPrefix: '/checkout' } })).toEqual([
      'Alpha checkout',
      'beta pay button',
      'Epsilon lookalike',
    ]);
    expect(await titles({ sort, filter: { pathPrefix: 'checkout/' } })).toEqual([
      'beta pay button',
    ]);
    expect(await titles({ sort, filter: { pathPrefix: '/100%_' } })).toEqual(['Gamma promo']);
    expect(await titles({ sort, filter: { pathPrefix: '/%' } })).toEqual([]);
    expect(await titles({ sort, filter: { tags: ['PAYMENTS'] } })).toEqual([
      'Alpha checkout',
      'beta pay button',
    ]);
    expect(await titles({ sort, filter: { tags: ['payments'], releaseIds: [0] } })).toEqual([
      'Alpha checkout',
    ]);
    expect(await titles({ sort, filter: { itemStatusIds: [statusOf(1)] } })).toEqual([
      'Gamma promo',
    ]);
    expect(await titles({ sort, filter: { text: 'footer' } })).toEqual(['delta about page']);
    expect(await titles({ sort, filter: { assigneeUserIds: [0], text: 'checkout' } })).toEqual([
      'Alpha checkout',
    ]);
    expect(await titles({ sort, filter: { itemStatusIds: [999_999] } })).toEqual([]);
  });

  it('resolves the text filter once: prefix while typing, stop words only, tsquery syntax as text', async () => {
    const sort = { column: 'title', direction: 'asc' };
    expect(await titles({ sort, filter: { text: 'foot' } })).toEqual(['delta about page']);
    expect(await titles({ sort, filter: { text: '"footer overlaps"' } })).toEqual([
      'delta about page',
    ]);
    expect(await titles({ sort, filter: { text: '"overlaps footer"' } })).toEqual([]);
    expect(await titles({ sort, filter: { text: 'footer -overlaps' } })).toEqual([]);
    // Stop words make an empty tsquery: nothing matches, and the count agrees.
    expect(await list({ sort, filter: { text: 'the and of' } })).toEqual({ total: 0, items: [] });
    for (const text of ["':* & !", "foot' | 'checkout", '(((']) {
      const response = await post(world.admin, '/api/workspace/listWorkspaceItems', {
        projectId,
        sort,
        offset: 0,
        limit: 50,
        filter: { text },
      });
      expect(response.statusCode, text).toBe(200);
    }
  });

  it('refuses oversized or malformed requests with 400, never 500', async () => {
    for (const body of [
      { limit: 5_000 },
      { offset: -1 },
      { offset: 10_000_000 },
      { sort: { column: 'password', direction: 'asc' } },
      { filter: { itemStatusIds: Array.from({ length: 101 }, (_, index) => index + 1) } },
      { filter: { pathPrefix: 'x'.repeat(2_001) } },
      { filter: { text: 'a\u0000b' } },
    ]) {
      const response = await post(world.admin, '/api/workspace/listWorkspaceItems', {
        projectId,
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });
});

describe('bulk edit', () => {
  const historyOf = (itemIds: number[], field: string) =>
    t.db
      .select({ itemId: itemHistory.itemId, after: itemHistory.after })
      .from(itemHistory)
      .where(and(inArray(itemHistory.itemId, itemIds), eq(itemHistory.field, field)));

  it('changes three items at once, one history entry each, and undo puts them back', async () => {
    const three = made.slice(0, 3);
    const result = ok<BulkResult>(
      await post(world.admin, '/api/workspace/bulkUpdateItems', {
        projectId,
        itemIds: three,
        change: { itemStatusId: statusOf(2), addTags: ['triaged'], removeTags: ['UI'] },
      }),
    );
    expect(result.changedItemIds.sort()).toEqual([...three].sort());
    const rows = (await list({ sort: { column: 'title', direction: 'asc' } })).items;
    const byId = new Map(rows.map((row) => [row.itemId, row]));
    for (const itemId of three) expect(byId.get(itemId)?.itemStatusId).toBe(statusOf(2));
    expect(byId.get(made[1] ?? 0)?.tags).toEqual(['Payments', 'triaged']);
    expect((await historyOf(three, 'itemStatus')).length).toBe(3);

    const undone = ok<BulkResult>(
      await post(world.admin, '/api/workspace/restoreItems', { projectId, items: result.before }),
    );
    expect(undone.changedItemIds.sort()).toEqual([...three].sort());
    const after = new Map((await list()).items.map((row) => [row.itemId, row]));
    expect(after.get(made[1] ?? 0)?.tags).toEqual(['Payments', 'ui']);
    expect(after.get(made[2] ?? 0)?.itemStatusId).toBe(statusOf(1));
    expect(after.get(made[0] ?? 0)?.itemStatusId).toBe(statusOf(0));
  });

  it('changes nothing when one item is not of the project', async () => {
    const [foreign] = ok<Page>(
      await post(world.admin, '/api/workspace/listWorkspaceItems', { projectId: otherProjectId }),
    ).items;
    const response = await post(world.admin, '/api/workspace/bulkUpdateItems', {
      projectId,
      itemIds: [made[3], foreign?.itemId],
      change: { itemStatusId: statusOf(2) },
    });
    expect(response.statusCode, response.body).toBe(404);
    const row = (await list()).items.find((item) => item.itemId === made[3]);
    expect(row?.itemStatusId).toBe(statusOf(0));
  });

  it('refuses bad bulk input with 400', async () => {
    for (const body of [
      { itemIds: [], change: { itemStatusId: statusOf(1) } },
      { itemIds: [made[0], made[0]], change: { itemStatusId: statusOf(1) } },
      { itemIds: [made[0]], change: {} },
      {
        itemIds: Array.from({ length: 501 }, (_, index) => index + 1),
        change: { releaseId: null },
      },
      { itemIds: [made[0]], change: { itemStatusId: 999_999 } },
    ]) {
      const response = await post(world.admin, '/api/workspace/bulkUpdateItems', {
        projectId,
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
  });

  it('has exactly one effect under 30 identical concurrent requests', async () => {
    const two = [made[3] ?? 0, made[4] ?? 0];
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        post(world.admin, '/api/workspace/bulkUpdateItems', {
          projectId,
          itemIds: two,
          change: { releaseId },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(30).fill(200));
    const changed = responses.flatMap(
      (response) => (JSON.parse(response.body) as BulkResult).changedItemIds,
    );
    expect(changed.sort()).toEqual([...two].sort());
    expect((await historyOf(two, 'release')).length).toBe(2);
  });

  it("follows the plan's features: no tags by bulk edit on Free", async () => {
    await t.db
      .update(organizations)
      .set({ planId: PLAN_IDS.free })
      .where(eq(organizations.id, world.orgId));
    const response = await post(world.admin, '/api/workspace/bulkUpdateItems', {
      projectId,
      itemIds: [made[3]],
      change: { addTags: ['late'] },
    });
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('Tags are not included in the Free plan');
  });
});

describe('export', () => {
  const exportAs = (format: string, filter: object = {}) =>
    post(world.admin, '/api/workspace/exportItems', { projectId, format, filter });

  it('exports the view as CSV: BOM, header, formulas neutralised, no other project', async () => {
    const itemId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/evil',
      title: '=HYPERLINK("http://evil.test","Click")',
    });
    const response = await exportAs('csv', { pathPrefix: '/evil' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('attachment;');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFexternal id,url,title,type,status,description,tags,assignee,assignee email,release,author,created,updated',
    );
    expect(lines[1]).toContain(
      `waymark-${itemId},/evil,"'=HYPERLINK(""http://evil.test"",""Click"")"`,
    );
    expect(lines.filter(Boolean)).toHaveLength(2);
    expect((await exportAs('csv')).body).not.toContain('elsewhere');
  });

  it("writes mentions as the people's current names, never as stored tokens", async () => {
    await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/mentioned',
      title: 'Ask about the cart',
      descriptionHtml: `<p>Ask @[user:${world.adminUserId}] first</p>`,
    });
    const csv = (await exportAs('csv', { pathPrefix: '/mentioned' })).body;
    expect(csv).toContain('<p>Ask @Ada Admin first</p>');
    const json = JSON.parse((await exportAs('json', { pathPrefix: '/mentioned' })).body) as {
      descriptionHtml: string;
    }[];
    expect(json.map((row) => row.descriptionHtml)).toEqual(['<p>Ask @Ada Admin first</p>']);
    expect(csv + JSON.stringify(json)).not.toContain('@[user:');
  });

  it('streams a project of thousands in batches, as JSON and Markdown', async () => {
    const [first] = await t.db
      .select({ relativePathId: items.relativePathId, itemTypeId: items.itemTypeId })
      .from(items)
      .where(eq(items.id, made[0] ?? 0));
    await t.db.insert(items).values(
      Array.from({ length: 2_500 }, (_, index) => ({
        projectId,
        relativePathId: first?.relativePathId ?? 0,
        itemTypeId: first?.itemTypeId ?? 0,
        itemStatusId: statusOf(0),
        title: `Bulk ${index}`,
      })),
    );
    const all = ok<{ total: number }>(
      await post(world.admin, '/api/workspace/listWorkspaceItems', { projectId, limit: 1 }),
    ).total;
    const json = JSON.parse((await exportAs('json')).body) as { itemId: number }[];
    expect(json).toHaveLength(all);
    expect(new Set(json.map((row) => row.itemId)).size).toBe(all);
    const markdown = (await exportAs('markdown')).body
      .split('\n')
      .filter((line) => line.startsWith('| '));
    expect(markdown).toHaveLength(all + 2); // the header and its separator row
  });

  it('refuses an unknown format with 400', async () => {
    expect((await exportAs('xlsx')).statusCode).toBe(400);
  });
});
