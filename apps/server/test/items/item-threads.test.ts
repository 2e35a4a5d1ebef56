import {
  ITEM_DETAIL_HISTORY_SIZE,
  ITEM_DETAIL_NOTES_SIZE,
  ITEM_THREAD_PAGE_SIZE,
} from '@waymark/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemHistory, itemNotes } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { logStatements } from '../support/statement-log';
import {
  createItem,
  createOrgWorld,
  createTwoSiteProject,
  ok,
  type As,
  type OrgWorld,
} from '../support/projects-world';

// Decision 0138: an item's detail carries its newest notes and history only; the rest is read a
// page at a time, so neither a read nor any write's answer grows with the item's life.

type Note = { noteId: number; text: string };
type Entry = { historyId: number; field: string; after: string | null };
type Detail = {
  notes: Note[];
  hasEarlierNotes: boolean;
  history: Entry[];
  hasOlderHistory: boolean;
};

let t: AuthTestContext;
let world: OrgWorld;
let other: OrgWorld;
let longItem: number;
let shortItem: number;
let otherItem: number;
let projectId: number;
const NOTES = 250;
const ENTRIES = 260;

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  other = await createOrgWorld(t, { email: 'ada@look-alike.test' });
  projectId = await createTwoSiteProject(t, world, 'https://shop.example.test', 'http://a.test');
  const otherProject = await createTwoSiteProject(
    t,
    other,
    'https://shop.example.test',
    'http://b.test',
  );
  longItem = await createItem(t, world.admin, world, {
    projectId,
    relativePath: '/l',
    title: 'Long',
  });
  shortItem = await createItem(t, world.admin, world, {
    projectId,
    relativePath: '/s',
    title: 'Short',
  });
  otherItem = await createItem(t, other.admin, other, {
    projectId: otherProject,
    relativePath: '/l',
    title: 'Long',
  });
  // Rows written straight: many share one timestamp, as rows of one transaction do, so the
  // pages must order by id within a time; after the item's creation, which stays the oldest.
  const base = Date.now() + 60_000;
  await t.db.insert(itemNotes).values(
    Array.from({ length: NOTES }, (_, index) => ({
      itemId: longItem,
      text: `note ${index}`,
      createdAt: new Date(base + Math.floor(index / 3) * 1000),
    })),
  );
  await t.db.insert(itemHistory).values(
    Array.from({ length: ENTRIES }, (_, index) => ({
      itemId: longItem,
      field: 'title',
      before: null,
      after: `title ${index}`,
      createdAt: new Date(base + Math.floor(index / 4) * 1000),
    })),
  );
  await t.db.insert(itemNotes).values({ itemId: otherItem, text: 'other org note' });
});
afterAll(() => t.close());

const get = <T>(as: As, url: string) => t.call(as, { method: 'GET', url }).then((r) => ok<T>(r));

describe('an item with a long life', () => {
  it('answers its newest notes (oldest first) and newest history, and says more exist', async () => {
    const detail = await get<Detail>(world.admin, `/api/item/getItem/${longItem}`);
    expect(detail.notes.map((note) => note.text)).toEqual(
      Array.from(
        { length: ITEM_DETAIL_NOTES_SIZE },
        (_, index) => `note ${NOTES - ITEM_DETAIL_NOTES_SIZE + index}`,
      ),
    );
    expect(detail.hasEarlierNotes).toBe(true);
    expect(detail.history).toHaveLength(ITEM_DETAIL_HISTORY_SIZE);
    expect(detail.history[0]?.after).toBe(`title ${ENTRIES - 1}`);
    expect(detail.hasOlderHistory).toBe(true);
  });

  it('reads every note exactly once, page by page, back to the first', async () => {
    const detail = await get<Detail>(world.admin, `/api/item/getItem/${longItem}`);
    const seen = detail.notes.map((note) => note.text);
    let beforeId = detail.notes[0]?.noteId;
    for (;;) {
      const page = await get<Note[]>(
        world.admin,
        `/api/item/getItemNotes/${longItem}?beforeId=${beforeId}`,
      );
      expect(page.length).toBeLessThanOrEqual(ITEM_THREAD_PAGE_SIZE);
      if (page.length === 0) break;
      seen.unshift(...page.map((note) => note.text));
      beforeId = page[0]?.noteId;
    }
    expect(seen).toEqual(Array.from({ length: NOTES }, (_, index) => `note ${index}`));
  });

  it('reads every history entry exactly once, page by page, back to its creation', async () => {
    const first = await get<Entry[]>(world.admin, `/api/item/getItemHistory/${longItem}`);
    expect(first).toHaveLength(ITEM_THREAD_PAGE_SIZE);
    const seen = [...first];
    for (;;) {
      const page = await get<Entry[]>(
        world.admin,
        `/api/item/getItemHistory/${longItem}?beforeId=${seen.at(-1)?.historyId}`,
      );
      if (page.length === 0) break;
      seen.push(...page);
    }
    // Its creation plus the rows written above, newest first.
    expect(seen.map((entry) => entry.after)).toEqual([
      ...Array.from({ length: ENTRIES }, (_, index) => `title ${ENTRIES - 1 - index}`),
      'Long',
    ]);
  });

  it('answers a write on it with the same bounded detail', async () => {
    const updated = ok<Detail>(
      await t.call(world.admin, {
        method: 'POST',
        url: '/api/item/updateItem',
        payload: { itemId: longItem, title: 'Longer' },
      }),
    );
    expect(updated.history).toHaveLength(ITEM_DETAIL_HISTORY_SIZE);
    expect(updated.hasOlderHistory).toBe(true);
    expect(updated.notes).toHaveLength(ITEM_DETAIL_NOTES_SIZE);
  });

  it('reads its newest notes and history through the index, not the whole thread', async () => {
    // Planned on the rows' real counts, as autovacuum's analyze gives a live database.
    await t.db.$client.query('analyze item_notes, item_history');
    const { statements } = await logStatements(t.db, () =>
      get<Detail>(world.admin, `/api/item/getItem/${longItem}`),
    );
    for (const table of ['item_notes', 'item_history']) {
      const read = statements.find((statement) =>
        new RegExp(`from "${table}"[\\s\\S]*limit`, 'i').test(statement.text),
      );
      expect(read, table).toBeDefined();
      const plan = await t.db.$client.query<{ 'QUERY PLAN': string }>(
        `explain ${read?.text}`,
        read?.values,
      );
      const lines = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(lines).toContain(`Index Scan Backward using ${table}_item_id_idx`);
      expect(lines).not.toContain(`Sort Key: ${table}`);
    }
  });
});

