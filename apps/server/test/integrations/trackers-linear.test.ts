import { createHmac } from 'node:crypto';
import {
  LINEAR_ALREADY_CONNECTED,
  LINEAR_KEY_REFUSED,
  LINEAR_WEBHOOK_REFUSED,
  TRACKER_ISSUE_REFUSED,
  type TTrackerConnection,
  type TTrackerLink,
} from '@waymark/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { trackerConnections, trackerLinks } from '../../src/db/schema';
import type { AuthTestContext } from '../support/auth-test-app';
import { startLinearStandIn, type LinearStandIn } from '../support/linear-stand-in';
import { multipartFile, TINY_PNG } from '../support/multipart';
import { ok } from '../support/projects-world';
import { createLinearWorld, type LinearWorld } from './linear-world';
import { reconcileNow } from './reconcile-now';
import {
  advanceMinutes as advanceBy,
  expectIssueUnclaimable,
  expectOneOfThirtyCopiesApplied,
  expectSecretsHidden,
  statusHistory as historyOf,
  useTrackerSuite,
} from '../support/tracker-suite';
import { createBug, createIssueCall, itemState } from './tracker-world';

// Issue 30: Linear through @linear/sdk against a local stand-in of Linear's GraphQL API and its
// signed webhooks (Linear-Signature + webhookTimestamp). The same guarantees as GitHub: one issue
// per item under 30 racing requests and a lost answer; Linear's state types close and reopen the
// item; replays, stale timestamps and forgeries change nothing; keys and secrets never leak.

const suite = useTrackerSuite({
  start: startLinearStandIn,
  env: (stand) => ({ LINEAR_API_URL: stand.url }),
  ready: (stand, appUrl) => {
    stand.deliverTo = appUrl;
  },
});
let t: AuthTestContext;
let linear: LinearStandIn;
beforeAll(() => {
  ({ t, standIn: linear } = suite);
});

let teamCount = 0;
const world = (team = `ENG${++teamCount}`) => createLinearWorld(t, linear, { team });
const reconcile = () => reconcileNow(t, { linearApiUrl: linear.url });
const advanceMinutes = (minutes: number) => advanceBy(t, minutes);
const connect = (w: LinearWorld, payload: Record<string, unknown>) =>
  t.call(w.admin, {
    method: 'POST',
    url: `/api/integrations/${w.orgId}/trackers`,
    payload: { vendor: 'linear', ...payload },
  });
const create = (w: LinearWorld, itemId: number) =>
  createIssueCall(t, w.tester, { itemId, connectionId: w.connection.connectionId });
const statusHistory = (w: LinearWorld, itemId: number) => historyOf(t, w.tester, itemId);

