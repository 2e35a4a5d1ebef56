import type { TItemDetail } from '@waymark/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watches } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createMentionWorld, type MentionPerson } from '../support/conversation-world';
import { backendPid, untilSomeoneWaitsForALock } from '../support/lock-waits';
import { createItem, createProject, ok, type As, type OrgWorld } from '../support/projects-world';

// Migration 0047 (decision 0122): watches name their item or page by id with no foreign key.
// Deleting the item or the path forgets its watches; a path merged into another (a rename onto
// an existing path, an accepted canonical link) hands its page watchers to that path, where a
// watcher's own choice wins, and only a merge does; a page watch racing its path's delete is
// NOT_FOUND, nothing left.

let t: AuthTestContext;
let world: OrgWorld;
let projectId: number;
let bea: MentionPerson;
let carl: MentionPerson;

beforeAll(async () => {
  t = await startAuthTestApp();
  ({ world, projectId, bea, carl } = await createMentionWorld(t));
});
afterAll(() => t.close());

const post = (as: As, url: string, payload: Record<string, unknown>) =>
  t.call(as, { method: 'POST', url, payload });
const newItem = (path: string, title: string) =>
  createItem(t, world.admin, world, { projectId, relativePath: path, title });
async function pathIdOf(path: string): Promise<number> {
  const itemId = await newItem(path, `On ${path}`);
  const item = ok<TItemDetail>(
    await t.call(world.admin, { method: 'GET', url: `/api/item/getItem/${itemId}` }),
  );
  return item.relativePathId;
}
const watchPage = (as: As, pathId: number, isWatching = true) =>
  post(as, `/api/item/watchPage/${pathId}`, { isWatching });
const pageWatches = async (pathId: number) =>
  (
    await t.db
      .select({ userId: watches.userId, isWatching: watches.isWatching })
      .from(watches)
      .where(and(eq(watches.kind, 'page'), eq(watches.targetId, pathId)))
      .orderBy(watches.userId)
  ).map(({ userId, isWatching }) => ({ userId, isWatching }));
const itemWatchCount = async (itemId: number) =>
  (
    await t.db
      .select()
      .from(watches)
      .where(and(eq(watches.kind, 'item'), eq(watches.targetId, itemId)))
  ).length;
const pageWatchedBy = async (as: As, itemId: number) =>
  ok<{ page: boolean }>(
    await t.call(as, { method: 'GET', url: `/api/item/getWatchState/${itemId}` }),
  ).page;

