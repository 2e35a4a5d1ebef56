import { inboxTestRoutes, mentionToken } from '@waymark/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  addMember,
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type OrgWorld,
} from '../support/projects-world';

// Decision 0137: an organization's immediate notification mails per UTC day are budgeted (two
// here); past the budget they are folded into the recipient's digest, never lost.
const PER_DAY = 2;
let t: AuthTestContext;

beforeAll(async () => {
  t = await startAuthTestApp({
    env: { BILLING_TEST_CLOCK: 'true', MAIL_NOTIFICATIONS_PER_DAY: String(PER_DAY) },
  });
});
afterAll(() => t.close());

// Tomorrow at noon UTC: past every batch window and every default digest hour (8, UTC).
const noonTomorrow = () =>
  new Date(`${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}T12:00:00Z`);

const runMail = async (at: Date) =>
  ok<{ immediateMails: number; digests: number }>(
    await t.call(undefined, {
      method: 'POST',
      url: inboxTestRoutes.runInboxMail.path,
      payload: { now: at.toISOString() },
    }),
  );

/** An organization whose admin mentions `count` members in one note; returns their ids. */
async function mentionMembers(count: number): Promise<{ world: OrgWorld; userIds: number[] }> {
  const world = await createOrgWorld(t);
  const projectId = await createProject(t, world, `https://budget-${world.orgId}.test`);
  const members = [];
  for (let i = 0; i < count; i += 1) members.push(await addMember(t, world, [projectId]));
  const itemId = await createItem(t, world.admin, world, {
    projectId,
    relativePath: '/',
    title: 'Budget',
  });
  const text = `Look ${members.map((member) => mentionToken(member.userId)).join(' ')}`;
  ok(
    await t.call(world.admin, {
      method: 'POST',
      url: '/api/item/addItemNote',
      payload: { itemId, text },
    }),
  );
  return { world, userIds: members.map((member) => member.userId) };
}

/** The mentions of `userIds`: how each will be mailed and whether it was. */
async function mentionsOf(userIds: number[]) {
  const result = await t.db.execute<{ user_id: number; mail: string; mailed: boolean }>(sql`
    select user_id, mail, mailed_at is not null as mailed from inbox_entries
    where event = 'mention' and user_id in (${sql.join(userIds, sql`, `)}) order by user_id`);
  return result.rows;
}

describe('the daily notification-mail budget (decision 0137)', () => {
  it('mails the budget, folds the rest into the digest, and leaves another organization alone', async () => {
    const spender = await mentionMembers(PER_DAY + 1);
    const other = await mentionMembers(1);

    const run = await runMail(noonTomorrow());
    // Two immediate mails for the first organization and one for the other; the third member's
    // mention went to their digest instead, sent in the same run (its hour has come).
    expect(run).toEqual({ immediateMails: PER_DAY + 1, digests: 1 });
    const mentions = await mentionsOf(spender.userIds);
    expect(mentions.filter((row) => row.mail === 'immediate')).toHaveLength(PER_DAY);
    expect(mentions.filter((row) => row.mail === 'digest')).toHaveLength(1);
    expect(mentions.every((row) => row.mailed)).toBe(true);
    expect(await mentionsOf(other.userIds)).toEqual([
      { user_id: other.userIds[0], mail: 'immediate', mailed: true },
    ]);
  });
});
