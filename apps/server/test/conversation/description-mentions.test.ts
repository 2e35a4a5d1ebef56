import {
  mentionToken,
  MENTION_IN_HTML_MESSAGE,
  TOO_MANY_MENTIONS_MESSAGE,
  UNKNOWN_MENTION_MESSAGE,
  type TInbox,
  type TItemDetail,
  type TWatchState,
} from '@waymark/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createMentionWorld, type MentionPerson } from '../support/conversation-world';
import { snapshotDatabase } from '../support/matrix-world';
import { createItem, ok, type OrgWorld } from '../support/projects-world';

// Issue 27: @mentions in an item's description, on the real database — the same references,
// refusals and notifications as in notes; only people mentioned for the first time are told.

type Person = MentionPerson;

let t: AuthTestContext;
let world: OrgWorld;
let projectId: number;
let bea: Person;
let carl: Person;
let dana: Person;
let lookAlikeBea: Person;

beforeAll(async () => {
  t = await startAuthTestApp();
  const people = await createMentionWorld(t);
  ({ world, projectId, bea, carl, dana } = people);
  lookAlikeBea = people.lookAlike.bea;
});
afterAll(() => t.close());

const newItem = (title: string, descriptionHtml: string, relativePath = '/cart') =>
  createItem(t, world.admin, world, { projectId, relativePath, title, descriptionHtml });
const getItem = async (itemId: number) =>
  ok<TItemDetail>(await t.call(world.admin, { method: 'GET', url: `/api/item/getItem/${itemId}` }));
const updateDescription = (itemId: number, descriptionHtml: string) =>
  t.call(world.admin, {
    method: 'POST',
    url: '/api/item/updateItem',
    payload: { itemId, descriptionHtml },
  });
const entriesOf = async (person: Person, itemId: number) =>
  ok<TInbox>(await t.call(person.as, { method: 'GET', url: '/api/inbox/getInbox' })).entries.filter(
    (entry) => entry.itemId === itemId,
  );

describe('mentions in a description', () => {
  it('on creation: notifies and watches who can see the project, names who cannot', async () => {
    const itemId = await newItem(
      'Coupon field',
      `<p>For <strong>${mentionToken(bea.userId)}</strong> and ${mentionToken(dana.userId)}</p>`,
    );
    const item = await getItem(itemId);
    expect(item.descriptionHtml).toBe(
      `<p>For <strong>${mentionToken(bea.userId)}</strong> and ${mentionToken(dana.userId)}</p>`,
    );
    expect(item.descriptionMentions).toEqual([
      { userId: bea.userId, fullName: 'Bea Baker', canSeeProject: true },
      { userId: dana.userId, fullName: 'Dana Dale', canSeeProject: false },
    ]);
    const [entry, ...more] = await entriesOf(bea, itemId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ event: 'mention', detail: 'description', isRead: false });
    const watch = ok<TWatchState>(
      await t.call(bea.as, { method: 'GET', url: `/api/item/getWatchState/${itemId}` }),
    );
    expect(watch.item).toBe(true);
    // Dana cannot see the project: nothing reveals the item to her.
    expect(
      ok<TInbox>(await t.call(dana.as, { method: 'GET', url: '/api/inbox/getInbox' })).entries,
    ).toEqual([]);
  });

  it('a page watcher mentioned on creation gets the mention only, not also "new item"', async () => {
    const pathItem = await newItem('Watch me', '', '/watched');
    const { relativePathId } = await getItem(pathItem);
    ok(
      await t.call(carl.as, {
        method: 'POST',
        url: `/api/item/watchPage/${relativePathId}`,
        payload: { isWatching: true },
      }),
    );
    const itemId = await newItem('Both', `Hi ${mentionToken(carl.userId)}`, '/watched');
    expect((await entriesOf(carl, itemId)).map((entry) => entry.event)).toEqual(['mention']);
  });

  it('on edit: tells only the newly mentioned, once, however often it is saved', async () => {
    const itemId = await newItem('Edit', `Ask ${mentionToken(bea.userId)}`);
    const edited = `Ask ${mentionToken(bea.userId)} then ${mentionToken(carl.userId)}`;
    await Promise.all(Array.from({ length: 10 }, () => updateDescription(itemId, edited)));
    ok(await updateDescription(itemId, `${edited} again`));
    expect((await entriesOf(bea, itemId)).map((entry) => entry.event)).toEqual(['mention']);
    expect((await entriesOf(carl, itemId)).map((entry) => entry.event)).toEqual(['mention']);
    // Removing a mention and adding it back is a new mention.
    ok(await updateDescription(itemId, 'Nobody'));
    ok(await updateDescription(itemId, `Back ${mentionToken(carl.userId)}`));
    expect((await entriesOf(carl, itemId)).map((entry) => entry.event)).toEqual([
      'mention',
      'mention',
    ]);
  });

  it('shows the current name after a rename', async () => {
    const itemId = await newItem('Rename', `Ask ${mentionToken(carl.userId)}`);
    await t.db.update(users).set({ firstName: 'Carla' }).where(eq(users.id, carl.userId));
    expect((await getItem(itemId)).descriptionMentions).toEqual([
      { userId: carl.userId, fullName: 'Carla Cole', canSeeProject: true },
    ]);
    await t.db.update(users).set({ firstName: 'Carl' }).where(eq(users.id, carl.userId));
  });

  it('an admin grants access in one step: the mention then reads as able to see', async () => {
    const itemId = await newItem('Grant', `For ${mentionToken(dana.userId)}`);
    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: `/api/account/addProjectAccess/${world.orgId}/${dana.userId}`,
        payload: { projectIds: [projectId] },
      }),
    );
    expect((await getItem(itemId)).descriptionMentions).toEqual([
      { userId: dana.userId, fullName: 'Dana Dale', canSeeProject: true },
    ]);
  });

  const refusals = [
    [
      '21 mentions',
      () => Array.from({ length: 21 }, (_, i) => mentionToken(i + 1)).join(' '),
      TOO_MANY_MENTIONS_MESSAGE,
    ],
    [
      'a look-alike of another organization',
      () => `Hi ${mentionToken(lookAlikeBea.userId)}`,
      UNKNOWN_MENTION_MESSAGE,
    ],
    ['an id nobody has', () => `Hi ${mentionToken(987_654)}`, UNKNOWN_MENTION_MESSAGE],
    [
      'a mention inside HTML',
      () => `<a href="https://x.test/${mentionToken(bea.userId)}">x</a>`,
      MENTION_IN_HTML_MESSAGE,
    ],
  ] as const;

  it.each(refusals)(
    'refuses %s on creation with a 400 and changes nothing',
    async (_, text, message) => {
      const before = await snapshotDatabase(t.db);
      const response = await t.call(world.admin, {
        method: 'POST',
        url: '/api/item/createItem',
        payload: {
          projectId,
          relativePath: '/refused',
          title: 'Refused',
          itemTypeId: world.itemTypeIds[0],
          itemStatusId: world.statusIds[0],
          descriptionHtml: text(),
        },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ message });
      expect(await snapshotDatabase(t.db)).toEqual(before);
    },
  );

  it.each(refusals)(
    'refuses %s on edit with a 400 and changes nothing',
    async (_, text, message) => {
      const itemId = await newItem('Refused edit', 'Plain');
      const before = await snapshotDatabase(t.db);
      const response = await updateDescription(itemId, text());
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ message });
      expect(await snapshotDatabase(t.db)).toEqual(before);
    },
  );
});
