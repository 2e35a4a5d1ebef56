import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createOrgWorld, createProject, ok, type OrgWorld } from '../support/projects-world';
import { logStatements } from '../support/statement-log';
import { withTemplate } from '../../src/modules/items/url-rules/preview-url-template';
import { readUrlRules } from '../../src/modules/items/url-rules/read-url-rules';
import { applyMoves, planMoves } from '../../src/modules/items/url-rules/rehome-items';

// Decision 0140: a URL-rule change re-homes a project in the same few statements however many
// pages move, each list bound as one array parameter; every item's outcome is the one per-page
// moves gave (history, recorded page, updated_at, the triggers' change log and live events).

const LARGE_PAGES = 300;
// One page of the large project holds many items: a page's items are one parameter too.
const CROWDED_ITEMS = 40;

let t: AuthTestContext;
let world: OrgWorld;
let small: number;
let large: number;

type ItemRow = { id: number; pathId: number; path: string; recorded: string | null };

/** Pages /page/1…/page/<pages> with two items each (the last with `lastItems`), and /about. */
async function seedPages(projectId: number, pages: number, lastItems = 2): Promise<void> {
  await t.db.execute(sql`insert into relative_paths (project_id, path)
    select ${projectId}::int, '/page/' || n from generate_series(1, ${pages}::int) n
    union all select ${projectId}::int, '/about'`);
  await t.db.execute(sql`insert into items (project_id, relative_path_id, item_type_id,
      item_status_id, title, created_by)
    select ${projectId}::int, p.id, ${world.itemTypeIds[0]}::int, ${world.statusIds[0]}::int,
      'Item ' || k || ' on ' || p.path, ${world.adminUserId}::int
    from relative_paths p
    cross join generate_series(1, ${lastItems}::int) k
    where p.project_id = ${projectId}
      and (k <= 2 or p.path = '/page/' || ${pages}::int)
    order by p.id, k`);
}

const itemRows = async (projectId: number) =>
  (
    await t.db.execute<ItemRow>(sql`select i.id, i.relative_path_id as "pathId", p.path,
        i.recorded_path as recorded
      from items i join relative_paths p on p.id = i.relative_path_id
      where i.project_id = ${projectId} order by i.id`)
  ).rows;

/** What a rule change wrote after the marks: history, live events and change-log keys of items. */
async function writtenSince(projectId: number, marks: Marks) {
  const { rows: history } = await t.db.execute<{
    itemId: number;
    userId: number;
    field: string;
    before: string;
    after: string;
  }>(sql`select h.item_id as "itemId", h.user_id as "userId", h.field, h.before, h.after
    from item_history h join items i on i.id = h.item_id
    where i.project_id = ${projectId} and h.id > ${marks.history} order by h.item_id, h.id`);
  const { rows: events } = await t.db.execute<{ itemId: number; pathId: number }>(sql`
    select item_id as "itemId", relative_path_id as "pathId" from live_events
    where project_id = ${projectId} and topic = 'items' and id > ${marks.live}`);
  const { rows: changes } = await t.db.execute<{ key: string }>(sql`
    select distinct key from change_log where tbl = 'items' and id > ${marks.log}`);
  const { rows: stale } = await t.db.execute<{ count: number }>(sql`
    select count(*)::int as count from items
    where project_id = ${projectId} and updated_at <= ${marks.at}::timestamptz`);
  return {
    history,
    events: new Set(events.map((event) => `${event.itemId}@${event.pathId}`)),
    changedPathIds: new Set(changes.map((change) => Number(change.key))),
    unchangedItems: stale[0]?.count,
  };
}

type Marks = { history: number; live: number; log: number; at: string };
const marksNow = async (): Promise<Marks> =>
  (
    await t.db.execute<Marks>(sql`select
      (select coalesce(max(id), 0) from item_history)::int as history,
      (select coalesce(max(id), 0) from live_events)::int as live,
      (select coalesce(max(id), 0) from change_log)::int as log,
      clock_timestamp()::text as at`)
  ).rows[0]!;

/**
 * Calls a rule change as the admin; answers its answer, the statements its transaction sent
 * (BEGIN to COMMIT on its connection) and the most parameters one of them carried.
 */
async function changeRules<T>(url: string, payload: object) {
  const logged = await logStatements(t.db, () =>
    t.call(world.admin, { method: 'POST', url, payload }),
  );
  const begin = logged.statements.findIndex((s) => /^\s*begin/i.test(s.text));
  const client = logged.statements[begin]?.client;
  const rest = logged.statements.slice(begin).filter((s) => s.client === client);
  const transaction = rest.slice(0, rest.findIndex((s) => /^\s*commit/i.test(s.text)) + 1);
  return {
    answer: ok<T>(logged.result),
    statements: transaction.length,
    mostValues: Math.max(...transaction.map((s) => s.values?.length ?? 0)),
  };
}

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  small = await createProject(t, world, 'https://small.rehome.test', 'Small');
  large = await createProject(t, world, 'https://large.rehome.test', 'Large');
  await seedPages(small, 3);
  await seedPages(large, LARGE_PAGES, CROWDED_ITEMS);
});
afterAll(() => t.close());

