import { inboxTestRoutes, mentionToken } from '@waymark/core';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail } from '../../src/modules/mail/outbox';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { openTestEventStream } from '../support/sse-client';
import {
  addMember,
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type OrgWorld,
} from '../support/projects-world';

// Issue 27 proof of delivery: mentions mailed within minutes and batched (a burst is one mail,
// whichever copy or how many runs at once), RFC 8058 one-click unsubscribe, the daily digest at
// the user's hour in their time zone (once a day, skipped when empty), and live delivery to the
// recipient's open panel only.

let t: AuthTestContext;
let world: OrgWorld;
let projectId: number;
let bea: { as: { authorization: string }; userId: number };
let carl: { as: { authorization: string }; userId: number };
let baseUrl = '';

beforeAll(async () => {
  // The e2e server's switch: the mail jobs are run by the test route, at the time it says.
  t = await startAuthTestApp({ env: { BILLING_TEST_CLOCK: 'true' } });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  world = await createOrgWorld(t, { email: 'ada@mail.test' });
  projectId = await createProject(t, world, 'https://mail.test');
  bea = await addMember(t, world, [projectId], { firstName: 'Bea', lastName: 'Baker' });
  carl = await addMember(t, world, [projectId], { firstName: 'Carl', lastName: 'Cole' });
});
afterAll(() => t.close());

const outbox = () => path.join(t.config.dataDir, 'mail');

