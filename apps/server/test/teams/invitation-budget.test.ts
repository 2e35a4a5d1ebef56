import { writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PLAN_IDS } from '@waymark/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../src/db/schema';
import { waitForMail } from '../../src/modules/mail/outbox';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { snapshotDatabase } from '../support/matrix-world';
import { createOrgWorld, ok, type OrgWorld } from '../support/projects-world';
import { addFreeLicenses, invite } from '../support/teams-world';

// Decision 0137: invitation e-mails an organization may cause per UTC day, small here.
const TRIAL_PER_DAY = 5;
const PAID_PER_DAY = 8;

let t: AuthTestContext;
beforeAll(async () => {
  t = await startAuthTestApp({
    now: new Date('2026-03-10T18:00:00Z'),
    env: {
      MAIL_TRIAL_INVITES_PER_DAY: String(TRIAL_PER_DAY),
      MAIL_PAID_INVITES_PER_DAY: String(PAID_PER_DAY),
      JOB_RETRY_DELAY_SECONDS: '1',
    },
  });
});
afterAll(() => t.close());

let stamp = 0;
const address = (name: string) => `${name}-${++stamp}-${Date.now()}@example.test`;

/** Invites `count` new addresses one after another; each must be accepted. */
async function inviteMany(world: OrgWorld, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, () => address('ok'));
  for (const email of emails) ok(await invite(t, world.admin, world.orgId, email));
  return emails;
}

