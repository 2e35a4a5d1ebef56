import {
  JIRA_ALREADY_CONNECTED,
  JIRA_SITE_INVALID,
  JIRA_TOKEN_REFUSED,
  JIRA_WEBHOOK_REFUSED,
  TRACKER_ISSUE_REFUSED,
  type TTrackerConnection,
  type TTrackerLink,
} from '@waymark/core';
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { trackerConnections, trackerLinks } from '../../src/db/schema';
import type { AuthTestContext } from '../support/auth-test-app';
import type { JiraStandIn } from '../support/jira-stand-in';
import { multipartFile, TINY_PNG } from '../support/multipart';
import { createItem, ok } from '../support/projects-world';
import {
  advanceMinutes as advanceBy,
  expectIssueUnclaimable,
  expectOneOfThirtyCopiesApplied,
  expectSecretsHidden,
  linkIssueCall,
  statusHistory,
} from '../support/tracker-suite';
import { createJiraWorld, useJiraSuite, type JiraWorld } from './jira-world';
import { reconcileNow } from './reconcile-now';
import { createBug, createIssueCall, itemState } from './tracker-world';

// Issue 30: Jira Cloud through jira.js against a local stand-in of a Jira site (REST v3 and the
// admin webhooks resource) and its signed webhooks (X-Hub-Signature with the secret Waymark
// chose). The same guarantees as GitHub and Linear: one issue per item under 30 racing requests
// and a lost answer (the marker label found by JQL); Jira's status categories close and reopen
// the item; replays, stale timestamps and forgeries change nothing; tokens never leak. The stand-in
// listens on loopback, so the app allows private addresses (WEBHOOK_ALLOW_PRIVATE=true); the
// guard itself is proven in jira-site.test.ts.

const suite = useJiraSuite();
let t: AuthTestContext;
let jira: JiraStandIn;
beforeAll(() => {
  ({ t, standIn: jira } = suite);
});

let projectCount = 0;
const world = (project = `SHOP${++projectCount}`) => createJiraWorld(t, jira, { project });
const reconcile = () => reconcileNow(t, {});
const advanceMinutes = (minutes: number) => advanceBy(t, minutes);
const connect = (w: JiraWorld, payload: Record<string, unknown>) =>
  t.call(w.admin, {
    method: 'POST',
    url: `/api/integrations/${w.orgId}/trackers`,
    payload: { vendor: 'jira', site: jira.url, email: w.email, ...payload },
  });
const create = (w: JiraWorld, itemId: number) =>
  createIssueCall(t, w.tester, { itemId, connectionId: w.connection.connectionId });
const creates = () => jira.requests.filter((request) => request === 'POST /rest/api/3/issue');
const host = () => new URL(jira.url).host;

