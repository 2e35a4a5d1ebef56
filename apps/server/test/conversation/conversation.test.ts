import {
  mentionToken,
  MENTION_IN_HTML_MESSAGE,
  NOT_NOTE_AUTHOR_MESSAGE,
  TOO_MANY_MENTIONS_MESSAGE,
  UNKNOWN_MENTION_MESSAGE,
  type TInbox,
  type TItemDetail,
  type TItemHistoryEntry,
  type TWatchState,
  type TWrittenNote,
} from '@waymark/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAccess, users, watches } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createMentionWorld, type MentionPerson } from '../support/conversation-world';
import { untilSomeoneWaitsForALock } from '../support/lock-waits';
import { snapshotDatabase } from '../support/matrix-world';
import { addMember, createItem, ok, type As, type OrgWorld } from '../support/projects-world';

// Issue 27 proof on the real database: mentions (stored as references, shown by current name,
// refused when bad), own-note edit / delete kept in history, automatic and manual watches that
// follow access, one notification per recipient and never for one's own action, and two
// organizations with look-alike people (same names, same e-mail local parts).

type Person = MentionPerson;

let t: AuthTestContext;
let world: OrgWorld;
let projectId: number;
let bea: Person;
let carl: Person;
let dana: Person;
let lookAlike: { world: OrgWorld; bea: Person };

beforeAll(async () => {
  t = await startAuthTestApp();
  ({ world, projectId, bea, carl, dana, lookAlike } = await createMentionWorld(t));
});
afterAll(() => t.close());

const newItem = (title: string, path = '/checkout', extra: Record<string, unknown> = {}) =>
  createItem(t, world.admin, world, { projectId, relativePath: path, title, ...extra });
const addNote = (as: As, itemId: number, text: string) =>
  t.call(as, { method: 'POST', url: '/api/item/addItemNote', payload: { itemId, text } });
const inbox = async (as: As) =>
  ok<TInbox>(await t.call(as, { method: 'GET', url: '/api/inbox/getInbox' }));
const watchState = async (as: As, itemId: number) =>
  ok<TWatchState>(await t.call(as, { method: 'GET', url: `/api/item/getWatchState/${itemId}` }));
const inboxEvents = async (person: Person, itemId: number) =>
  (await inbox(person.as)).entries
    .filter((entry) => entry.itemId === itemId)
    .map((entry) => entry.event);