/** Invitation e-mails queued or sent to addresses like `pattern`. */
async function mailJobs(pattern: string): Promise<number> {
  const result = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = 'mail.send' and data->>'to' like ${pattern}`,
  );
  return result.rows[0]?.n ?? 0;
}

/** What the organization's invitation budget has counted today. */
async function counted(orgId: number): Promise<number> {
  const result = await t.db.execute<{ n: number }>(
    sql`select coalesce(sum(count), 0)::int as n from mail_budget_counters
        where key = ${`invitation:org:${orgId}`}`,
  );
  return result.rows[0]?.n ?? 0;
}

describe('the daily invitation budget (decision 0137)', () => {
  it('past the trial budget answers 429 with Retry-After and writes nothing; another organization is unaffected', async () => {
    const world = await createOrgWorld(t);
    const other = await createOrgWorld(t);
    await addFreeLicenses(t, world.orgId, TRIAL_PER_DAY + 2);
    await addFreeLicenses(t, other.orgId, 1);
    await inviteMany(world, TRIAL_PER_DAY);

    const before = await snapshotDatabase(t.db);
    const refusedEmail = address('refused');
    const refused = await invite(t, world.admin, world.orgId, refusedEmail);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message:
        'This organization has sent its 5 invitation e-mails for today, the most a day allows. You can send more in about 6 hours.',
    });
    // 18:00 UTC: the budget is renewed at midnight UTC.
    expect(refused.headers['retry-after']).toBe(String(6 * 3600));
    // No invitation, membership, licence, notification, audit row or count; no mail.
    expect(await snapshotDatabase(t.db)).toEqual(before);
    expect(await mailJobs(refusedEmail)).toBe(0);

    const theirs = address('other-org');
    expect((await invite(t, other.admin, other.orgId, theirs)).statusCode).toBe(200);
    expect(await mailJobs(theirs)).toBe(1);

    // The next UTC day has a new budget.
    t.clock.at = new Date('2026-03-11T00:00:01Z');
    expect((await invite(t, world.admin, world.orgId, refusedEmail)).statusCode).toBe(200);
    t.clock.at = new Date('2026-03-10T18:00:00Z');
  });

  it('30 concurrent invitations three short of the budget: exactly three are sent', async () => {
    const world = await createOrgWorld(t);
    await addFreeLicenses(t, world.orgId, 40);
    await inviteMany(world, TRIAL_PER_DAY - 3);
    const batch = `race-${Date.now()}`;

    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        invite(t, world.admin, world.orgId, `${batch}-${i}@example.test`),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(27);
    expect(await mailJobs(`${batch}-%`)).toBe(3);
    expect(await counted(world.orgId)).toBe(TRIAL_PER_DAY);
    const invitations = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from invitations where org_id = ${world.orgId}`,
    );
    expect(invitations.rows[0]?.n).toBe(TRIAL_PER_DAY);
  });

  it('a paid plan has the larger budget', async () => {
    const world = await createOrgWorld(t);
    await t.db
      .update(organizations)
      .set({ planId: PLAN_IDS.standard })
      .where(eq(organizations.id, world.orgId));
    await addFreeLicenses(t, world.orgId, PAID_PER_DAY + 1);
    await inviteMany(world, PAID_PER_DAY);
    const refused = await invite(t, world.admin, world.orgId, address('paid'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toContain('its 8 invitation e-mails');
  });

  it('a resend sent 30 times at once is one mail and one count; resends share the budget', async () => {
    const world = await createOrgWorld(t);
    await addFreeLicenses(t, world.orgId, 2);
    const [email = ''] = await inviteMany(world, 1);
    const [userId] = (
      await t.db.execute<{ user_id: number }>(
        sql`select user_id from invitations where org_id = ${world.orgId}`,
      )
    ).rows.map((row) => row.user_id);
    const resend = () =>
      t.call(world.admin, {
        method: 'POST',
        url: '/api/account/resendInviteEmail',
        payload: { userId, orgId: world.orgId },
      });
    t.clock.at = new Date('2026-03-10T18:05:00Z');

    const statuses = (await Promise.all(Array.from({ length: 30 }, resend))).map(
      (response) => response.statusCode,
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(29);
    expect(await mailJobs(email)).toBe(2);
    expect(await counted(world.orgId)).toBe(2);

    // Three more resends, a minute apart, reach the budget of five; the next is refused by it.
    for (const at of ['18:07', '18:09', '18:11']) {
      t.clock.at = new Date(`2026-03-10T${at}:00Z`);
      expect((await resend()).statusCode).toBe(200);
    }
    t.clock.at = new Date('2026-03-10T18:13:00Z');
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toContain('invitation e-mails for today');
    expect(await mailJobs(email)).toBe(TRIAL_PER_DAY);
    t.clock.at = new Date('2026-03-10T18:00:00Z');
  });

  it(
    'counts the request, not the delivery: a send that fails and is retried counts once',
    { timeout: 60_000 },
    async () => {
      const world = await createOrgWorld(t);
      await addFreeLicenses(t, world.orgId, TRIAL_PER_DAY + 1);
      // A file where the outbox folder should be: every delivery fails until it is removed.
      const outbox = path.join(t.config.dataDir, 'mail');
      await rm(outbox, { recursive: true, force: true });
      await writeFile(outbox, 'not a folder');
      const [first = ''] = await inviteMany(world, 1);
      await waitForFailedAttempt(first);
      await rm(outbox);
      const mail = await waitForMail(outbox, first, { timeoutMs: 25_000 });
      expect(mail.to).toContain(first);

      expect(await counted(world.orgId)).toBe(1);
      await inviteMany(world, TRIAL_PER_DAY - 1);
      expect((await invite(t, world.admin, world.orgId, address('over'))).statusCode).toBe(429);
      expect(await counted(world.orgId)).toBe(TRIAL_PER_DAY);
    },
  );
});

/** Waits until the invitation mail to `email` has failed at least once and waits for its retry. */
async function waitForFailedAttempt(email: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const result = await t.db.execute<{ retries: number }>(
      sql`select coalesce(max(retry_count), 0)::int as retries from pgboss.job
          where name = 'mail.send' and data->>'to' = ${email}`,
    );
    if ((result.rows[0]?.retries ?? 0) >= 1) return;
    if (Date.now() > deadline) throw new Error(`No failed delivery to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
