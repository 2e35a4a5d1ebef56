import { sign } from '@octokit/webhooks-methods';
import {
  TRACKER_ISSUE_REFUSED,
  TRACKER_TOKEN_REFUSED,
  type TTrackerConnection,
  type TTrackerLink,
} from '@waymark/core';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { trackerConnections, trackerLinks } from '../../src/db/schema';
import type { AuthTestContext } from '../support/auth-test-app';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-stand-in';
import { multipartFile, TINY_PNG } from '../support/multipart';
import { createItem, ok } from '../support/projects-world';
import { reconcileNow } from './reconcile-now';
import {
  advanceMinutes as advanceBy,
  expectIssueUnclaimable,
  expectOneOfThirtyCopiesApplied,
  expectSecretsHidden,
  statusHistory,
  useTrackerSuite,
} from '../support/tracker-suite';
import { createBug, createIssueCall, createTrackerWorld, itemState } from './tracker-world';

// Issue 30: GitHub Issues through @octokit/rest against a local stand-in of GitHub's REST API and
// its signed repository webhooks. One issue per item under 30 racing requests and a lost answer;
// closing there closes the item here; replays and forgeries change nothing; tokens never leak.

const suite = useTrackerSuite({
  start: startGitHubStandIn,
  env: (stand) => ({ GITHUB_API_URL: stand.url }),
});
let t: AuthTestContext;
let github: GitHubStandIn;
let appUrl: string;
beforeAll(() => {
  ({ t, standIn: github, appUrl } = suite);
});

let repoCount = 0;
const world = (repository = `acme/shop${++repoCount}`) =>
  createTrackerWorld(t, github, { repository, appUrl });

/** The reconciliation job's function, as the cron runs it. */
const reconcile = () => reconcileNow(t, { githubApiUrl: github.url });

const advanceMinutes = (minutes: number) => advanceBy(t, minutes);