describe('connecting Linear', () => {
  it('checks the key with Linear first: refused, unseen team or a non-admin key is a 400 and nothing is stored', async () => {
    const w = await world();
    linear.allowKey('lin_api_other', ['OTHER']);
    linear.allowKey('lin_api_member', ['MEMBERS'], { admin: false });
    const hooksBefore = linear.webhooks.length;
    for (const [payload, message] of [
      [{ token: 'lin_api_wrong', team: 'OTHER' }, LINEAR_KEY_REFUSED],
      [{ token: 'lin_api_other', team: 'PRIVATE' }, LINEAR_KEY_REFUSED],
      [{ token: 'lin_api_member', team: 'members' }, LINEAR_WEBHOOK_REFUSED],
      [{ token: 'x', team: 'E N G' }, "The team's key: letters and digits, as in ENG-123."],
      [{ token: 'x', team: 'ENG', repo: 'extra' }, ''],
    ] as const) {
      const answer = await connect(w, payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain(message);
    }
    const rows = await t.db
      .select()
      .from(trackerConnections)
      .where(eq(trackerConnections.orgId, w.orgId));
    expect(rows.map((row) => row.target)).toEqual([w.team]);
    expect(linear.webhooks).toHaveLength(hooksBefore);
  });

  it("stores the team's id, adds the team's webhook with the connection's secret, lists neither key nor secret", async () => {
    const w = await world('web');
    expect(w.connection).toMatchObject({ vendor: 'linear', target: 'WEB' });
    const [row] = await t.db
      .select()
      .from(trackerConnections)
      .where(eq(trackerConnections.id, w.connection.connectionId));
    const hook = linear.webhooks.find((candidate) => candidate.url === w.connection.webhookUrl);
    expect(hook).toMatchObject({
      url: `${t.config.publicUrl}/api/integrations/${w.connection.connectionId}/linear/webhook`,
      secret: w.connection.webhookSecret,
      teamId: (row?.settings as { teamId: string }).teamId,
    });
    expect(row?.settings).toEqual({ teamId: hook?.teamId, webhookId: hook?.id });
    expect(row?.tokenCiphertext).not.toContain('lin_api');
    const listed = await t.call(w.admin, {
      method: 'GET',
      url: `/api/integrations/${w.orgId}/trackers`,
    });
    expect(ok<TTrackerConnection[]>(listed)).toEqual([
      {
        connectionId: w.connection.connectionId,
        vendor: 'linear',
        target: 'WEB',
        webhookUrl: w.connection.webhookUrl,
        createdAt: w.connection.createdAt,
      },
    ]);
    expect(listed.body).not.toContain(w.connection.webhookSecret);
    expect(listed.body).not.toContain(w.apiKey);
  });

  it('connects a team once under 30 concurrent identical requests: one webhook in Linear', async () => {
    const w = await world();
    linear.allowKey('lin_api_race', ['RACE']);
    const hooksBefore = linear.webhooks.length;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => connect(w, { token: 'lin_api_race', team: 'race' })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(29);
    expect(refused[0]?.json()).toMatchObject({ message: LINEAR_ALREADY_CONNECTED });
    const winner = answers.find((a) => a.statusCode === 200)?.json<TTrackerConnection>();
    expect(linear.webhooks).toHaveLength(hooksBefore + 1);
    expect(linear.webhooks.at(-1)?.url).toBe(winner?.webhookUrl);
  });

  it('disconnecting removes the webhook Waymark added in Linear', async () => {
    const w = await world();
    const url = w.connection.webhookUrl;
    expect(linear.webhooks.some((hook) => hook.url === url)).toBe(true);
    ok(
      await t.call(w.admin, {
        method: 'DELETE',
        url: `/api/integrations/${w.orgId}/trackers/${w.connection.connectionId}`,
      }),
    );
    expect(linear.webhooks.some((hook) => hook.url === url)).toBe(false);
  });
});

describe('creating an issue from an item', () => {
  it('writes the title, Markdown description, page, screenshots and link back; the marker is the issue id', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    const upload = multipartFile(TINY_PNG, { fileName: 'screen.png', contentType: 'image/png' });
    ok(
      await t.call(w.tester, {
        method: 'POST',
        url: `/api/item/uploadAttachment/${itemId}`,
        payload: upload.payload,
        headers: upload.headers,
      }),
    );
    const link = ok<TTrackerLink>(await create(w, itemId));
    expect(link).toMatchObject({
      status: 'linked',
      vendor: 'linear',
      issueKey: `${w.team}-1`,
      state: 'open',
      stateLabel: 'Todo',
      assignee: null,
    });
    const [issue] = linear.issues(w.team);
    expect(link.url).toBe(issue?.url);
    expect(issue?.title).toBe('Pay button does nothing');
    expect(issue?.description).toContain('Click **Pay**: nothing.');
    expect(issue?.description).toContain('- <https://shop.example.com/checkout>');
    expect(issue?.description).toMatch(
      new RegExp(`\\[screen\\.png\\]\\(.*/api/item/downloadAttachment/${itemId}/\\d+\\)`),
    );
    expect(issue?.description).toContain(
      `[Open in Waymark](https://shop.example.com/checkout#waymark-item=${itemId})`,
    );
    expect(issue?.description).not.toContain('<!--');
    const [row] = await t.db.select().from(trackerLinks).where(eq(trackerLinks.itemId, itemId));
    expect(issue?.id).toBe(row?.marker);
    expect(row?.issueKey).toBe(`linear:${row?.marker}`);
  });

  it('makes one issue under 30 concurrent identical requests; every answer is the same link', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    linear.createDelayMs = 300;
    try {
      const answers = await Promise.all(Array.from({ length: 30 }, () => create(w, itemId)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 30 }, () => 200));
    } finally {
      linear.createDelayMs = 0;
    }
    expect(linear.issues(w.team)).toHaveLength(1);
    expect((await itemState(t, w.tester, itemId)).link?.issueKey).toBe(`${w.team}-1`);
  });

  it('after an answer lost between Linear and the database, recovery asks for the id and makes no second issue', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    linear.loseNextCreateAnswers(1);
    expect(ok<TTrackerLink>(await create(w, itemId)).status).toBe('creating');
    ok(await create(w, itemId));
    expect(linear.issues(w.team)).toHaveLength(1);
    const creates = linear.operations.filter((name) => name === 'WaymarkIssueCreate').length;
    advanceMinutes(1);
    expect(await reconcile()).toMatchObject({ recovered: 1, failed: 0 });
    expect(linear.operations.filter((name) => name === 'WaymarkIssueCreate')).toHaveLength(creates);
    expect(linear.issues(w.team)).toHaveLength(1);
    expect((await itemState(t, w.tester, itemId)).link).toMatchObject({
      status: 'linked',
      issueKey: `${w.team}-1`,
    });
  });

  it('when Linear made nothing (503), two racing recoveries create the issue once', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    linear.failNext(1);
    expect(ok<TTrackerLink>(await create(w, itemId)).status).toBe('creating');
    expect(linear.issues(w.team)).toHaveLength(0);
    advanceMinutes(1);
    const [first, second] = await Promise.all([reconcile(), reconcile()]);
    expect((first?.recovered ?? 0) + (second?.recovered ?? 0)).toBe(1);
    expect(linear.issues(w.team)).toHaveLength(1);
    expect((await itemState(t, w.tester, itemId)).link?.status).toBe('linked');
  });

  it('a refusal by Linear (forbidden) is a 400 that leaves no reservation; the next click creates it', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    linear.failNext(1, 400, 'forbidden');
    const refused = await create(w, itemId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: TRACKER_ISSUE_REFUSED });
    expect((await itemState(t, w.tester, itemId)).link).toBeNull();
    ok(await create(w, itemId));
    expect(linear.issues(w.team)).toHaveLength(1);
  });
});