describe('re-homing a project (decision 0140)', () => {
  it('moves hundreds of pages in the statements of three, each item as a page-by-page move did', async () => {
    const before = await itemRows(large);
    const onPages = before.filter((row) => row.path.startsWith('/page/'));
    expect(onPages).toHaveLength(2 * (LARGE_PAGES - 1) + CROWDED_ITEMS);
    const create = (projectId: number) =>
      changeRules<{ templateId: number }>('/api/project/createUrlTemplate', {
        projectId,
        pattern: '/page/:id',
      });

    const reference = await create(small);
    let marks = await marksNow();
    const merged = await create(large);
    expect(merged.statements).toBe(reference.statements);
    expect(merged.mostValues).toBe(reference.mostValues);
    const afterMerge = await itemRows(large);
    const templatePathId = afterMerge.find((row) => row.path === '/page/:id')?.pathId ?? 0;
    expect(afterMerge).toEqual(
      before.map((row) =>
        row.path === '/about'
          ? row
          : { id: row.id, pathId: templatePathId, path: '/page/:id', recorded: row.path },
      ),
    );
    let written = await writtenSince(large, marks);
    const historyOf = (from: 'path' | 'key') =>
      onPages.map((row) => ({
        itemId: row.id,
        userId: world.adminUserId,
        field: 'relativePath',
        before: from === 'path' ? row.path : '/page/:id',
        after: from === 'path' ? '/page/:id' : row.path,
      }));
    expect(written.history).toEqual(historyOf('path'));
    expect(written.unchangedItems).toBe(before.length - onPages.length);
    expect(written.events).toEqual(
      new Set(onPages.flatMap((row) => [`${row.id}@${row.pathId}`, `${row.id}@${templatePathId}`])),
    );
    expect(written.changedPathIds).toEqual(
      new Set([templatePathId, ...onPages.map((row) => row.pathId)]),
    );

    const remove = (projectId: number, templateId: number) =>
      changeRules<string>('/api/project/deleteUrlTemplate', { projectId, templateId });
    const back = await remove(small, reference.answer.templateId);
    marks = await marksNow();
    const split = await remove(large, merged.answer.templateId);
    expect(split.answer).toBe(`Removed /page/:id: ${onPages.length} items back on their pages.`);
    expect(split.statements).toBe(back.statements);
    expect(split.mostValues).toBe(back.mostValues);
    expect(await itemRows(large)).toEqual(before);
    written = await writtenSince(large, marks);
    expect(written.history).toEqual(historyOf('key'));
    expect(written.unchangedItems).toBe(before.length - onPages.length);
    expect(written.events).toEqual(
      new Set(onPages.flatMap((row) => [`${row.id}@${templatePathId}`, `${row.id}@${row.pathId}`])),
    );
    expect(written.changedPathIds).toEqual(
      new Set([templatePathId, ...onPages.map((row) => row.pathId)]),
    );
  });
});

describe('an item deleted while its project is re-homed (decision 0146)', () => {
  /**
   * A new project of three pages, `/page/<goneOn>`'s first item the one to delete, and the moves
   * a `/page/:id` template plans; `onPages` the items expected on the template afterwards.
   */
  async function planTemplate(host: string, goneOn: number) {
    const projectId = await createProject(t, world, `https://${host}.rehome.test`, host);
    await seedPages(projectId, 3);
    const before = await itemRows(projectId);
    const gone = before.find((row) => row.path === `/page/${goneOn}`);
    const rules = withTemplate(await readUrlRules(t.db, projectId), '/page/:id', null);
    const moves = await planMoves(t.db, projectId, rules);
    const onPages = before.filter((row) => row.path.startsWith('/page/') && row !== gone);
    const moveAll = () =>
      t.db.transaction((tx) => applyMoves(tx, { projectId, userId: world.adminUserId, moves }));
    return { projectId, goneId: gone?.id ?? 0, moves, onPages, moveAll };
  }

  it('moves the rest and records no history for the deleted item', async () => {
    const { projectId, goneId, moves, onPages, moveAll } = await planTemplate('raced', 2);
    expect(moves.flatMap((move) => move.itemIds)).toContain(goneId);
    // Committed by another transaction after the plan was read.
    await t.db.execute(sql`delete from items where id = ${goneId}`);
    const marks = await marksNow();

    const moved = await moveAll();

    expect(moved).toBe(onPages.length);
    const after = await itemRows(projectId);
    expect(after.filter((row) => row.path === '/page/:id').map((row) => row.id)).toEqual(
      onPages.map((row) => row.id),
    );
    expect((await writtenSince(projectId, marks)).history.map((row) => row.itemId)).toEqual(
      onPages.map((row) => row.id),
    );
  });

  it('waits for a delete in flight, then moves the rest', async () => {
    const { projectId, goneId, onPages, moveAll } = await planTemplate('inflight', 3);
    let releaseDelete = () => {};
    const deleting = t.db.transaction(async (tx) => {
      await tx.execute(sql`delete from items where id = ${goneId}`);
      await new Promise<void>((resolve) => (releaseDelete = resolve));
    });
    // The delete holds its row lock until released; the re-home must wait for it, not fail.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const moving = moveAll();
    await new Promise((resolve) => setTimeout(resolve, 200));
    releaseDelete();
    await deleting;
    expect(await moving).toBe(onPages.length);
    expect(
      (await itemRows(projectId)).filter((row) => row.path === '/page/:id').map((row) => row.id),
    ).toEqual(onPages.map((row) => row.id));
  });
});