describe('connecting GitHub', () => {
  it('checks the token with GitHub: a refused token or an unseen repository is a 400 and nothing is stored', async () => {
    const w = await world();
    github.allowToken('github_pat_other', ['someone/else']);
    for (const payload of [
      { vendor: 'github', token: 'github_pat_wrong', owner: 'acme', repo: 'private' },
      { vendor: 'github', token: 'github_pat_other', owner: 'acme', repo: 'private' },
    ]) {
      const answer = await t.call(w.admin, {
        method: 'POST',
        url: `/api/integrations/${w.orgId}/trackers`,
        payload,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ message: TRACKER_TOKEN_REFUSED });
    }
    const bad = await t.call(w.admin, {
      method: 'POST',
      url: `/api/integrations/${w.orgId}/trackers`,
      payload: { vendor: 'github', token: 'x', owner: 'a b', repo: 'c' },
    });
    expect(bad.statusCode).toBe(400);
    const rows = await t.db
      .select()
      .from(trackerConnections)
      .where(eq(trackerConnections.orgId, w.orgId));
    expect(rows.map((row) => row.target)).toEqual([w.repository]);
  });

  it('answers the webhook URL and secret once, lists neither token nor secret, and stores the token sealed', async () => {
    const w = await world();
    expect(w.connection.webhookUrl).toBe(
      `${t.config.publicUrl}/api/integrations/${w.connection.connectionId}/github/webhook`,
    );
    expect(w.connection.webhookSecret).toMatch(/^[0-9a-f]{64}$/);
    const listed = await t.call(w.admin, {
      method: 'GET',
      url: `/api/integrations/${w.orgId}/trackers`,
    });
    const list = ok<TTrackerConnection[]>(listed);
    expect(list).toEqual([
      {
        connectionId: w.connection.connectionId,
        vendor: 'github',
        target: w.repository,
        webhookUrl: w.connection.webhookUrl,
        createdAt: w.connection.createdAt,
      },
    ]);
    expect(listed.body).not.toContain(w.connection.webhookSecret);
    const [row] = await t.db
      .select()
      .from(trackerConnections)
      .where(eq(trackerConnections.id, w.connection.connectionId));
    expect(row?.tokenCiphertext).not.toContain('github_pat');
    expect(row?.webhookSecretCiphertext).not.toContain(w.connection.webhookSecret);
  });

  it('connects a repository once under 30 concurrent identical requests', async () => {
    const w = await world();
    github.allowToken('github_pat_race', ['acme/race']);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.call(w.admin, {
          method: 'POST',
          url: `/api/integrations/${w.orgId}/trackers`,
          payload: { vendor: 'github', token: 'github_pat_race', owner: 'Acme', repo: 'Race' },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(29);
  });
});

describe('creating an issue from an item', () => {
  it('writes the title, the description as Markdown, the page, screenshots as links and a link back', async () => {
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
    const link = ok<TTrackerLink>(
      await createIssueCall(t, w.tester, { itemId, connectionId: w.connection.connectionId }),
    );
    expect(link).toMatchObject({
      status: 'linked',
      vendor: 'github',
      issueKey: `${w.repository}#1`,
      url: `https://github.com/${w.repository}/issues/1`,
      state: 'open',
      stateLabel: 'open',
      assignee: null,
    });
    const [issue] = github.issues(w.repository);
    expect(issue?.title).toBe('Pay button does nothing');
    expect(issue?.body).toContain('Click **Pay**: nothing.');
    expect(issue?.body).toContain('- <https://shop.example.com/checkout>');
    expect(issue?.body).toMatch(
      new RegExp(`\\[screen\\.png\\]\\(.*/api/item/downloadAttachment/${itemId}/\\d+\\)`),
    );
    expect(issue?.body).toContain(
      `[Open in Waymark](https://shop.example.com/checkout#waymark-item=${itemId})`,
    );
  });

  it("writes mentions as the people's names in code spans, so GitHub notifies no namesake", async () => {
    const w = await world();
    const itemId = await createItem(t, w.tester, w, {
      projectId: w.projectId,
      relativePath: '/checkout',
      title: 'Mentioning',
      descriptionHtml: `<p>Ask @[user:${w.adminUserId}] first</p>`,
    });
    ok(await createIssueCall(t, w.tester, { itemId, connectionId: w.connection.connectionId }));
    const issue = github.issues(w.repository).at(-1);
    expect(issue?.body).toContain('Ask `@Ada Admin` first');
    expect(issue?.body).not.toContain('@[user:');
  });

  it('makes one issue under 30 concurrent identical requests; every answer is the same link', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    github.createDelayMs = 300;
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, () =>
          createIssueCall(t, w.tester, { itemId, connectionId: w.connection.connectionId }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 30 }, () => 200));
      expect(new Set(answers.map((a) => a.json<TTrackerLink>().connectionId)).size).toBe(1);
    } finally {
      github.createDelayMs = 0;
    }
    expect(github.issues(w.repository)).toHaveLength(1);
    expect((await itemState(t, w.tester, itemId)).link?.issueKey).toBe(`${w.repository}#1`);
  });

  it('after an answer lost between GitHub and the database, recovery finds the issue instead of making a second', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    github.loseNextCreateAnswers(1);
    const lost = await createIssueCall(t, w.tester, {
      itemId,
      connectionId: w.connection.connectionId,
    });
    expect(ok<TTrackerLink>(lost).status).toBe('creating');
    expect(github.issues(w.repository)).toHaveLength(1);
    expect((await itemState(t, w.tester, itemId)).link?.status).toBe('creating');
    // Clicking again while the creation is unresolved makes nothing new.
    ok(await createIssueCall(t, w.tester, { itemId, connectionId: w.connection.connectionId }));
    advanceMinutes(1);
    expect(await reconcile()).toMatchObject({ recovered: 1, failed: 0 });
    expect(github.issues(w.repository)).toHaveLength(1);
    expect((await itemState(t, w.tester, itemId)).link).toMatchObject({
      status: 'linked',
      issueKey: `${w.repository}#1`,
    });
  });

  it('when GitHub made nothing (503), recovery creates the issue once', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    github.failNext(1);
    const failed = await createIssueCall(t, w.tester, {
      itemId,
      connectionId: w.connection.connectionId,
    });
    expect(ok<TTrackerLink>(failed).status).toBe('creating');
    expect(github.issues(w.repository)).toHaveLength(0);
    expect((await reconcile()).recovered).toBe(0);
    advanceMinutes(1);
    const [first, second] = await Promise.all([reconcile(), reconcile()]);
    expect((first?.recovered ?? 0) + (second?.recovered ?? 0)).toBe(1);
    expect(github.issues(w.repository)).toHaveLength(1);
    expect((await itemState(t, w.tester, itemId)).link?.status).toBe('linked');
  });

  it('a refusal by GitHub (403) is a 400 that leaves no reservation; the next click creates it', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    github.failNext(1, 403);
    const refused = await createIssueCall(t, w.tester, {
      itemId,
      connectionId: w.connection.connectionId,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: TRACKER_ISSUE_REFUSED });
    expect((await itemState(t, w.tester, itemId)).link).toBeNull();
    ok(await createIssueCall(t, w.tester, { itemId, connectionId: w.connection.connectionId }));
    expect(github.issues(w.repository)).toHaveLength(1);
  });

  it("refuses another organization's connection (404) and someone without the project (404)", async () => {
    const a = await world();
    const b = await world();
    const itemId = await createBug(t, a.tester, a);
    const foreign = await createIssueCall(t, a.tester, {
      itemId,
      connectionId: b.connection.connectionId,
    });
    expect(foreign.statusCode).toBe(404);
    const outsider = await createIssueCall(t, b.tester, {
      itemId,
      connectionId: b.connection.connectionId,
    });
    expect(outsider.statusCode).toBe(404);
    expect(github.issues(a.repository)).toHaveLength(0);
    expect(github.issues(b.repository)).toHaveLength(0);
  });
});