describe('linking an existing issue', () => {
  it("links by identifier or URL after Linear confirms it; refuses unknown issues and other teams' issues", async () => {
    const w = await world();
    linear.allowKey(w.apiKey, [w.team, 'OPS']);
    const known = linear.seedIssue(w.team, 'Known');
    linear.seedIssue('OPS', 'Elsewhere');
    const itemId = await createBug(t, w.tester, w);
    const link = (issue: string) =>
      t.call(w.tester, {
        method: 'POST',
        url: '/api/item/linkTrackerIssue',
        payload: { itemId, connectionId: w.connection.connectionId, issue },
      });
    for (const [issue, message] of [
      [`${w.team}-9`, `Issue ${w.team}-9 was not found in team ${w.team}.`],
      ['OPS-1', `Enter an issue of team ${w.team} (${w.team}-123) or its URL.`],
      ['1', `Enter an issue of team ${w.team} (${w.team}-123) or its URL.`],
    ] as const) {
      const answer = await link(issue);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ message });
    }
    expect((await itemState(t, w.tester, itemId)).link).toBeNull();
    const linked = ok<TTrackerLink>(await link(known.url));
    expect(linked).toMatchObject({ status: 'linked', issueKey: known.identifier, url: known.url });
    ok(await link(known.identifier.toLowerCase()));
    expect(linear.issues(w.team)).toHaveLength(1);
  });

  it("cannot claim an issue linked to another organization's look-alike item, nor to another item", async () => {
    const a = await world('SHARED');
    const b = await world('SHARED');
    const shared = linear.seedIssue('SHARED', 'Shared');
    const itemA = await createBug(t, a.tester, a);
    const otherA = await createBug(t, a.tester, a);
    const itemB = await createBug(t, b.tester, b);
    await expectIssueUnclaimable(t, { a, b, itemA, otherA, itemB, issue: shared.identifier });
  });
});

