import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import {
  apiTokens,
  auditEvents,
  licenses,
  orgMembers,
  projectAccess,
  savedViews,
  users,
  watches,
} from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  createItem,
  createOrgWorld,
  createProject,
  type OrgWorld,
  userIdOf,
} from '../support/projects-world';
import { addFreeLicenses } from '../support/teams-world';

let t: AuthTestContext;
/** Two organizations with look-alike data: same names, same e-mail local parts. */
let orgA: OrgWorld;
let orgB: OrgWorld;
let projectA: number;
let projectB: number;
/** A second server copy on the same database, as behind a load balancer. */
let copy2: FastifyInstance;

beforeAll(async () => {
  t = await startAuthTestApp();
  orgA = await createOrgWorld(t, { firstName: 'Olga', email: 'olga@a.test' });
  orgB = await createOrgWorld(t, { firstName: 'Olga', email: 'olga@b.test' });
  projectA = await createProject(t, orgA, 'https://delete-a.example.test', 'Shop');
  projectB = await createProject(t, orgB, 'https://delete-b.example.test', 'Shop');
  copy2 = await buildApp({ config: t.config, db: t.db, logger: t.app.log });
  await copy2.ready();
});
afterAll(async () => {
  await copy2.close();
  await t.close();
});

type Person = {
  as: { authorization: string };
  userId: number;
  email: string;
  /** The secret of the member's personal access token. */
  pat: string;
};

/** A licensed member of `world` with an item, a personal token, a saved view and a watch. */
async function busyMember(world: OrgWorld, projectId: number, email: string): Promise<Person> {
  const as = await t.signIn({ firstName: 'Dana', lastName: 'Dev', email });
  const member = { as, userId: await userIdOf(t, as) };
  await t.db
    .insert(orgMembers)
    .values({ orgId: world.orgId, userId: member.userId, accessLevelId: 2, status: 'Active' });
  await t.db.insert(projectAccess).values({ projectId, userId: member.userId });
  await addFreeLicenses(t, world.orgId, 1);
  await t.db.execute(sql`update licenses set user_id = ${member.userId}
    where id = (select id from licenses where org_id = ${world.orgId} and user_id is null limit 1)`);
  const token = await t.call(member.as, {
    method: 'POST',
    url: '/api/tokens/createMyToken',
    payload: { name: 'CI', scopes: ['items:read'] },
  });
  expect(token.statusCode, token.body).toBe(200);
  await t.db.insert(savedViews).values({
    userId: member.userId,
    projectId,
    name: 'Mine',
    state: {},
  } as typeof savedViews.$inferInsert);
  return { ...member, email, pat: token.json<{ secret: string }>().secret };
}