describe('linking an existing issue', () => {
  it('links by URL after GitHub confirms it; refuses unknown issues, pull requests and other repositories', async () => {
    const w = await world();
    github.seedIssue(w.repository, { title: 'Known' });
    github.seedIssue(w.repository, { title: 'A pull request', isPullRequest: true });
    const itemId = await createBug(t, w.tester, w);
    const link = (issue: string) =>
      t.call(w.tester, {
        method: 'POST',
        url: '/api/item/linkTrackerIssue',
        payload: { itemId, connectionId: w.connection.connectionId, issue },
      });
    for (const [issue, message] of [
      ['#9', `Issue #9 was not found in ${w.repository}.`],
      ['#2', `Issue #2 was not found in ${w.repository}.`],
      ['other/repo#1', `Enter an issue number or the URL of an issue of ${w.repository}.`],
      ['', 'Enter the issue number or URL.'],
    ] as const) {
      const answer = await link(issue);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain(message);
    }
    expect((await itemState(t, w.tester, itemId)).link).toBeNull();
    const linked = ok<TTrackerLink>(await link(`https://github.com/${w.repository}/issues/1`));
    expect(linked).toMatchObject({ status: 'linked', issueKey: `${w.repository}#1` });
    ok(await link('1'));
    expect(github.issues(w.repository)).toHaveLength(2);
  });

  it("cannot claim an issue linked to another organization's look-alike item, nor to another item", async () => {
    const a = await world('acme/shared');
    const b = await world('acme/shared');
    github.seedIssue('acme/shared', { title: 'Shared' });
    const itemA = await createBug(t, a.tester, a);
    const otherA = await createBug(t, a.tester, a);
    const itemB = await createBug(t, b.tester, b);
    await expectIssueUnclaimable(t, { a, b, itemA, otherA, itemB, issue: '#1' });
  });
});

describe("GitHub's webhooks", () => {
  it('closing the issue closes the item, reopening reopens it, the assignee shows', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    ok(await createIssueCall(t, w.tester, { itemId, connectionId: w.connection.connectionId }));
    const [closed] = await github.closeIssue(w.repository, 1);
    expect(closed?.status).toBe(200);
    expect(await itemState(t, w.tester, itemId)).toMatchObject({
      status: 'Closed',
      link: { state: 'done', stateLabel: 'closed' },
    });
    await github.reopenIssue(w.repository, 1);
    await github.assignIssue(w.repository, 1, 'octo-dev');
    expect(await itemState(t, w.tester, itemId)).toMatchObject({
      status: 'Open',
      link: { state: 'open', assignee: 'octo-dev' },
    });
    const history = await statusHistory(t, w.tester, itemId);
    expect(history.map((entry) => entry.after)).toEqual(expect.arrayContaining(['Closed', 'Open']));
  });

  it('refuses a replayed delivery and a bad signature with 400, changing nothing', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    ok(await createIssueCall(t, w.tester, { itemId, connectionId: w.connection.connectionId }));
    const [delivery] = await github.closeIssue(w.repository, 1);
    if (!delivery) throw new Error('no delivery');
    await github.reopenIssue(w.repository, 1);
    expect((await itemState(t, w.tester, itemId)).status).toBe('Open');
    const post = (headers: Record<string, string>, body = delivery.body) =>
      fetch(delivery.url, { method: 'POST', headers, body });
    const replay = await post(delivery.headers);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ message: 'This delivery was already received.' });
    const forged = await post({
      ...delivery.headers,
      'x-github-delivery': crypto.randomUUID(),
      'x-hub-signature-256': `sha256=${'0'.repeat(64)}`,
    });
    expect(forged.status).toBe(400);
    const unsigned = await post({ ...delivery.headers, 'x-hub-signature-256': '' });
    expect(unsigned.status).toBe(400);
    const tampered = await post(
      { ...delivery.headers, 'x-github-delivery': crypto.randomUUID() },
      delivery.body.replace('"closed"', '"closed" '),
    );
    expect(tampered.status).toBe(400);
    expect((await itemState(t, w.tester, itemId)).status).toBe('Open');
  });

  it('30 concurrent copies of one delivery: one applies (one history entry), 29 are refused', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    ok(await createIssueCall(t, w.tester, { itemId, connectionId: w.connection.connectionId }));
    const [issue] = github.issues(w.repository);
    if (!issue) throw new Error('no issue');
    const body = JSON.stringify({
      action: 'closed',
      issue: {
        ...issue,
        state: 'closed',
        state_reason: 'completed',
        updated_at: new Date(Date.now() + 60_000).toISOString(),
      },
      repository: { full_name: w.repository },
    });
    const headers = {
      'content-type': 'application/json',
      'x-github-event': 'issues',
      'x-github-delivery': crypto.randomUUID(),
      'x-hub-signature-256': await sign(w.connection.webhookSecret, body),
    };
    const url = `${appUrl}${new URL(w.connection.webhookUrl).pathname}`;
    await expectOneOfThirtyCopiesApplied(t, {
      delivery: { url, headers, body },
      tester: w.tester,
      itemId,
    });
  });

  it("another organization's connection to the same repository does not move this organization's item", async () => {
    const a = await world('acme/twin');
    const b = await world('acme/twin');
    const itemA = await createBug(t, a.tester, a);
    ok(
      await createIssueCall(t, a.tester, {
        itemId: itemA,
        connectionId: a.connection.connectionId,
      }),
    );
    const deliveries = await github.closeIssue('acme/twin', 1);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200]);
    // Org A's own hook closed it; org B's hook found no link of its own and changed nothing.
    const rows = await t.db.select().from(trackerLinks).where(eq(trackerLinks.itemId, itemA));
    expect(rows).toHaveLength(1);
    expect((await itemState(t, a.tester, itemA)).status).toBe('Closed');
    expect(b.connection.connectionId).not.toBe(a.connection.connectionId);
  });
});