describe("Linear's webhooks", () => {
  it('completing the issue closes the item, starting it again reopens it, canceling closes it; the assignee shows', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    ok(await create(w, itemId));
    const identifier = `${w.team}-1`;
    const [done] = await linear.moveIssue(identifier, 'done');
    expect(done?.status).toBe(200);
    expect(await itemState(t, w.tester, itemId)).toMatchObject({
      status: 'Closed',
      link: { state: 'done', stateLabel: 'Done' },
    });
    await linear.moveIssue(identifier, 'inProgress');
    await linear.assignIssue(identifier, 'Lin Dev');
    expect(await itemState(t, w.tester, itemId)).toMatchObject({
      status: 'Open',
      link: { state: 'open', stateLabel: 'In Progress', assignee: 'lin' },
    });
    await linear.moveIssue(identifier, 'duplicate');
    expect(await itemState(t, w.tester, itemId)).toMatchObject({
      status: 'Closed',
      link: { state: 'canceled', stateLabel: 'Duplicate' },
    });
    expect((await statusHistory(w, itemId)).map((entry) => entry.after)).toEqual(
      expect.arrayContaining(['Closed', 'Open']),
    );
  });

  it('refuses a replay, a stale timestamp, a forged signature and an altered body with 400, changing nothing', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    ok(await create(w, itemId));
    const identifier = `${w.team}-1`;
    const [delivery] = await linear.moveIssue(identifier, 'done');
    if (!delivery) throw new Error('no delivery');
    await linear.moveIssue(identifier, 'todo');
    expect((await itemState(t, w.tester, itemId)).status).toBe('Open');
    const post = (headers: Record<string, string>, body = delivery.body) =>
      fetch(delivery.url, { method: 'POST', headers, body });
    const replay = await post(delivery.headers);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ message: 'This delivery was already received.' });
    // Signed correctly, but two minutes old: a replay with a new delivery id.
    linear.moveSilently(identifier, 'done');
    const stale = linear.signedDelivery(identifier, { webhookTimestamp: Date.now() - 120_000 });
    expect((await post(stale.headers, stale.body)).status).toBe(400);
    const fresh = linear.signedDelivery(identifier);
    const forged = await post(
      {
        ...fresh.headers,
        'linear-signature': createHmac('sha256', 'guess').update(fresh.body).digest('hex'),
      },
      fresh.body,
    );
    expect(forged.status).toBe(400);
    const unsigned = await post({ ...fresh.headers, 'linear-signature': '' }, fresh.body);
    expect(unsigned.status).toBe(400);
    const tampered = await post(fresh.headers, fresh.body.replace('"Done"', '"Done "'));
    expect(tampered.status).toBe(400);
    expect((await itemState(t, w.tester, itemId)).status).toBe('Open');
    // The genuine one, once: applied.
    expect((await post(fresh.headers, fresh.body)).status).toBe(200);
    expect((await itemState(t, w.tester, itemId)).status).toBe('Closed');
  });

  it('30 concurrent copies of one delivery: one applies (one history entry), 29 are refused', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    ok(await create(w, itemId));
    linear.moveSilently(`${w.team}-1`, 'done');
    const delivery = linear.signedDelivery(`${w.team}-1`);
    await expectOneOfThirtyCopiesApplied(t, { delivery, tester: w.tester, itemId });
  });

  it("another organization's connection to the same team does not move this organization's item", async () => {
    const a = await world('TWIN');
    const b = await world('TWIN');
    const itemA = await createBug(t, a.tester, a);
    const itemB = await createBug(t, b.tester, b);
    ok(await create(a, itemA));
    const deliveries = await linear.moveIssue('TWIN-1', 'done');
    expect(deliveries.map((d) => d.status)).toEqual([200, 200]);
    expect((await itemState(t, a.tester, itemA)).status).toBe('Closed');
    expect(await itemState(t, b.tester, itemB)).toMatchObject({ status: 'Open', link: null });
  });
});

describe('reconciliation', () => {
  it('a missed delivery is caught by the periodic poll, through the mapping', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    ok(await create(w, itemId));
    linear.moveSilently(`${w.team}-1`, 'canceled');
    advanceMinutes(11);
    await reconcile();
    expect(await itemState(t, w.tester, itemId)).toMatchObject({
      status: 'Closed',
      link: { state: 'canceled', stateLabel: 'Canceled' },
    });
  });
});

describe('secrets', () => {
  it('no API key or webhook secret is in any log line or API answer', async () => {
    const apiKey = 'lin_api_SECRETSECRETSECRET_leakcheck';
    const w = await createLinearWorld(t, linear, { team: 'LEAK', apiKey });
    const itemId = await createBug(t, w.tester, w);
    linear.failNext(1);
    await create(w, itemId);
    advanceMinutes(5);
    await reconcile();
    await linear.moveIssue('LEAK-1', 'done');
    linear.failNext(1, 400, 'authentication error');
    advanceMinutes(11);
    await reconcile();
    await expectSecretsHidden(t, {
      ...w,
      itemId,
      logLines: suite.logLines,
      secrets: [apiKey, w.connection.webhookSecret],
    });
  });
});
