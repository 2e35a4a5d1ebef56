import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { EventSourceMessage } from 'eventsource-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LAST_EVENT_ID_MESSAGE, LIVE_STREAM_LIMIT_MESSAGE } from '@waymark/core';
import { projectAccess } from '../../src/db/schema';
import { pruneLiveEvents } from '../../src/modules/live/live-event-queries';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  addMember,
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type OrgWorld,
} from '../support/projects-world';
import {
  openTestEventStream,
  untilLiveEventsReadable,
  type TestEventStream,
} from '../support/sse-client';

// Issue 16: the live stream of a project — who may open it, what it carries, heartbeat, resume
// with Last-Event-ID, the per-user cap, tenant isolation and a removed member's stream.

let t: AuthTestContext;
let baseUrl = '';
let world: OrgWorld;
let projectId = 0;
let member: { as: { authorization: string }; userId: number };
let outsiderWorld: OrgWorld;
let outsiderProjectId = 0;
const opened: TestEventStream[] = [];

beforeAll(async () => {
  t = await startAuthTestApp({
    env: { LIVE_HEARTBEAT_MS: '100', LIVE_MAX_STREAMS_PER_USER: '2' },
  });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  world = await createOrgWorld(t);
  projectId = await createProject(t, world, 'https://live.example.test');
  member = await addMember(t, world, [projectId]);
  outsiderWorld = await createOrgWorld(t);
  outsiderProjectId = await createProject(t, outsiderWorld, 'https://other.example.test');
});
afterAll(async () => {
  opened.forEach((stream) => stream.close());
  await t.close();
});

async function stream(
  as: { authorization: string } | undefined,
  id: number,
  headers: Record<string, string> = {},
): Promise<TestEventStream> {
  const opening = await openTestEventStream(`${baseUrl}/api/item/liveEvents/${id}`, {
    ...as,
    ...headers,
  });
  opened.push(opening);
  return opening;
}

const isChange = (topic: string, itemId?: number) => (event: EventSourceMessage) =>
  event.event === 'change' &&
  (JSON.parse(event.data) as { topic: string; itemId: number | null }).topic === topic &&
  (itemId === undefined || (JSON.parse(event.data) as { itemId: number }).itemId === itemId);

const isReady = (event: EventSourceMessage) => event.event === 'ready';

type ChangeData = {
  projectId: number;
  topic: string;
  relativePathId: number | null;
  itemId: number | null;
};
const dataOf = (event: EventSourceMessage) => JSON.parse(event.data) as ChangeData;

