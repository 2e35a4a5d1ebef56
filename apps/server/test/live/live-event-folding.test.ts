import { mentionToken } from '@waymark/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createTestDatabase } from '../support/helper';
import {
  addMember,
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type OrgWorld,
} from '../support/projects-world';

// Issues 28 and 34 (decision 0119): a transaction records one live event per project, page and
// item, whatever tables it wrote for them; its topic is the first table written. Every reader
// folds by page and item, so the second event only cost PostgreSQL time. Inbox events, which
// name their recipients, stay apart.

let t: AuthTestContext;
let world: OrgWorld;
let projectId = 0;
let member: { as: { authorization: string }; userId: number };

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  projectId = await createProject(t, world, 'https://folding.example.test');
  member = await addMember(t, world, [projectId]);
});
afterAll(() => t.close());

type EventRow = {
  topic: string;
  relativePathId: number | null;
  itemId: number | null;
  recipientUserIds: number[] | null;
};

/** The project's events recorded while `write` ran, in id order. */
async function eventsOf(write: () => Promise<unknown>): Promise<EventRow[]> {
  const last = async () =>
    Number(
      (
        await t.db.$client.query<{ id: string | null }>(
          'select max(id) as id from live_events where project_id = $1',
          [projectId],
        )
      ).rows[0]?.id ?? 0,
    );
  const before = await last();
  await write();
  const { rows } = await t.db.$client.query<EventRow>(
    `select topic, relative_path_id as "relativePathId", item_id as "itemId",
       recipient_user_ids as "recipientUserIds"
     from live_events where project_id = $1 and id > $2 order by id`,
    [projectId, before],
  );
  return rows;
}

const post = (url: string, payload: object) =>
  t.call(world.admin, { method: 'POST', url, payload });

const pathIdOf = async (itemId: number) =>
  (
    await t.db.$client.query<{ id: number }>(
      'select relative_path_id as id from items where id = $1',
      [itemId],
    )
  ).rows[0]?.id;

