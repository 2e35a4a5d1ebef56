import { SAVED_VIEWS_MAX, type TSavedView, type TSavedViewState } from '@waymark/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedViews } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  addProjectMember,
  createOrgWorld,
  createProject,
  ok,
  type As,
  type OrgWorld,
} from '../support/projects-world';

let t: AuthTestContext;
let world: OrgWorld;
let projectId: number;
let otherProjectId: number;
let teammate: { authorization: string };

const STATE: TSavedViewState = {
  filter: { itemStatusIds: [1], tags: ['payments'], pathPrefix: '/checkout' },
  sort: { column: 'title', direction: 'asc' },
  columns: ['status', 'assignee', 'tags'],
  layout: 'board',
  boardGroup: 'status',
};

const post = (as: As, path: string, payload: object) =>
  t.call(as, { method: 'POST', url: `/api/workspace/${path}`, payload });
const save = (as: As, name: string, state: object = STATE, project = projectId) =>
  post(as, 'saveView', { projectId: project, name, state });
const listOf = async (as: As, project = projectId) =>
  ok<TSavedView[]>(await post(as, 'listSavedViews', { projectId: project }));
const rowCount = async () => (await t.db.select({ id: savedViews.id }).from(savedViews)).length;

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  projectId = await createProject(t, world, 'https://www.shop.example.test');
  otherProjectId = await createProject(t, world, 'https://www.blog.example.test');
  teammate = await addProjectMember(t, world.orgId, projectId);
});
afterAll(() => t.close());

describe('saved views', () => {
  it('saves, lists by name, reopens with every part of the state, renames and deletes', async () => {
    const saved = ok<TSavedView>(await save(world.admin, '  Open bugs  '));
    expect(saved).toMatchObject({ name: 'Open bugs', projectId, state: STATE });
    ok(await save(world.admin, 'all items', { ...STATE, filter: {}, layout: 'table' }));
    expect((await listOf(world.admin)).map((view) => view.name)).toEqual([
      'all items',
      'Open bugs',
    ]);

    const renamed = ok<TSavedView>(
      await post(world.admin, 'renameView', { projectId, viewId: saved.viewId, name: 'Triage' }),
    );
    expect(renamed).toMatchObject({ viewId: saved.viewId, name: 'Triage', state: STATE });
    ok(await post(world.admin, 'deleteView', { projectId, viewId: saved.viewId }));
    expect((await listOf(world.admin)).map((view) => view.name)).toEqual(['all items']);
  });

  it('replaces the view of the same name (case ignored) instead of making a second', async () => {
    const first = ok<TSavedView>(await save(world.admin, 'Release plan'));
    const changed = { ...STATE, sort: { column: 'updated', direction: 'desc' } };
    const again = ok<TSavedView>(await save(world.admin, 'release PLAN', changed));
    expect(again).toMatchObject({ viewId: first.viewId, name: 'release PLAN', state: changed });
    expect((await listOf(world.admin)).filter((v) => v.viewId === first.viewId)).toHaveLength(1);
  });

  it('keeps views private to their user and to their project', async () => {
    const mine = ok<TSavedView>(await save(world.admin, 'Private'));
    expect((await listOf(teammate)).map((view) => view.name)).not.toContain('Private');
    expect((await listOf(world.admin, otherProjectId)).map((view) => view.name)).toEqual([]);
    const before = await rowCount();
    // Someone else's view, or one of another project: as if it did not exist, nothing changes.
    for (const [as, project] of [
      [teammate, projectId],
      [world.admin, otherProjectId],
    ] as const) {
      const rename = await post(as, 'renameView', {
        projectId: project,
        viewId: mine.viewId,
        name: 'x',
      });
      expect(rename.statusCode).toBe(404);
      expect(rename.json()).toMatchObject({ message: 'No such saved view.' });
      expect(
        (await post(as, 'deleteView', { projectId: project, viewId: mine.viewId })).statusCode,
      ).toBe(404);
    }
    expect(await rowCount()).toBe(before);
    const [row] = await t.db.select().from(savedViews).where(eq(savedViews.id, mine.viewId));
    expect(row?.name).toBe('Private');
  });

  it("refuses a rename to a name another of the user's views has: 409, nothing changes", async () => {
    ok(await save(world.admin, 'Alpha'));
    const beta = ok<TSavedView>(await save(world.admin, 'Beta'));
    const response = await post(world.admin, 'renameView', {
      projectId,
      viewId: beta.viewId,
      name: 'ALPHA',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'You already have a view with this name.' });
    // Its own name in other letters is allowed.
    expect(
      ok<TSavedView>(
        await post(world.admin, 'renameView', { projectId, viewId: beta.viewId, name: 'BETA' }),
      ).name,
    ).toBe('BETA');
  });

  it.each([
    ['an empty name', { name: '   ' }],
    ['a name of 81 characters', { name: 'x'.repeat(81) }],
    ['a NUL in the name', { name: 'a\u0000b' }],
    ['an unknown layout', { state: { ...STATE, layout: 'gantt' } }],
    ['an unknown column', { state: { ...STATE, columns: ['title; drop table items'] } }],
    ['a column twice', { state: { ...STATE, columns: ['status', 'status'] } }],
    ['an unknown board group', { state: { ...STATE, boardGroup: 'author' } }],
    ['a hostile filter', { state: { ...STATE, filter: { itemStatusIds: [-1] } } }],
    ['a search of 201 characters', { state: { ...STATE, filter: { text: 'x'.repeat(201) } } }],
    ['no state', { state: undefined }],
    ['an extra field', { state: { ...STATE, owner: 1 } }],
  ])('answers 400 for %s and stores nothing', async (_, change) => {
    const before = await rowCount();
    const response = await post(world.admin, 'saveView', {
      projectId,
      name: 'Bad',
      state: STATE,
      ...change,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(await rowCount()).toBe(before);
  });

  it('makes one view of 30 identical concurrent saves', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => save(teammate, 'Concurrent')),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(30).fill(200));
    const ids = new Set(responses.map((response) => response.json<TSavedView>().viewId));
    expect(ids.size).toBe(1);
    expect((await listOf(teammate)).filter((view) => view.name === 'Concurrent')).toHaveLength(1);
  });

  it(`keeps at most ${SAVED_VIEWS_MAX} views per user and project, even when saved at once`, async () => {
    const member = await addProjectMember(t, world.orgId, projectId);
    for (let index = 0; index < SAVED_VIEWS_MAX - 5; index += 1)
      ok(await save(member, `View ${index}`));
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) => save(member, `Extra ${index}`)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(25);
    expect(responses.find((response) => response.statusCode === 409)?.json()).toMatchObject({
      message: `You can keep at most ${SAVED_VIEWS_MAX} saved views per project. Delete one first.`,
    });
    expect(await listOf(member)).toHaveLength(SAVED_VIEWS_MAX);
    // Replacing a view by its name still works at the limit.
    expect((await save(member, 'View 0')).statusCode).toBe(200);
    // A project the member cannot use: as if it did not exist.
    expect((await save(member, 'Elsewhere', STATE, otherProjectId)).statusCode).toBe(404);
  });
});