describe('connecting Jira', () => {
  it('checks site, e-mail and token with Jira first: each refusal is a 400 and nothing is stored', async () => {
    const w = await world();
    jira.allowToken(w.email, 'tok-other', ['OTHER']);
    jira.allowToken(w.email, 'tok-reader', ['READ'], { canCreate: false });
    jira.allowToken(w.email, 'tok-member', ['MEMBERS'], { admin: false });
    const hooksBefore = jira.webhooks.length;
    for (const [payload, message] of [
      [{ token: 'tok-wrong', project: 'OTHER' }, JIRA_TOKEN_REFUSED],
      [{ token: 'tok-other', project: 'PRIVATE' }, JIRA_TOKEN_REFUSED],
      [{ token: 'tok-reader', project: 'read' }, JIRA_TOKEN_REFUSED],
      [{ token: 'tok-member', project: 'MEMBERS' }, JIRA_WEBHOOK_REFUSED],
      [{ token: 'tok-other', project: 'OTHER', site: `${jira.url}/wiki` }, JIRA_SITE_INVALID],
      [{ token: 'tok-other', project: 'OTHER', site: 'ftp://jira.example' }, JIRA_SITE_INVALID],
      [{ token: 'x', project: '12' }, "The project's key: as in SHOP-12."],
      [{ token: 'x', project: 'SHOP', email: 'not-mail' }, 'Enter the e-mail address'],
      [{ token: 'x', project: 'SHOP', team: 'extra' }, ''],
    ] as const) {
      const answer = await connect(w, payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain(message);
    }
    const rows = await t.db
      .select()
      .from(trackerConnections)
      .where(eq(trackerConnections.orgId, w.orgId));
    expect(rows.map((row) => row.target)).toEqual([`${host()}/${w.project}`]);
    expect(jira.webhooks).toHaveLength(hooksBefore);
  });

  it("stores the site, e-mail and issue types, adds the site's webhook with the connection's secret, lists neither token nor secret", async () => {
    const w = await world('web');
    expect(w.connection).toMatchObject({ vendor: 'jira', target: `${host()}/WEB` });
    const [row] = await t.db
      .select()
      .from(trackerConnections)
      .where(eq(trackerConnections.id, w.connection.connectionId));
    const hook = jira.webhooks.find((candidate) => candidate.url === w.connection.webhookUrl);
    expect(hook).toMatchObject({
      url: `${t.config.publicUrl}/api/integrations/${w.connection.connectionId}/jira/webhook`,
      secret: w.connection.webhookSecret,
      projectKey: 'WEB',
      events: ['jira:issue_updated', 'jira:issue_deleted'],
    });
    expect(row?.settings).toEqual({
      siteUrl: jira.url,
      email: w.email,
      bugTypeId: '10004',
      taskTypeId: '10001',
      webhookId: hook?.id,
    });
    expect(row?.tokenCiphertext).not.toContain(w.token);
    const listed = await t.call(w.admin, {
      method: 'GET',
      url: `/api/integrations/${w.orgId}/trackers`,
    });
    expect(ok<TTrackerConnection[]>(listed)).toEqual([
      {
        connectionId: w.connection.connectionId,
        vendor: 'jira',
        target: `${host()}/WEB`,
        webhookUrl: w.connection.webhookUrl,
        createdAt: w.connection.createdAt,
      },
    ]);
    expect(listed.body).not.toContain(w.connection.webhookSecret);
    expect(listed.body).not.toContain(w.token);
  });

  it('connects a project once under 30 concurrent identical requests: one webhook in Jira', async () => {
    const w = await world();
    jira.allowToken(w.email, 'tok-race', ['RACE']);
    const hooksBefore = jira.webhooks.length;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => connect(w, { token: 'tok-race', project: 'race' })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(29);
    expect(refused[0]?.json()).toMatchObject({ message: JIRA_ALREADY_CONNECTED });
    expect(jira.webhooks).toHaveLength(hooksBefore + 1);
  });

  it('disconnecting removes the webhook Waymark added in Jira', async () => {
    const w = await world();
    const url = w.connection.webhookUrl;
    expect(jira.webhooks.some((hook) => hook.url === url)).toBe(true);
    ok(
      await t.call(w.admin, {
        method: 'DELETE',
        url: `/api/integrations/${w.orgId}/trackers/${w.connection.connectionId}`,
      }),
    );
    expect(jira.webhooks.some((hook) => hook.url === url)).toBe(false);
  });
});

describe('creating an issue from an item', () => {
  it('writes the summary, an ADF description with page, screenshots and link back, the marker label; Bug or Task by item type', async () => {
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
      vendor: 'jira',
      issueKey: `${w.project}-1`,
      url: `${jira.url}/browse/${w.project}-1`,
      state: 'open',
      stateLabel: 'To Do',
      assignee: null,
    });
    const [issue] = jira.issues(w.project);
    expect(issue?.fields.summary).toBe('Pay button does nothing');
    expect(issue?.fields.issuetype.name).toBe('Task');
    // An item of the type Bug becomes a Jira Bug.
    const types = ok<{ itemTypeId: number; itemTypeDescription: string }[]>(
      await t.call(w.admin, { method: 'GET', url: `/api/item/getItemTypeOptions/${w.orgId}` }),
    );
    const bugId = await createItem(t, w.tester, w, {
      projectId: w.projectId,
      relativePath: '/checkout',
      title: 'Totals wrong',
      itemTypeId: types.find((type) => type.itemTypeDescription === 'Bug')?.itemTypeId,
    });
    ok(await create(w, bugId));
    expect(jira.issues(w.project)[1]?.fields.issuetype.name).toBe('Bug');
    expect(issue?.fields.description).toMatchObject({ type: 'doc', version: 1 });
    const adf = JSON.stringify(issue?.fields.description);
    expect(adf).toContain('"text":"Pay"');
    expect(adf).toContain('{"type":"strong"}');
    expect(adf).toContain('"href":"https://shop.example.com/checkout"');
    expect(adf).toMatch(new RegExp(`/api/item/downloadAttachment/${itemId}/\\d+`));
    expect(adf).toContain(`"href":"https://shop.example.com/checkout#waymark-item=${itemId}"`);
    const [row] = await t.db.select().from(trackerLinks).where(eq(trackerLinks.itemId, itemId));
    expect(issue?.fields.labels).toEqual(['waymark', `waymark-${row?.marker}`]);
    expect(row?.issueKey).toBe(`jira:${host()}/${issue?.id}`);
  });

  it('makes one issue under 30 concurrent identical requests; every answer is the same link', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    jira.createDelayMs = 300;
    try {
      const answers = await Promise.all(Array.from({ length: 30 }, () => create(w, itemId)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 30 }, () => 200));
    } finally {
      jira.createDelayMs = 0;
    }
    expect(jira.issues(w.project)).toHaveLength(1);
    expect((await itemState(t, w.tester, itemId)).link?.issueKey).toBe(`${w.project}-1`);
  });

  it('after an answer lost between Jira and the database, recovery finds the marker label by JQL and makes no second issue', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    jira.loseNextCreateAnswers(1);
    expect(ok<TTrackerLink>(await create(w, itemId)).status).toBe('creating');
    ok(await create(w, itemId));
    expect(jira.issues(w.project)).toHaveLength(1);
    const made = creates().length;
    advanceMinutes(1);
    expect(await reconcile()).toMatchObject({ recovered: 1, failed: 0 });
    expect(creates()).toHaveLength(made);
    expect(jira.requests).toContain('POST /rest/api/3/search/jql');
    expect(jira.issues(w.project)).toHaveLength(1);
    expect((await itemState(t, w.tester, itemId)).link).toMatchObject({
      status: 'linked',
      issueKey: `${w.project}-1`,
    });
  });

  it('when Jira made nothing (503), two racing recoveries create the issue once', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    jira.failNext(1);
    expect(ok<TTrackerLink>(await create(w, itemId)).status).toBe('creating');
    expect(jira.issues(w.project)).toHaveLength(0);
    advanceMinutes(1);
    const [first, second] = await Promise.all([reconcile(), reconcile()]);
    expect((first?.recovered ?? 0) + (second?.recovered ?? 0)).toBe(1);
    expect(jira.issues(w.project)).toHaveLength(1);
    expect((await itemState(t, w.tester, itemId)).link?.status).toBe('linked');
  });

  it('a refusal by Jira (403) is a 400 that leaves no reservation; the next click creates it', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    jira.failNext(1, 403);
    const refused = await create(w, itemId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: TRACKER_ISSUE_REFUSED });
    expect((await itemState(t, w.tester, itemId)).link).toBeNull();
    ok(await create(w, itemId));
    expect(jira.issues(w.project)).toHaveLength(1);
  });
});