/** Rows of every table that has an `org_id` column, for `orgId`, plus its people's user rows. */
async function orgFootprint(orgId: number): Promise<Record<string, unknown>> {
  const tables = await t.db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'org_id' order by table_name`);
  const footprint: Record<string, unknown> = {};
  for (const { table_name: name } of tables.rows) {
    const result = await t.db.execute(
      sql`select count(*)::int as n, coalesce(sum(hashtextextended(r::text, 0)), 0)::text as h
          from ${sql.identifier(name)} r where org_id = ${orgId}`,
    );
    footprint[name] = result.rows[0];
  }
  footprint.users = (
    await t.db.execute(sql`select u.* from users u join org_members m on m.user_id = u.id
      where m.org_id = ${orgId} order by u.id`)
  ).rows;
  return footprint;
}

const deleteAccount = (
  as: { authorization: string },
  confirmation: string,
  app: FastifyInstance = t.app,
) =>
  app.inject({
    method: 'POST',
    url: '/api/account/deleteAccount',
    headers: { authorization: as.authorization, 'user-agent': 'DeleteTest/1.0' },
    payload: { confirmation },
  });

describe('deleting my account (issue 33)', () => {
  it("refuses an external issuer's tokens of a deleted account on every copy instead of provisioning a new one, until the person signs in again", async () => {
    const subject = `erin-${Date.now()}`;
    // Issued before the deletion by the test clock, which the deletion's time comes from.
    const erin = await t.signIn({
      subject,
      firstName: 'Erin',
      email: 'erin@a.test',
      issuedAt: new Date(t.clock.at.getTime() - 60_000),
    });
    const whoami = (as: { authorization: string }, app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/account/whoami', headers: as });
    const before = await whoami(erin, copy2);
    expect(before.statusCode, before.body).toBe(200);
    const userId = await userIdOf(t, erin);

    expect((await deleteAccount(erin, 'erin@a.test')).statusCode).toBe(200);

    for (const app of [t.app, copy2]) {
      // Each copy forgets its cached user row when the change feed tells it (milliseconds).
      await expect
        .poll(async () => (await whoami(erin, app)).statusCode, { timeout: 2000 })
        .toBe(401);
      const refused = await whoami(erin, app);
      expect(refused.json<{ message: string }>().message).toBe(
        'This Waymark account has been deleted. Sign in again to start a new one.',
      );
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'erin@a.test'))).toEqual([]);

    // Signing in again at the issuer (a token issued after the deletion) starts a new account.
    const again = await t.signIn({
      subject,
      firstName: 'Erin',
      email: 'erin@a.test',
      issuedAt: new Date(t.clock.at.getTime() + 2_000),
    });
    const fresh = await whoami(again, copy2);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await userIdOf(t, again)).not.toBe(userId);
    const [tombstone] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(tombstone).toMatchObject({
      email: '',
      firstName: 'Former',
      subject: `deleted:${userId}`,
    });
  });

  it('refuses a wrong confirmation with a clear 400 and changes nothing', async () => {
    const dana = await busyMember(orgA, projectA, 'dana.wrong@a.test');
    const before = await orgFootprint(orgA.orgId);
    const response = await deleteAccount(dana.as, 'dana.wrong@b.test');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: "That is not your account's e-mail address. Type it exactly to delete your account.",
    });
    expect(await orgFootprint(orgA.orgId)).toEqual(before);
    const empty = await deleteAccount(dana.as, '');
    expect(empty.statusCode).toBe(400);
  });

  it('refuses the Owner of an organization with a clear 409 and changes nothing', async () => {
    const before = await orgFootprint(orgA.orgId);
    const owner = await t.db.select().from(users).where(eq(users.email, 'olga@a.test'));
    const response = await deleteAccount(orgA.admin, 'olga@a.test');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message:
        'You are the Owner of Org, which others use. Close it with "Close organization" on the portal\'s Account screen before deleting your account.',
    });
    expect(await orgFootprint(orgA.orgId)).toEqual(before);
    expect(await t.db.select().from(users).where(eq(users.email, 'olga@a.test'))).toEqual(owner);
  });

  it('takes effect once under 30 concurrent requests on two copies; items stay as "Former member"; the look-alike org is untouched', async () => {
    const dana = await busyMember(orgA, projectA, 'dana@a.test');
    await busyMember(orgB, projectB, 'dana@b.test');
    const itemId = await createItem(t, dana.as, orgA, {
      projectId: projectA,
      relativePath: '/cart',
      title: 'Written by Dana',
    });
    const note = await t.call(orgA.admin, {
      method: 'POST',
      url: '/api/item/addItemNote',
      payload: { itemId, text: `@[user:${dana.userId}] please look` },
    });
    expect(note.statusCode, note.body).toBe(200);
    expect(await t.db.select().from(watches).where(eq(watches.userId, dana.userId))).not.toEqual(
      [],
    );
    const patCall = (app: FastifyInstance) =>
      app.inject({
        method: 'GET',
        url: '/api/account/whoami',
        headers: { authorization: `Bearer ${dana.pat}` },
      });
    // Both copies have verified (and cached) her token before the deletion.
    expect([(await patCall(t.app)).statusCode, (await patCall(copy2)).statusCode]).toEqual([
      200, 200,
    ]);
    const footprintB = await orgFootprint(orgB.orgId);
    // Copy 2 knows Dana's membership before the deletion.
    const projectsOnCopy2 = () =>
      copy2.inject({
        method: 'GET',
        url: `/api/project/getAllProjects/${orgA.orgId}`,
        headers: { authorization: dana.as.authorization },
      });
    expect((await projectsOnCopy2()).statusCode).toBe(200);

    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        deleteAccount(dana.as, ' Dana@A.test ', i % 2 === 0 ? t.app : copy2),
      ),
    );
    // A request that waited for the row lock answers the tombstone's text; one that is
    // authenticated after a copy learned of the deletion finds her token refused (decision 0057).
    const answers = new Set(
      responses.map((response) =>
        response.statusCode === 200
          ? response.body
          : `${response.statusCode} ${response.json<{ message: string }>().message}`,
      ),
    );
    expect(answers.has('Your account has been deleted. We sent a confirmation e-mail.')).toBe(true);
    answers.delete('Your account has been deleted. We sent a confirmation e-mail.');
    answers.delete('401 This Waymark account has been deleted. Sign in again to start a new one.');
    expect([...answers]).toEqual([]);

    const [tombstone] = await t.db.select().from(users).where(eq(users.id, dana.userId));
    expect(tombstone).toMatchObject({
      email: '',
      firstName: 'Former',
      lastName: 'member',
      subject: `deleted:${dana.userId}`,
    });
    expect(tombstone?.deletedAt).toBeInstanceOf(Date);
    for (const [table, column] of [
      [orgMembers, orgMembers.userId],
      [projectAccess, projectAccess.userId],
      [licenses, licenses.userId],
      [apiTokens, apiTokens.userId],
      [watches, watches.userId],
      [savedViews, savedViews.userId],
    ] as const)
      expect(await t.db.select().from(table).where(eq(column, dana.userId))).toEqual([]);
    const personal = await t.db.execute<{ n: number }>(sql`select
      (select count(*) from notifications where user_id = ${dana.userId})
      + (select count(*) from inbox_entries where user_id = ${dana.userId})
      + (select count(*) from users where email ilike 'dana@a.test') as n`);
    expect(Number(personal.rows[0]?.n)).toBe(0);

    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.orgId, orgA.orgId), eq(auditEvents.action, 'account.deleted')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorUserId: dana.userId,
      targetId: String(dana.userId),
      userAgent: 'DeleteTest/1.0',
      before: { status: 'Active', accessLevel: 'Member' },
    });
    const mails = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job
      where name = 'mail.send-identity' and data->>'to' = 'dana@a.test'
        and data->>'subject' = 'Your Waymark account has been deleted'`);
    expect(mails.rows[0]?.n).toBe(1);

    // The item and the note stay, attributed to and mentioning "Former member".
    const item = await t.call(orgA.admin, { method: 'GET', url: `/api/item/getItem/${itemId}` });
    expect(item.statusCode).toBe(200);
    const detail = item.json<{
      title: string;
      createdBy: { fullName: string };
      notes: { mentions: { fullName: string }[] }[];
    }>();
    expect(detail.title).toBe('Written by Dana');
    expect(detail.createdBy.fullName).toBe('Former member');
    expect(detail.notes[0]?.mentions).toEqual([{ userId: dana.userId, fullName: 'Former member' }]);

    // Her access is gone on both copies once the change feed reached them, her token with it.
    // (Without the fresh-read header a copy's caches may lag by one read of the log, 20 ms.)
    await Promise.all([t.app.changes.sync(), copy2.changes.sync()]);
    expect((await projectsOnCopy2()).statusCode).not.toBe(200);
    expect([(await patCall(t.app)).statusCode, (await patCall(copy2)).statusCode]).toEqual([
      401, 401,
    ]);

    // The look-alike organization's Dana and every row of it are untouched.
    expect(await orgFootprint(orgB.orgId)).toEqual(footprintB);
  });
});