describe('a short item', () => {
  it('says nothing earlier exists', async () => {
    const detail = await get<Detail>(world.admin, `/api/item/getItem/${shortItem}`);
    expect(detail).toMatchObject({ notes: [], hasEarlierNotes: false, hasOlderHistory: false });
    expect(detail.history).toHaveLength(1);
  });
});

describe('a cursor whose note was deleted while the thread was open', () => {
  it('goes on from the next note the client holds, not from nothing', async () => {
    const itemId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/d',
      title: 'Deleted cursor',
    });
    const base = Date.now() + 60_000;
    await t.db.insert(itemNotes).values(
      Array.from({ length: 150 }, (_, index) => ({
        itemId,
        text: `kept ${index}`,
        createdAt: new Date(base + Math.floor(index / 3) * 1000),
      })),
    );
    const detail = await get<Detail>(world.admin, `/api/item/getItem/${itemId}`);
    const cursor = detail.notes[0]!;
    expect(cursor.text).toBe('kept 50');
    await t.db.delete(itemNotes).where(eq(itemNotes.id, cursor.noteId));
    const earlier = await get<Note[]>(
      world.admin,
      `/api/item/getItemNotes/${itemId}?beforeId=${cursor.noteId}`,
    );
    expect(earlier.map((note) => note.text)).toEqual(
      Array.from({ length: 50 }, (_, index) => `kept ${index}`),
    );
  });
});

describe('a cursor of another item', () => {
  it("reads nothing of the other organization's look-alike item", async () => {
    const [otherNote] = await get<Note[]>(other.admin, `/api/item/getItemNotes/${otherItem}`);
    expect(otherNote?.text).toBe('other org note');
    const [otherEntry] = await get<Entry[]>(other.admin, `/api/item/getItemHistory/${otherItem}`);
    // A cursor names a row of another item: the page is empty, never that item's rows.
    expect(
      await get<Note[]>(
        world.admin,
        `/api/item/getItemNotes/${longItem}?beforeId=${otherNote?.noteId}`,
      ),
    ).toEqual([]);
    expect(
      await get<Entry[]>(
        world.admin,
        `/api/item/getItemHistory/${longItem}?beforeId=${otherEntry?.historyId}`,
      ),
    ).toEqual([]);
    const refused = await t.call(world.admin, {
      method: 'GET',
      url: `/api/item/getItemNotes/${otherItem}`,
    });
    expect(refused.statusCode).toBe(404);
  });

  it('refuses a cursor that is not an id', async () => {
    for (const beforeId of ['-1', 'abc', '1e3', "1' or '1'='1"]) {
      const response = await t.call(world.admin, {
        method: 'GET',
        url: `/api/item/getItemNotes/${longItem}?beforeId=${encodeURIComponent(beforeId)}`,
      });
      expect(response.statusCode, beforeId).toBe(400);
    }
  });
});