describe('one live event per item and page per transaction', () => {
  it('records a create with tags once, under the first table written (items)', async () => {
    // The page exists: its first item would also record the new page (relative_paths).
    await createItem(t, world.admin, world, { projectId, relativePath: '/cart', title: 'First' });
    let itemId = 0;
    const events = await eventsOf(async () => {
      itemId = await createItem(t, world.admin, world, {
        projectId,
        relativePath: '/cart',
        title: 'Folded create',
        tags: ['one', 'two'],
      });
    });
    expect(events).toEqual([
      { topic: 'items', relativePathId: await pathIdOf(itemId), itemId, recipientUserIds: null },
    ]);
  });

  it('records a note once, under item_notes (the item is touched after)', async () => {
    const itemId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/cart',
      title: 'Noted once',
    });
    const events = await eventsOf(async () =>
      ok(await post('/api/item/addItemNote', { itemId, text: 'One event' })),
    );
    expect(events).toEqual([
      {
        topic: 'item_notes',
        relativePathId: await pathIdOf(itemId),
        itemId,
        recipientUserIds: null,
      },
    ]);
  });

  it('records a bulk edit of n items as n events, one per item', async () => {
    const itemIds: number[] = [];
    for (let index = 0; index < 12; index += 1)
      itemIds.push(
        await createItem(t, world.admin, world, {
          projectId,
          relativePath: index % 2 ? '/odd' : '/even',
          title: `Bulk ${index}`,
          tags: ['old'],
        }),
      );
    const events = await eventsOf(async () =>
      ok(
        await post('/api/workspace/bulkUpdateItems', {
          projectId,
          itemIds,
          change: { itemStatusId: world.statusIds[1], addTags: ['new'], removeTags: ['old'] },
        }),
      ),
    );
    expect(events.map((event) => event.itemId).sort()).toEqual([...itemIds].sort());
    expect(new Set(events.map((event) => event.topic))).toEqual(new Set(['items']));
  });

  it('records an item moved and retagged in one transaction on its new and its old page', async () => {
    const itemId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/basket',
      title: 'Moved along',
    });
    const oldPathId = await pathIdOf(itemId);
    const newPathId = await pathIdOf(
      await createItem(t, world.admin, world, { projectId, relativePath: '/till', title: 'Till' }),
    );
    // No route moves one item and retags it at once; the triggers see only the rows written.
    const events = await eventsOf(async () => {
      const client = await t.db.$client.connect();
      try {
        await client.query('begin');
        await client.query('update items set relative_path_id = $2 where id = $1', [
          itemId,
          newPathId,
        ]);
        await client.query(
          `insert into item_tags (item_id, tag, position) values ($1, 'moved', 0)`,
          [itemId],
        );
        await client.query('commit');
      } finally {
        client.release();
      }
    });
    expect(events).toEqual([
      { topic: 'items', relativePathId: newPathId, itemId, recipientUserIds: null },
      { topic: 'items', relativePathId: oldPathId, itemId, recipientUserIds: null },
    ]);
  });

  it('records a merge of pages: each moved item on both pages, then the old page', async () => {
    const movedId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/bag',
      title: 'Merged along',
    });
    const stayingId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/checkout',
      title: 'Already there',
    });
    const oldPathId = await pathIdOf(movedId);
    const newPathId = await pathIdOf(stayingId);
    // Renaming /bag onto /checkout merges them: the item moves, /bag is deleted. A guard that
    // held before the fold too: it fails if events were folded by item alone, losing the old page.
    const events = await eventsOf(async () =>
      ok(
        await post('/api/project/updateRelativePath', {
          projectId,
          relativePathId: oldPathId,
          relativePath: '/checkout',
        }),
      ),
    );
    expect(events.filter((event) => event.itemId !== null)).toEqual([
      { topic: 'items', relativePathId: newPathId, itemId: movedId, recipientUserIds: null },
      { topic: 'items', relativePathId: oldPathId, itemId: movedId, recipientUserIds: null },
    ]);
    expect(events).toContainEqual({
      topic: 'relative_paths',
      relativePathId: oldPathId,
      itemId: null,
      recipientUserIds: null,
    });
  });

  it("keeps a mention's inbox event apart from the note's one event", async () => {
    const itemId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/cart',
      title: 'Mentioned',
    });
    const events = await eventsOf(async () =>
      ok(
        await post('/api/item/addItemNote', {
          itemId,
          text: `For ${mentionToken(member.userId)}`,
        }),
      ),
    );
    expect(events).toEqual([
      {
        topic: 'inbox_entries',
        relativePathId: null,
        itemId,
        recipientUserIds: [member.userId],
      },
      {
        topic: 'item_notes',
        relativePathId: await pathIdOf(itemId),
        itemId,
        recipientUserIds: null,
      },
    ]);
  });
});

// Decision 0150: the fold is the unique index's own check. A probe's plan, kept by PL/pgSQL for
// the session and made while the table was analyzed empty, read every event the transaction had
// written so far for each new one: a commit of 100,000 items did not end within minutes.
describe('folding in a transaction of thousands of events', () => {
  it('reads none of the events already written, even after the table was analyzed empty', async () => {
    const database = await createTestDatabase();
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      await client.query('vacuum analyze live_events');
      await client.query('begin');
      // 2,000 items on 50 pages, each recorded twice: the second time folds into the first.
      const record = `select waymark_add_live_event(1, 'items', g % 50 + 1, g)
                      from generate_series(1, 2000) g`;
      await client.query(record);
      await client.query(record);
      const { rows } = await client.query<{ read: string; events: string }>(
        `select (select coalesce(sum(seq_tup_read + coalesce(idx_tup_fetch, 0)), 0)
                 from pg_stat_xact_user_tables where relname = 'live_events') as read,
                (select count(*) from live_events) as events`,
      );
      // The count's own scan reads the 2,000 rows once; a probe that scans read millions.
      expect(Number(rows[0]?.read)).toBeLessThanOrEqual(2_000);
      expect(Number(rows[0]?.events)).toBe(2_000);
      await client.query('rollback');
    } finally {
      await client.end();
      await database.close();
    }
  });
});