describe('mentions', () => {
  it('notifies who can see the project, watches for them, and tells the author who cannot', async () => {
    const itemId = await newItem('Pay button');
    const text = `Please look ${mentionToken(bea.userId)} and ${mentionToken(dana.userId)}`;
    const note = ok<TWrittenNote>(await addNote(world.admin, itemId, text));
    expect(note.text).toBe(text);
    expect(note.mentions).toEqual([
      { userId: bea.userId, fullName: 'Bea Baker' },
      { userId: dana.userId, fullName: 'Dana Dale' },
    ]);
    expect(note.mentionsWithoutAccess).toEqual([{ userId: dana.userId, fullName: 'Dana Dale' }]);
    const beaInbox = await inbox(bea.as);
    const mention = beaInbox.entries.find((entry) => entry.itemId === itemId);
    expect(mention).toMatchObject({
      event: 'mention',
      itemTitle: 'Pay button',
      actorName: 'Ada Admin',
      detail: 'Please look @Bea Baker and @Dana Dale',
      pageUrl: 'https://first.test/checkout',
      isRead: false,
    });
    expect(beaInbox.unreadCount).toBe(1);
    // Dana cannot see the project: nothing reveals the item to her.
    expect((await inbox(dana.as)).entries).toEqual([]);
    expect(await watchState(bea.as, itemId)).toEqual({ item: true, page: false, project: false });
    // The author watches automatically and is not notified of their own note.
    expect(await watchState(world.admin, itemId)).toMatchObject({ item: true });
    expect(await inboxEvents({ as: world.admin, userId: world.adminUserId }, itemId)).toEqual([]);
  });

  it('shows a mention with the current name after a rename', async () => {
    const itemId = await newItem('Rename');
    ok(
      await addNote(
        world.admin,
        itemId,
        `Ask ${mentionToken(carl.userId)} ${mentionToken(bea.userId)}`,
      ),
    );
    // Renamed in the database (a token's claims rename Carl back when he calls): Bea sees it.
    await t.db.update(users).set({ firstName: 'Carla' }).where(eq(users.id, carl.userId));
    const item = ok<TItemDetail>(
      await t.call(world.admin, { method: 'GET', url: `/api/item/getItem/${itemId}` }),
    );
    expect(item.notes.at(-1)?.mentions).toContainEqual({
      userId: carl.userId,
      fullName: 'Carla Cole',
    });
    const entry = (await inbox(bea.as)).entries.find((row) => row.itemId === itemId);
    expect(entry?.detail).toBe('Ask @Carla Cole @Bea Baker');
    await t.db.update(users).set({ firstName: 'Carl' }).where(eq(users.id, carl.userId));
  });

  it('refuses a note of 1,000 mentions (400, nothing changed)', async () => {
    const itemId = await newItem('Thousand');
    const before = await snapshotDatabase(t.db);
    const text = Array.from({ length: 1_000 }, (_, i) => mentionToken(i + 1)).join(' ');
    expect((await addNote(world.admin, itemId, text)).statusCode).toBe(400);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it.each([
    [
      '21 mentions',
      () => Array.from({ length: 21 }, (_, i) => mentionToken(i + 1)).join(' '),
      TOO_MANY_MENTIONS_MESSAGE,
    ],
    [
      'a look-alike of another organization',
      () => `Hi ${mentionToken(lookAlike.bea.userId)}`,
      UNKNOWN_MENTION_MESSAGE,
    ],
    ['an id nobody has', () => `Hi ${mentionToken(987_654)}`, UNKNOWN_MENTION_MESSAGE],
    [
      'a mention inside HTML',
      () => `<a href="${mentionToken(bea.userId)}">x</a>`,
      MENTION_IN_HTML_MESSAGE,
    ],
  ])('refuses %s with a 400 and changes nothing', async (_, text, message) => {
    const itemId = await newItem('Refusals');
    const before = await snapshotDatabase(t.db);
    const response = await addNote(world.admin, itemId, text());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ message });
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it('never notifies the look-alike user of another organization', async () => {
    const itemId = await newItem('Look-alike');
    ok(await addNote(world.admin, itemId, `Hi ${mentionToken(bea.userId)}`));
    expect((await inbox(lookAlike.bea.as)).entries).toEqual([]);
  });
});

describe('a note racing a delete', () => {
  it('answers 404, nothing written, when its item is deleted while the note is on its way', async () => {
    // The route's access read sees the item; its delete commits before the note's statement can
    // take the item's key: the note's foreign key fails, which is the item not found (not a 500).
    const itemId = await newItem('Deleted under a note');
    let note: ReturnType<typeof addNote> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`delete from items where id = ${itemId}`);
      note = addNote(world.admin, itemId, 'Too late');
      await untilSomeoneWaitsForALock(t.db);
    });
    const response = await note!;
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Item not found.' });
    const { rows } = await t.db.execute<{ notes: number }>(
      sql`select count(*)::int as notes from item_notes where item_id = ${itemId}`,
    );
    expect(rows[0]?.notes).toBe(0);
  });
});