describe('watches follow their item and page', () => {
  it("forgets an item's watches when the item is deleted", async () => {
    const itemId = await newItem('/gone-item', 'Watched, then deleted');
    ok(await post(bea.as, `/api/item/watchItem/${itemId}`, { isWatching: true }));
    ok(await post(carl.as, `/api/item/watchItem/${itemId}`, { isWatching: false }));
    // Bea's and Carl's, and the author's automatic one.
    expect(await itemWatchCount(itemId)).toBe(3);
    ok(await t.call(world.admin, { method: 'POST', url: `/api/item/deleteItem/${itemId}` }));
    expect(await itemWatchCount(itemId)).toBe(0);
  });

  it("forgets a deleted path's page watches and its items' watches", async () => {
    const pathId = await pathIdOf('/gone-page');
    const itemId = await newItem('/gone-page', 'On a deleted page');
    ok(await watchPage(bea.as, pathId));
    ok(await post(bea.as, `/api/item/watchItem/${itemId}`, { isWatching: true }));
    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: `/api/project/deleteRelativePath/${pathId}`,
      }),
    );
    expect(await pageWatches(pathId)).toEqual([]);
    expect(await itemWatchCount(itemId)).toBe(0);
  });

  it('hands page watchers to the path a rename merges into; a choice on the target wins', async () => {
    const source = await pathIdOf('/old-cart');
    const target = await pathIdOf('/cart-merged');
    ok(await watchPage(bea.as, source));
    ok(await watchPage(carl.as, source));
    ok(await watchPage(carl.as, target, false));
    const merged = ok<string>(
      await post(world.admin, '/api/project/updateRelativePath', {
        projectId,
        relativePathId: source,
        relativePath: '/cart-merged',
      }),
    );
    expect(merged).toMatch(/^Merged into \/cart-merged/);
    expect(await pageWatches(source)).toEqual([]);
    expect(await pageWatches(target)).toEqual([
      { userId: bea.userId, isWatching: true },
      { userId: carl.userId, isWatching: false },
    ]);
    // Bea hears of a new item on the merged page; Carl, who unwatched it, does not.
    const itemId = await newItem('/cart-merged', 'After the merge');
    expect(await pageWatchedBy(bea.as, itemId)).toBe(true);
    expect(await pageWatchedBy(carl.as, itemId)).toBe(false);
  });

  it('forgets the watchers of a page recorded again at a renamed address when it is deleted', async () => {
    // /was-here renamed to /moved-here leaves an alias at /was-here; an item recorded there
    // later makes /was-here a page of its own again. Deleting it is no merge: its watchers go.
    const renamed = await pathIdOf('/was-here');
    ok(
      await post(world.admin, '/api/project/updateRelativePath', {
        projectId,
        relativePathId: renamed,
        relativePath: '/moved-here',
      }),
    );
    const again = await pathIdOf('/was-here');
    expect(again).not.toBe(renamed);
    ok(await watchPage(bea.as, again));
    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: `/api/project/deleteRelativePath/${again}`,
      }),
    );
    expect(await pageWatches(again)).toEqual([]);
    expect(await pageWatches(renamed)).toEqual([]);
  });

  it('hands page watchers to the canonical page when its link is accepted', async () => {
    const canonical = await pathIdOf('/help');
    // A path row with no items of its own: retired by the accepted link.
    const tmp = await newItem('/p/9', 'Tmp');
    ok(await t.call(world.admin, { method: 'POST', url: `/api/item/deleteItem/${tmp}` }));
    const [own] = (
      await t.db.execute<{ id: number }>(
        sql`select id from relative_paths where project_id = ${projectId} and path = '/p/9'`,
      )
    ).rows;
    ok(await watchPage(bea.as, own!.id));
    ok(
      await post(world.admin, '/api/project/acceptCanonicalLink', {
        projectId,
        pageUrl: 'https://first.test/p/9',
        canonicalUrl: 'https://first.test/help',
      }),
    );
    expect(await pageWatches(own!.id)).toEqual([]);
    expect(await pageWatches(canonical)).toEqual([{ userId: bea.userId, isWatching: true }]);
  });

  it('answers 404 and leaves no watch when the page is deleted while the watch is on its way', async () => {
    const pathId = await pathIdOf('/racing');
    let watch: ReturnType<typeof watchPage> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`delete from relative_paths where id = ${pathId}`);
      watch = watchPage(bea.as, pathId);
      await untilSomeoneWaitsForALock(t.db);
    });
    const response = await watch!;
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'URL path not found.' });
    expect(await pageWatches(pathId)).toEqual([]);
  });

  it.each(['item', 'page'] as const)(
    'lets a watch on the %s and its project’s delete both finish',
    async (kind) => {
      // A project's delete locks the project, then its cascade the items and paths. A watch
      // that locked its item or path first and then, through its foreign key, the project
      // deadlocked with it (decision 0125): here the delete holds the project while the watch
      // arrives, then deletes; both must finish, the watch with 404.
      const doomed = await createProject(t, world, `https://doomed-${kind}.example.test`, kind);
      const itemId = await createItem(t, world.admin, world, {
        projectId: doomed,
        relativePath: '/doomed',
        title: 'On a doomed project',
      });
      const item = ok<TItemDetail>(
        await t.call(world.admin, { method: 'GET', url: `/api/item/getItem/${itemId}` }),
      );
      // The author's automatic watch forgotten: the call writes a new row, whose foreign key
      // locks the project (an update of an existing row would not).
      await t.db.delete(watches).where(and(eq(watches.kind, 'item'), eq(watches.targetId, itemId)));
      const url =
        kind === 'item'
          ? `/api/item/watchItem/${itemId}`
          : `/api/item/watchPage/${item.relativePathId}`;
      let watch: ReturnType<typeof post> | undefined;
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from projects where id = ${doomed} for update`);
        watch = post(world.admin, url, { isWatching: true });
        await untilSomeoneWaitsForALock(t.db, { blockedBy: await backendPid(tx) });
        await tx.execute(sql`delete from projects where id = ${doomed}`);
      });
      const response = await watch!;
      expect(response.statusCode, response.body).toBe(404);
      expect(await itemWatchCount(itemId)).toBe(0);
      expect(await pageWatches(item.relativePathId)).toEqual([]);
    },
  );

  it('answers a note whose project is deleted while it is written 404, not 500', async () => {
    // The note's statement writes its author's new automatic watch, whose foreign key waits for
    // the project a delete holds; the delete commits and the key finds no project: the item is
    // gone with it (decision 0127).
    const doomed = await createProject(t, world, 'https://doomed-note.example.test', 'note');
    const itemId = await createItem(t, world.admin, world, {
      projectId: doomed,
      relativePath: '/doomed',
      title: 'Noted while deleted',
    });
    await t.db.delete(watches).where(and(eq(watches.kind, 'item'), eq(watches.targetId, itemId)));
    const note = () => post(world.admin, '/api/item/addItemNote', { itemId, text: 'Racing' });
    let first: ReturnType<typeof note> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from projects where id = ${doomed} for update`);
      first = note();
      await untilSomeoneWaitsForALock(t.db, { blockedBy: await backendPid(tx) });
      await tx.execute(sql`delete from projects where id = ${doomed}`);
    });
    const response = await first!;
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Item not found.' });
    expect((await note()).statusCode).toBe(404);
  });
});