describe('opening a live stream', () => {
  it('refuses anonymous callers, outsiders, members without the project and bad resume ids', async () => {
    expect((await stream(undefined, projectId)).status).toBe(401);
    expect((await stream(outsiderWorld.admin, projectId)).status).toBe(404);
    const stranger = await addMember(t, world, []);
    expect((await stream(stranger.as, projectId)).status).toBe(404);
    const badResume = await stream(member.as, projectId, { 'last-event-id': 'yesterday' });
    expect(badResume.status).toBe(400);
    expect(JSON.parse(badResume.errorBody)).toMatchObject({ message: LAST_EVENT_ID_MESSAGE });
  });

  it('answers an event stream proxies must not buffer, then `ready` with a resumable id', async () => {
    const live = await stream(member.as, projectId);
    expect(live.status).toBe(200);
    expect(live.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(live.headers.get('x-accel-buffering')).toBe('no');
    expect(live.headers.get('cache-control')).toContain('no-transform');
    const ready = await live.waitFor(isReady);
    expect(Number(ready.id)).toBeGreaterThanOrEqual(0);
    live.close();
  });
});

describe('what a live stream carries', () => {
  it('sends item, note and relation changes by anyone on the project, in id order', async () => {
    const live = await stream(member.as, projectId);
    await live.waitFor(isReady);
    const itemId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/cart',
      title: 'Live one',
    });
    const created = await live.waitFor(isChange('items', itemId));
    expect(JSON.parse(created.data)).toMatchObject({ projectId, topic: 'items', itemId });
    expect(dataOf(created).relativePathId).toEqual(expect.any(Number));

    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: '/api/item/updateItem',
        payload: { itemId, itemStatusId: world.statusIds[1] },
      }),
    );
    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: '/api/item/addItemNote',
        payload: { itemId, text: 'Seen live' },
      }),
    );
    await live.waitFor(isChange('item_notes', itemId));
    const otherId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/cart',
      title: 'Live two',
    });
    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: '/api/item/linkRelatedItem',
        payload: { itemId, relatedItemId: otherId },
      }),
    );
    await live.waitFor(isChange('item_relations', itemId));
    await live.waitFor(isChange('item_relations', otherId));
    ok(await t.call(world.admin, { method: 'POST', url: `/api/item/deleteItem/${otherId}` }));
    await live.waitFor(
      (event) =>
        isChange('items', otherId)(event) && event !== live.events.find(isChange('items', otherId)),
    );
    const ids = live.events
      .filter((event) => event.id !== undefined)
      .map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length); // each event once
    live.close();
  });

  it('sends project-wide changes (a renamed project)', async () => {
    const live = await stream(member.as, projectId);
    await live.waitFor(isReady);
    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: '/api/project/saveProject',
        payload: { projectId, orgId: world.orgId, projectName: 'Renamed live' },
      }),
    );
    const renamed = await live.waitFor(isChange('projects'));
    expect(dataOf(renamed)).toMatchObject({ projectId, relativePathId: null, itemId: null });
    live.close();
  });

  it('sends a heartbeat comment while nothing changes', async () => {
    const live = await stream(member.as, projectId);
    await live.waitFor(isReady);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(
      live.comments.filter((comment) => comment === 'heartbeat').length,
    ).toBeGreaterThanOrEqual(2);
    live.close();
  });

  // Decision 0092: an event committed while an older transaction runs is held back (that
  // transaction could still commit an event ordered before it). One that ends without any event
  // or notification must not leave it unsent: the channel reads again on its own.
  it('sends an event held back by an older transaction that ends without notifying', async () => {
    const live = await stream(member.as, projectId);
    await live.waitFor(isReady);
    const older = new pg.Client(t.databaseUrl);
    await older.connect();
    try {
      await older.query('begin');
      await older.query('select pg_current_xact_id()');
      const itemId = await createItem(t, world.admin, world, {
        projectId,
        relativePath: '/held',
        title: 'Held back',
      });
      // Time for its notification to be read while the older transaction runs.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(live.events.some(isChange('items', itemId))).toBe(false);
      await older.query('commit');
      await live.waitFor(isChange('items', itemId));
    } finally {
      await older.end();
      live.close();
    }
  });

  it("sends nothing of another organization's project", async () => {
    const mine = await stream(outsiderWorld.admin, outsiderProjectId);
    await mine.waitFor(isReady);
    const theirs = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/secret',
      title: 'Not for outsiders',
    });
    const own = await createItem(t, outsiderWorld.admin, outsiderWorld, {
      projectId: outsiderProjectId,
      relativePath: '/own',
      title: 'Mine',
    });
    // The outsider's own change arrives after the other org's: had that leaked, it would be here.
    await mine.waitFor(isChange('items', own));
    const changes = mine.events.filter((event) => event.event === 'change');
    expect(changes.map((event) => dataOf(event).projectId)).toEqual(
      changes.map(() => outsiderProjectId),
    );
    expect(mine.events.some(isChange('items', theirs))).toBe(false);
    mine.close();
  });
});