describe("editing and deleting one's own note", () => {
  it('edits in place, keeps the earlier text in history, notifies only newly mentioned people', async () => {
    const itemId = await newItem('Edit me');
    const note = ok<TWrittenNote>(
      await addNote(bea.as, itemId, `First ${mentionToken(carl.userId)}`),
    );
    const edited = ok<TWrittenNote>(
      await t.call(bea.as, {
        method: 'POST',
        url: '/api/item/editItemNote',
        payload: {
          itemId,
          noteId: note.noteId,
          text: `Second ${mentionToken(carl.userId)} ${mentionToken(world.adminUserId)}`,
        },
      }),
    );
    expect(edited.editedAt).not.toBeNull();
    const history = ok<TItemHistoryEntry[]>(
      await t.call(bea.as, { method: 'GET', url: `/api/item/getItemHistory/${itemId}` }),
    );
    expect(history.find((entry) => entry.field === 'note')).toMatchObject({
      before: `First ${mentionToken(carl.userId)}`,
      after: `Second ${mentionToken(carl.userId)} ${mentionToken(world.adminUserId)}`,
      changedBy: 'Bea Baker',
    });
    // Carl was told once (the first mention); Ada, who watches her item, of the note, then
    // of the mention the edit added.
    expect(await inboxEvents(carl, itemId)).toEqual(['mention']);
    expect(await inboxEvents({ as: world.admin, userId: world.adminUserId }, itemId)).toEqual([
      'mention',
      'note',
    ]);
  });

  it("refuses to edit or delete someone else's note (403, nothing changed)", async () => {
    const itemId = await newItem('Not yours');
    const note = ok<TWrittenNote>(await addNote(bea.as, itemId, 'Mine'));
    const before = await snapshotDatabase(t.db);
    for (const [url, payload] of [
      ['/api/item/editItemNote', { itemId, noteId: note.noteId, text: 'Hijacked' }],
      ['/api/item/deleteItemNote', { itemId, noteId: note.noteId }],
    ] as const) {
      // Even the organization's admin: a note is its author's words.
      const response = await t.call(world.admin, { method: 'POST', url, payload });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: NOT_NOTE_AUTHOR_MESSAGE });
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it('deletes, keeping the text in history; a note of another item is 404', async () => {
    const itemId = await newItem('Delete');
    const otherItemId = await newItem('Other');
    const note = ok<TWrittenNote>(await addNote(bea.as, itemId, 'Going away'));
    const wrongItem = await t.call(bea.as, {
      method: 'POST',
      url: '/api/item/deleteItemNote',
      payload: { itemId: otherItemId, noteId: note.noteId },
    });
    expect(wrongItem.statusCode).toBe(404);
    const response = await t.call(bea.as, {
      method: 'POST',
      url: '/api/item/deleteItemNote',
      payload: { itemId, noteId: note.noteId },
    });
    expect(response.statusCode).toBe(200);
    const item = ok<TItemDetail>(
      await t.call(bea.as, { method: 'GET', url: `/api/item/getItem/${itemId}` }),
    );
    expect(item.notes).toEqual([]);
    expect(item.history.find((entry) => entry.field === 'note')).toMatchObject({
      before: 'Going away',
      after: null,
    });
  });
});

describe('watching and notifications', () => {
  it('notifies page watchers of a new item, the assignee, and item watchers of status changes', async () => {
    ok(
      await t.call(carl.as, {
        method: 'POST',
        url: `/api/item/watchProject/${projectId}`,
        payload: { isWatching: false },
      }),
    );
    const first = await newItem('Seed', '/cart');
    const item = ok<TItemDetail>(
      await t.call(world.admin, { method: 'GET', url: `/api/item/getItem/${first}` }),
    );
    ok(
      await t.call(carl.as, {
        method: 'POST',
        url: `/api/item/watchPage/${item.relativePathId}`,
        payload: { isWatching: true },
      }),
    );
    const itemId = await newItem('Cart is empty', '/cart', { assigneeUserId: bea.userId });
    expect(await inboxEvents(carl, itemId)).toEqual(['itemCreated']);
    expect(await inboxEvents(bea, itemId)).toEqual(['assigned']);
    expect(await watchState(bea.as, itemId)).toMatchObject({ item: true });
    const status = world.statusIds[1];
    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: '/api/item/updateItem',
        payload: { itemId, itemStatusId: status },
      }),
    );
    expect(await inboxEvents(bea, itemId)).toEqual(['status', 'assigned']);
    // Carl watches the page, so every item on it: the status change reaches him too.
    expect(await inboxEvents(carl, itemId)).toEqual(['status', 'itemCreated']);
    // An explicit unwatch of the item beats the page watch, and survives a later auto-watch.
    ok(
      await t.call(carl.as, {
        method: 'POST',
        url: `/api/item/watchItem/${itemId}`,
        payload: { isWatching: false },
      }),
    );
    ok(await addNote(bea.as, itemId, 'A note'));
    expect(await inboxEvents(carl, itemId)).toEqual(['status', 'itemCreated']);
    expect(await inboxEvents({ as: world.admin, userId: world.adminUserId }, itemId)).toEqual([
      'note',
    ]);
    // Nobody is told of their own action.
    expect(await inboxEvents(bea, itemId)).toEqual(['status', 'assigned']);
  });

  it('ends watches and hides notifications when access is removed', async () => {
    const eve = await addMember(t, world, [projectId], { firstName: 'Eve', lastName: 'Ember' });
    const itemId = await newItem('Private');
    ok(await addNote(world.admin, itemId, `Hi ${mentionToken(eve.userId)}`));
    expect(await inboxEvents(eve, itemId)).toEqual(['mention']);
    await t.db
      .delete(projectAccess)
      .where(and(eq(projectAccess.userId, eve.userId), eq(projectAccess.projectId, projectId)));
    const left = await t.db.select().from(watches).where(eq(watches.userId, eve.userId));
    expect(left).toEqual([]);
    const after = await inbox(eve.as);
    expect(after.entries).toEqual([]);
    expect(after.unreadCount).toBe(0);
  });

  it('marks read one entry (404 for one not mine, nothing changed) and then all', async () => {
    const itemId = await newItem('Reading');
    ok(await addNote(world.admin, itemId, `${mentionToken(bea.userId)} one`));
    ok(await addNote(world.admin, itemId, `${mentionToken(bea.userId)} two`));
    const { entries, unreadCount } = await inbox(bea.as);
    const [newest] = entries;
    const carlsEntry = (await inbox(carl.as)).entries[0];
    const before = await snapshotDatabase(t.db);
    const foreign = await t.call(bea.as, {
      method: 'POST',
      url: '/api/inbox/markRead',
      payload: { entryIds: [newest?.entryId, carlsEntry?.entryId] },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await snapshotDatabase(t.db)).toEqual(before);
    const one = ok<{ unreadCount: number }>(
      await t.call(bea.as, {
        method: 'POST',
        url: '/api/inbox/markRead',
        payload: { entryIds: [newest?.entryId] },
      }),
    );
    expect(one.unreadCount).toBe(unreadCount - 1);
    ok(await t.call(bea.as, { method: 'POST', url: '/api/inbox/markAllRead' }));
    expect((await inbox(bea.as)).unreadCount).toBe(0);
  });

  it('writes the notifications of a change watched by many in one statement', async () => {
    const itemId = await newItem('Fan-out');
    const watchers = await t.db.execute<{ id: number }>(sql`
      select id from users where id <> ${world.adminUserId}`);
    const count = watchers.rows.length;
    await t.db.execute(sql`
      insert into watches (user_id, project_id, kind, target_id)
      select id, ${projectId}, 'item', ${itemId} from users where id <> ${world.adminUserId}
      on conflict do nothing`);
    const written = await t.db.execute<{ n: number }>(sql`
      select waymark_fan_out(${itemId}::int, ${world.adminUserId}::int, 'note', null, null, null, null) as n`);
    // Only those who can use the project (Bea, Carl): not Dana, nor the look-alike organization.
    expect(count).toBeGreaterThan(2);
    expect(Number(written.rows[0]?.n)).toBe(2);
  });
});