describe('linking an existing issue', () => {
  it("links by key or browse URL after Jira confirms it; refuses unknown issues, other projects' and other sites'", async () => {
    const w = await world();
    jira.allowToken(w.email, w.token, [w.project, 'OPS']);
    const known = jira.seedIssue(w.project, 'Known');
    jira.seedIssue('OPS', 'Elsewhere');
    const itemId = await createBug(t, w.tester, w);
    const link = (issue: string) =>
      linkIssueCall(t, w.tester, { itemId, connectionId: w.connection.connectionId, issue });
    const unreadable = `Enter an issue of project ${w.project} (${w.project}-123) or its URL.`;
    for (const [issue, message] of [
      [`${w.project}-9`, `Issue ${w.project}-9 was not found in project ${w.project}.`],
      ['OPS-1', unreadable],
      ['1', unreadable],
      [`https://elsewhere.atlassian.net/browse/${known.key}`, unreadable],
    ] as const) {
      const answer = await link(issue);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ message });
    }
    expect((await itemState(t, w.tester, itemId)).link).toBeNull();
    const linked = ok<TTrackerLink>(await link(`${jira.url}/browse/${known.key}`));
    expect(linked).toMatchObject({ status: 'linked', issueKey: known.key, state: 'open' });
    ok(await link(known.key.toLowerCase()));
    expect(jira.issues(w.project)).toHaveLength(1);
  });

  it("cannot claim an issue linked to another organization's look-alike item, nor to another item", async () => {
    const a = await world('SHARED');
    const b = await world('SHARED');
    const shared = jira.seedIssue('SHARED', 'Shared');
    const itemA = await createBug(t, a.tester, a);
    const otherA = await createBug(t, a.tester, a);
    const itemB = await createBug(t, b.tester, b);
    await expectIssueUnclaimable(t, { a, b, itemA, otherA, itemB, issue: shared.key });
  });
});