describe('reconciliation and the mapping', () => {
  it('a missed delivery is caught by the periodic poll; the mapping decides the status; null leaves it', async () => {
    const w = await world();
    const itemId = await createBug(t, w.tester, w);
    ok(await createIssueCall(t, w.tester, { itemId, connectionId: w.connection.connectionId }));
    const mapping = ok<{ open: number; done: number; canceled: number | null }>(
      await t.call(w.admin, { method: 'GET', url: `/api/integrations/${w.orgId}/tracker-mapping` }),
    );
    const inProgress = w.statusIds[1] ?? 0;
    ok(
      await t.call(w.admin, {
        method: 'PUT',
        url: `/api/integrations/${w.orgId}/tracker-mapping`,
        payload: { ...mapping, canceled: inProgress, done: null },
      }),
    );
    github.changeSilently(w.repository, 1, { state: 'closed', state_reason: 'not_planned' });
    advanceMinutes(11);
    await reconcile();
    expect(await itemState(t, w.tester, itemId)).toMatchObject({
      status: 'In Progress',
      link: { state: 'canceled', stateLabel: 'closed as not planned' },
    });
    github.changeSilently(w.repository, 1, { state: 'closed', state_reason: 'completed' });
    advanceMinutes(11);
    await reconcile();
    expect(await itemState(t, w.tester, itemId)).toMatchObject({
      status: 'In Progress',
      link: { state: 'done' },
    });
  });

  it("refuses a mapping to another organization's status (400, nothing changed)", async () => {
    const a = await world();
    const b = await world();
    const before = ok(
      await t.call(a.admin, { method: 'GET', url: `/api/integrations/${a.orgId}/tracker-mapping` }),
    );
    const answer = await t.call(a.admin, {
      method: 'PUT',
      url: `/api/integrations/${a.orgId}/tracker-mapping`,
      payload: { open: b.statusIds[0], done: null, canceled: null },
    });
    expect(answer.statusCode).toBe(400);
    expect(
      ok(
        await t.call(a.admin, {
          method: 'GET',
          url: `/api/integrations/${a.orgId}/tracker-mapping`,
        }),
      ),
    ).toEqual(before);
  });
});

describe('secrets', () => {
  it('no token or webhook secret is in any log line or API answer', async () => {
    const token = 'github_pat_11SECRETSECRETSECRET_leakcheck';
    const w = await createTrackerWorld(t, github, { repository: 'acme/leak', token, appUrl });
    const itemId = await createBug(t, w.tester, w);
    github.failNext(1);
    await createIssueCall(t, w.tester, { itemId, connectionId: w.connection.connectionId });
    advanceMinutes(5);
    await reconcile();
    await github.closeIssue('acme/leak', 1);
    await expectSecretsHidden(t, {
      ...w,
      itemId,
      logLines: suite.logLines,
      secrets: [token, w.connection.webhookSecret],
    });
    const stored = await t.db.execute(sql`select count(*)::int as n from tracker_connections`);
    expect(stored.rows[0]).toBeDefined();
  });
});