describe('resuming after a dropped connection', () => {
  // Each test its own member: a closed stream leaves the per-user count a moment later.
  beforeEach(async () => {
    member = await addMember(t, world, [projectId]);
  });
  it('catches up from Last-Event-ID with every change missed, and nothing twice', async () => {
    const first = await stream(member.as, projectId);
    const ready = await first.waitFor(isReady);
    first.close();
    const missed = [
      await createItem(t, world.admin, world, { projectId, relativePath: '/a', title: 'Missed 1' }),
      await createItem(t, world.admin, world, { projectId, relativePath: '/b', title: 'Missed 2' }),
    ];
    // A resume catches up on what is readable: the missed events must be below the horizon.
    await untilLiveEventsReadable(t.db);
    const resumed = await stream(member.as, projectId, { 'last-event-id': String(ready.id) });
    const resumedReady = await resumed.waitFor(isReady);
    const changes = resumed.events.filter((event) => event.event === 'change');
    expect(changes.filter(isChange('items')).map((event) => dataOf(event).itemId)).toEqual(missed);
    expect(changes.every((event) => Number(event.id) > Number(ready.id))).toBe(true);
    expect(resumedReady.id).toBe(changes.at(-1)?.id);
    resumed.close();
  });

  it('prunes a backlog a batch at a time, to the last event, and moves the horizon past it', async () => {
    for (const path of ['/p1', '/p2', '/p3', '/p4', '/p5'])
      await createItem(t, world.admin, world, { projectId, relativePath: path, title: 'Old' });
    const { rows } = await t.db.$client.query<{ count: string; newest: string }>(
      'select count(*) as count, max(id) as newest from live_events',
    );
    const backlog = Number(rows[0]?.count);
    expect(backlog).toBeGreaterThanOrEqual(5);
    expect(await pruneLiveEvents(t.db, new Date(Date.now() + 60_000), 2)).toBe(backlog);
    const after = await t.db.$client.query<{ count: string; horizon: string }>(
      'select (select count(*) from live_events) as count, (select pruned_through from live_event_horizon) as horizon',
    );
    expect(after.rows[0]).toEqual({ count: '0', horizon: rows[0]?.newest });
  });

  it('tells a client whose resume point was pruned to reload (resync)', async () => {
    const first = await stream(member.as, projectId);
    const ready = await first.waitFor(isReady);
    first.close();
    await createItem(t, world.admin, world, { projectId, relativePath: '/c', title: 'Old' });
    await pruneLiveEvents(t.db, new Date(Date.now() + 60_000));
    const resumed = await stream(member.as, projectId, { 'last-event-id': String(ready.id) });
    await resumed.waitFor(isReady);
    expect(resumed.events.map((event) => event.event)).toEqual(['resync', 'ready']);
    resumed.close();
  });
});

describe('limits and access changes', () => {
  it('refuses a stream beyond the per-user cap with 429 and a clear message', async () => {
    const capped = await addMember(t, world, [projectId]);
    const held = [await stream(capped.as, projectId), await stream(capped.as, projectId)];
    await Promise.all(held.map((live) => live.waitFor(isReady)));
    const third = await stream(capped.as, projectId);
    expect(third.status).toBe(429);
    expect(JSON.parse(third.errorBody)).toMatchObject({
      code: 'RATE_LIMITED',
      message: LIVE_STREAM_LIMIT_MESSAGE,
    });
    held[0]?.close();
    await held[0]?.ended;
    await expect.poll(async () => (await stream(capped.as, projectId)).status).toBe(200);
  });

  it('ends the stream of a member whose access is removed, saying why', async () => {
    const leaving = await addMember(t, world, [projectId]);
    const live = await stream(leaving.as, projectId);
    await live.waitFor(isReady);
    await t.db.delete(projectAccess).where(eq(projectAccess.userId, leaving.userId));
    await live.waitFor((event) => event.event === 'revoked');
    await live.ended;
    const later = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/after',
      title: 'After removal',
    });
    expect(live.events.some(isChange('items', later))).toBe(false);
  });
});

describe('shutdown', () => {
  it('ends open streams so clients reconnect (to another copy)', async () => {
    const other = await startAuthTestApp();
    const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await createOrgWorld(other);
    const id = await createProject(other, owner, 'https://closing.example.test');
    const live = await openTestEventStream(`${url}/api/item/liveEvents/${id}`, owner.admin);
    await live.waitFor(isReady);
    const closing = other.close();
    await live.ended;
    await closing;
  });
});