describe("Jira's webhooks", () => {
  it("Done closes the item, In Progress reopens it, Won't Do closes it as canceled; the assignee shows", async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    ok(await create(w, itemId));
    const key = `${w.project}-1`;
    const [done] = await jira.moveIssue(key, 'done');
    expect(done?.status).toBe(200);
    expect(await itemState(t, w.tester, itemId)).toMatchObject({
      status: 'Closed',
      link: { state: 'done', stateLabel: 'Done' },
    });
    await jira.moveIssue(key, 'inProgress');
    await jira.assignIssue(key, 'Jo Dev');
    expect(await itemState(t, w.tester, itemId)).toMatchObject({
      status: 'Open',
      link: { state: 'open', stateLabel: 'In Progress', assignee: 'Jo Dev' },
    });
    await jira.moveIssue(key, 'wontDo');
    expect(await itemState(t, w.tester, itemId)).toMatchObject({
      status: 'Closed',
      link: { state: 'canceled', stateLabel: 'Done' },
    });
    expect((await statusHistory(t, w.tester, itemId)).map((entry) => entry.after)).toEqual(
      expect.arrayContaining(['Closed', 'Open']),
    );
  });

  it('refuses a replay, a stale timestamp, a forged signature and an altered body with 400, changing nothing', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    ok(await create(w, itemId));
    const key = `${w.project}-1`;
    const [delivery] = await jira.moveIssue(key, 'done');
    if (!delivery) throw new Error('no delivery');
    await jira.moveIssue(key, 'todo');
    expect((await itemState(t, w.tester, itemId)).status).toBe('Open');
    const post = (headers: Record<string, string>, body = delivery.body) =>
      fetch(delivery.url, { method: 'POST', headers, body });
    const replay = await post(delivery.headers);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ message: 'This delivery was already received.' });
    jira.moveSilently(key, 'done');
    // Signed correctly, but two hours old: a replay under a new identifier.
    const stale = jira.signedDelivery(key, { timestamp: Date.now() - 2 * 3_600_000 });
    expect((await post(stale.headers, stale.body)).status).toBe(400);
    const fresh = jira.signedDelivery(key);
    const forged = await post(
      {
        ...fresh.headers,
        'x-hub-signature': `sha256=${createHmac('sha256', 'guess').update(fresh.body).digest('hex')}`,
      },
      fresh.body,
    );
    expect(forged.status).toBe(400);
    expect((await post({ ...fresh.headers, 'x-hub-signature': '' }, fresh.body)).status).toBe(400);
    const tampered = await post(fresh.headers, fresh.body.replace('"Done"', '"Done "'));
    expect(tampered.status).toBe(400);
    expect((await itemState(t, w.tester, itemId)).status).toBe('Open');
    expect((await post(fresh.headers, fresh.body)).status).toBe(200);
    expect((await itemState(t, w.tester, itemId)).status).toBe('Closed');
  });

  it('30 concurrent copies of one delivery: one applies (one history entry), 29 are refused', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    ok(await create(w, itemId));
    jira.moveSilently(`${w.project}-1`, 'done');
    const delivery = jira.signedDelivery(`${w.project}-1`);
    await expectOneOfThirtyCopiesApplied(t, { delivery, tester: w.tester, itemId });
  });

  it("another organization's connection to the same project does not move this organization's item", async () => {
    const a = await world('TWIN');
    const b = await world('TWIN');
    const itemA = await createBug(t, a.tester, a);
    const itemB = await createBug(t, b.tester, b);
    ok(await create(a, itemA));
    const deliveries = await jira.moveIssue('TWIN-1', 'done');
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
    jira.moveSilently(`${w.project}-1`, 'done');
    advanceMinutes(11);
    await reconcile();
    expect(await itemState(t, w.tester, itemId)).toMatchObject({
      status: 'Closed',
      link: { state: 'done', stateLabel: 'Done' },
    });
  });
});

describe('secrets', () => {
  it('no API token or webhook secret is in any log line or API answer', async () => {
    const token = 'ATATT3xSECRETSECRETSECRET_leakcheck';
    const w = await createJiraWorld(t, jira, { project: 'LEAK', token });
    const itemId = await createBug(t, w.tester, w);
    jira.failNext(1);
    await create(w, itemId);
    advanceMinutes(5);
    await reconcile();
    await jira.moveIssue('LEAK-1', 'done');
    jira.failNext(1, 401);
    advanceMinutes(11);
    await reconcile();
    await expectSecretsHidden(t, {
      ...w,
      itemId,
      logLines: suite.logLines,
      secrets: [
        token,
        w.connection.webhookSecret,
        Buffer.from(`${w.email}:${token}`).toString('base64'),
      ],
    });
  });
});