/** Every mail in the outbox to `address`, with its raw headers. */
async function mailsTo(address: string) {
  let names: string[] = [];
  try {
    names = (await readdir(outbox())).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const mails = await Promise.all(
    names.map(async (name) => {
      const raw = await readFile(path.join(outbox(), name), 'utf8');
      // Headers unfolded: a long List-Unsubscribe is written over two lines.
      return { ...parseMail(raw), raw: raw.replace(/\r?\n[ \t]+/g, ' ') };
    }),
  );
  return mails.filter((mail) => mail.to.includes(address));
}

/** Waits until the mail jobs' queue has delivered everything enqueued. */
async function settleMail(): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    const result = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'mail.send' and state in ('created', 'retry', 'active')`,
    );
    if (Number(result.rows[0]?.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('mail queue did not settle');
}

const runMail = async (at: Date) =>
  ok<{ immediateMails: number; digests: number }>(
    await t.call(undefined, {
      method: 'POST',
      url: inboxTestRoutes.runInboxMail.path,
      payload: { now: at.toISOString() },
    }),
  );
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const emailOf = async (userId: number) =>
  (await t.db.execute<{ email: string }>(sql`select email from users where id = ${userId}`)).rows[0]
    ?.email ?? '';

describe('notification mail', () => {
  it('batches a burst of mentions into one mail, sent once however many runs race', async () => {
    const itemId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/pay',
      title: 'Pay button',
    });
    for (let i = 0; i < 10; i += 1)
      ok(
        await t.call(world.admin, {
          method: 'POST',
          url: '/api/item/addItemNote',
          payload: { itemId, text: `Note ${i} for ${mentionToken(bea.userId)}` },
        }),
      );
    // Inside the batch window nothing goes out yet.
    expect((await runMail(new Date())).immediateMails).toBe(0);
    const runs = await Promise.all(Array.from({ length: 30 }, () => runMail(minutesFromNow(2))));
    expect(runs.reduce((sum, run) => sum + run.immediateMails, 0)).toBe(1);
    await settleMail();
    const email = await emailOf(bea.userId);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('10 new notifications on Waymark');
    expect(mail?.text).toContain('Ada Admin mentioned you on “Pay button”');
    expect(mail?.links).toContain(`https://mail.test/pay#waymark-item=${itemId}`);
    expect(mail?.raw).toMatch(
      /^List-Unsubscribe: <http[^>]+\/api\/inbox\/unsubscribe\?token=[\w-]+>$/m,
    );
    expect(mail?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it('one-click unsubscribe (RFC 8058) turns those mails off', async () => {
    const email = await emailOf(bea.userId);
    const [mail] = await mailsTo(email);
    const link = new URL(/^List-Unsubscribe: <([^>]+)>$/m.exec(mail?.raw ?? '')?.[1] ?? '');
    // The link names PUBLIC_URL; this test server listens on its own port.
    const response = await fetch(`${baseUrl}${link.pathname}${link.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    const itemId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/pay',
      title: 'After unsubscribe',
    });
    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: '/api/item/addItemNote',
        payload: { itemId, text: `Again ${mentionToken(bea.userId)}` },
      }),
    );
    expect((await runMail(minutesFromNow(5))).immediateMails).toBe(0);
    // The inbox still has it: only e-mail stopped.
    const inbox = ok<{ entries: { itemId: number }[] }>(
      await t.call(bea.as, { method: 'GET', url: '/api/inbox/getInbox' }),
    );
    expect(inbox.entries[0]?.itemId).toBe(itemId);
  });

  it('sends one daily digest at the user’s hour in their time zone, and skips an empty one', async () => {
    ok(
      await t.call(carl.as, {
        method: 'POST',
        url: '/api/inbox/savePreferences',
        payload: {
          timeZone: 'Pacific/Auckland',
          digestHour: 9,
          toolbarBadge: true,
          isEmailOff: false,
          prefs: [],
        },
      }),
    );
    const itemId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/digest',
      title: 'Digest item',
    });
    ok(
      await t.call(carl.as, {
        method: 'POST',
        url: `/api/item/watchItem/${itemId}`,
        payload: { isWatching: true },
      }),
    );
    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: '/api/item/addItemNote',
        payload: { itemId, text: 'A plain note' },
      }),
    );
    // 08:30 in Auckland the next day: before Carl's hour, nothing.
    const tomorrow = new Date(Date.now() + 24 * 3_600_000);
    const aucklandDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(
      tomorrow,
    );
    const at = (hhmm: string) => {
      const local = new Date(`${aucklandDate}T${hhmm}:00Z`);
      const offset =
        new Date(local.toLocaleString('en-US', { timeZone: 'Pacific/Auckland' })).getTime() -
        new Date(local.toLocaleString('en-US', { timeZone: 'UTC' })).getTime();
      return new Date(local.getTime() - offset);
    };
    expect((await runMail(at('08:30'))).digests).toBe(0);
    expect((await runMail(at('09:10'))).digests).toBe(1);
    expect((await runMail(at('10:10'))).digests).toBe(0);
    await settleMail();
    const digests = (await mailsTo(await emailOf(carl.userId))).filter((mail) =>
      mail.subject.startsWith('Your Waymark digest'),
    );
    expect(digests).toHaveLength(1);
    expect(digests[0]?.text).toContain('Ada Admin added a note to “Digest item”');
  });
});

describe('live delivery', () => {
  it("tells the recipient's open panel, and no one else's", async () => {
    const itemId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/live',
      title: 'Live',
    });
    const url = `${baseUrl}/api/item/liveEvents/${projectId}`;
    const beaStream = await openTestEventStream(url, bea.as);
    const carlStream = await openTestEventStream(url, carl.as);
    await beaStream.waitFor((event) => event.event === 'ready');
    await carlStream.waitFor((event) => event.event === 'ready');
    // A stream starts below the cluster-wide horizon (decision 0092), so it may still be sent
    // events that committed just before it opened, such as Carl's own notification from the
    // digest test. An item created now is newer than all of them: once both streams have it,
    // everything that follows is this test's.
    const sentinelId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/live',
      title: 'Sentinel',
    });
    const isSentinel = (event: { event?: string; data: string }) =>
      event.event === 'change' &&
      (JSON.parse(event.data) as { itemId?: number }).itemId === sentinelId;
    await beaStream.waitFor(isSentinel, 2_000);
    await carlStream.waitFor(isSentinel, 2_000);
    const carlBefore = carlStream.events.length;
    ok(
      await t.call(world.admin, {
        method: 'POST',
        url: '/api/item/addItemNote',
        payload: { itemId, text: `Live ${mentionToken(bea.userId)}` },
      }),
    );
    const isInbox = (event: { event?: string; data: string }) =>
      event.event === 'change' &&
      (JSON.parse(event.data) as { topic: string }).topic === 'inbox_entries';
    const received = await beaStream.waitFor(isInbox, 2_000);
    expect(JSON.parse(received.data)).toMatchObject({ projectId, topic: 'inbox_entries' });
    expect(JSON.parse(received.data)).not.toHaveProperty('recipientUserIds');
    // Carl's stream got the note's own change event, but not Bea's notification.
    await expect
      .poll(() => carlStream.events.slice(carlBefore).some((event) => event.event === 'change'), {
        timeout: 2_000,
      })
      .toBe(true);
    expect(carlStream.events.slice(carlBefore).some(isInbox)).toBe(false);
    beaStream.close();
    carlStream.close();
  });
});
