import { JIRA_ANSWER_TOO_LARGE, TRACKER_UNAVAILABLE } from '@waymark/core';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { trackerConnections } from '../../src/db/schema';
import { JIRA_MAX_ANSWER_BYTES } from '../../src/modules/integrations/trackers/jira/jira-client';
import type { AuthTestContext } from '../support/auth-test-app';
import type { JiraStandIn } from '../support/jira-stand-in';
import { useJiraSuite } from './jira-world';
import { createWebhookWorld } from './webhook-world';

// Decision 0135: a Jira site that answers slowly or floods holds neither a socket, nor memory,
// nor a pooled connection. Each call is aborted at JIRA_REQUEST_TIMEOUT_MS (here 1 s), an answer
// past 5 MB is refused, and connecting calls Jira with no transaction open.

const TIMEOUT_MS = 1_000;
const suite = useJiraSuite({ JIRA_REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) });
let t: AuthTestContext;
let jira: JiraStandIn;
beforeAll(() => {
  ({ t, standIn: jira } = suite);
});

let count = 0;
async function connectWorld() {
  const w = await createWebhookWorld(t);
  const project = `LIM${++count}`;
  const token = `tok-${project}`;
  jira.allowToken('admin@acme.example', token, [project]);
  const connect = () =>
    t.call(w.admin, {
      method: 'POST',
      url: `/api/integrations/${w.orgId}/trackers`,
      payload: { vendor: 'jira', site: jira.url, email: 'admin@acme.example', token, project },
    });
  return { w, connect };
}

const connectionsOf = (orgId: number) =>
  t.db.select().from(trackerConnections).where(eq(trackerConnections.orgId, orgId));

describe('a slow Jira site', () => {
  it('is given up at JIRA_REQUEST_TIMEOUT_MS: the request is aborted, the admin told, nothing stored', async () => {
    const { w, connect } = await connectWorld();
    jira.answerDelayMs = 5_000;
    const abandonedBefore = jira.abandoned.length;
    try {
      const started = Date.now();
      const answer = await connect();
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1_500);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ message: TRACKER_UNAVAILABLE });
      // Waymark closed its request: the site's answer is not waited for in the background.
      await expect
        .poll(() => jira.abandoned.slice(abandonedBefore), { timeout: 1_000 })
        .toEqual(['GET /rest/api/3/myself']);
    } finally {
      jira.answerDelayMs = 0;
    }
    expect(await connectionsOf(w.orgId)).toEqual([]);
  });
});

describe('a Jira site that floods', () => {
  it('is refused past 5 MB with a clear message, without reading the rest', async () => {
    const { w, connect } = await connectWorld();
    jira.hugeAnswerBytes = 50 * 1024 * 1024;
    const abandonedBefore = jira.abandoned.length;
    try {
      const memoryBefore = process.memoryUsage().rss;
      const answer = await connect();
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ message: JIRA_ANSWER_TOO_LARGE });
      // Far less than the 50 MB offered was held.
      expect(process.memoryUsage().rss - memoryBefore).toBeLessThan(4 * JIRA_MAX_ANSWER_BYTES);
    } finally {
      jira.hugeAnswerBytes = 0;
    }
    // Waymark stopped reading and closed the connection: the rest was never sent.
    await expect
      .poll(() => jira.abandoned.slice(abandonedBefore))
      .toEqual(['GET /rest/api/3/myself']);
    expect(await connectionsOf(w.orgId)).toEqual([]);
  });
});

describe('connecting', () => {
  it('calls Jira with no transaction open, then writes', async () => {
    const { w, connect } = await connectWorld();
    const hooksBefore = jira.webhooks.length;
    // Each Jira answer takes 300 ms: the webhook's too, which was added inside the transaction.
    jira.answerDelayMs = 300;
    try {
      // Each transaction seen idle between its statements, by backend and start: when first and
      // last seen so. Another part of the app (live events, webhooks, the job queue) may be caught
      // between two statements for a moment on a loaded machine; a transaction held open across a
      // 300 ms Jira call is seen idle for most of that call.
      const idleSpans = new Map<string, { first: number; last: number }>();
      const connecting = connect();
      const watching = (async () => {
        for (let index = 0; index < 25; index++) {
          const result = await t.db.execute<{ key: string }>(
            // The job queue's connections are left out as before (decision 0135's test).
            sql`select pid || ':' || xact_start as key from pg_stat_activity
                where datname = current_database() and state like 'idle in transaction%'
                and application_name <> 'waymark-jobs'`,
          );
          const now = performance.now();
          for (const { key } of result.rows) {
            const span = idleSpans.get(key);
            idleSpans.set(key, { first: span?.first ?? now, last: now });
          }
          await sleep(60);
        }
      })();
      const answer = await connecting;
      await watching;
      expect(answer.statusCode, answer.body).toBe(200);
      const heldAcrossACall = [...idleSpans.values()].filter(
        ({ first, last }) => last - first >= 200,
      );
      expect(heldAcrossACall).toEqual([]);
    } finally {
      jira.answerDelayMs = 0;
    }
    const [row] = await connectionsOf(w.orgId);
    const hook = jira.webhooks.at(-1);
    expect(jira.webhooks).toHaveLength(hooksBefore + 1);
    expect(hook?.url).toBe(`${t.config.publicUrl}/api/integrations/${row?.id}/jira/webhook`);
    expect(row?.settings).toMatchObject({ webhookId: hook?.id });
  });

  it('a connect that loses the race removes the webhook it added', async () => {
    const { connect } = await connectWorld();
    const hooksBefore = jira.webhooks.length;
    const addsBefore = jira.requests.filter((line) => line === 'POST /rest/webhooks/1.0/webhook');
    // All pass the check for an existing connection before either writes.
    jira.answerDelayMs = 200;
    try {
      const answers = await Promise.all([connect(), connect(), connect()]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    } finally {
      jira.answerDelayMs = 0;
    }
    const adds = jira.requests.filter((line) => line === 'POST /rest/webhooks/1.0/webhook');
    expect(adds.length - addsBefore.length).toBeGreaterThan(1);
    expect(jira.webhooks).toHaveLength(hooksBefore + 1);
  });
});
