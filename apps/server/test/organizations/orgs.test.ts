import { NOTIFICATION_TEMPLATES, PLAN_IDS } from '@waymark/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  licenses,
  notifications,
  orgMembers,
  orgOwners,
  organizations,
  users,
} from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';

let t: AuthTestContext;
beforeAll(async () => {
  t = await startAuthTestApp({ now: new Date('2026-03-10T12:00:00Z') });
});
afterAll(() => t.close());

type As = { authorization: string };

async function userIdOf(as: As): Promise<number> {
  const response = await t.call(as, { method: 'GET', url: '/api/account/getOrgs' });
  expect(response.statusCode).toBe(200);
  const subject = JSON.parse(
    Buffer.from(as.authorization.split('.')[1] ?? '', 'base64url').toString(),
  ) as { sub: string };
  const [row] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.subject, subject.sub));
  if (!row) throw new Error('user not provisioned');
  return row.id;
}

async function createOrgFor(as: As, orgName?: string): Promise<number> {
  const response = await t.call(as, {
    method: 'POST',
    url: '/api/account/createOrgExistingUser',
    ...(orgName !== undefined && { payload: { orgName } }),
  });
  expect(response.statusCode).toBe(200);
  const orgs = (await t.call(as, { method: 'GET', url: '/api/account/getOrgs' })).json<
    { orgId: number }[]
  >();
  return orgs[0]?.orgId ?? 0;
}

/** A user with an Active (or Pending, with its template-4 notification) level-2 membership. */
async function addMember(orgId: number, status: 'Active' | 'Pending'): Promise<As> {
  const as = await t.signIn();
  const userId = await userIdOf(as);
  await t.db.insert(orgMembers).values({ orgId, userId, accessLevelId: 2, status });
  if (status === 'Pending') {
    await t.db.insert(notifications).values({
      userId,
      orgId,
      templateId: NOTIFICATION_TEMPLATES.orgInvitation,
      descriptionHtml: '<p>Join us</p>',
    });
  }
  return as;
}

describe('GET /api/account/getOrgs', () => {
  it('answers an empty list to a new user and provisions the user from the token', async () => {
    const as = await t.signIn({
      email: 'New.Person@Example.test',
      firstName: 'New',
      lastName: 'Person',
    });
    const response = await t.call(as, { method: 'GET', url: '/api/account/getOrgs' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'new.person@example.test'));
    expect(row).toMatchObject({ firstName: 'New', lastName: 'Person' });
  });

  it('lists the owned organization first as Owner, then others as User', async () => {
    const owner = await t.signIn();
    const otherOrgId = await createOrgFor(owner, 'First');
    const member = await addMember(otherOrgId, 'Active');
    const ownOrgId = await createOrgFor(member, 'Mine');
    const response = await t.call(member, { method: 'GET', url: '/api/account/getOrgs' });
    expect(response.json()).toEqual([
      { orgId: ownOrgId, orgName: 'Mine', orgAccessLevelDescription: 'Owner', orgAccessLevelId: 1 },
      {
        orgId: otherOrgId,
        orgName: 'First',
        orgAccessLevelDescription: 'Member',
        orgAccessLevelId: 2,
      },
    ]);
  });

  it('leaves out invitations not yet accepted', async () => {
    const owner = await t.signIn();
    const orgId = await createOrgFor(owner);
    const invited = await addMember(orgId, 'Pending');
    expect((await t.call(invited, { method: 'GET', url: '/api/account/getOrgs' })).json()).toEqual(
      [],
    );
  });
});

describe('POST /api/account/createOrgExistingUser', () => {
  it('creates an unnamed organization from an empty body on a 30-day Standard Trial, one license for its Owner', async () => {
    const as = await t.signIn();
    const userId = await userIdOf(as);
    const response = await t.call(as, {
      method: 'POST',
      url: '/api/account/createOrgExistingUser',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('Organization created successfully.');

    const [owner] = await t.db.select().from(orgOwners).where(eq(orgOwners.userId, userId));
    const orgId = owner?.orgId ?? 0;
    const [org] = await t.db.select().from(organizations).where(eq(organizations.id, orgId));
    expect(org).toMatchObject({ name: '', planId: PLAN_IDS.standardTrial });
    expect(org?.trialEndsAt?.toISOString()).toBe('2026-04-09T12:00:00.000Z');
    expect(
      await t.db
        .select({
          userId: orgMembers.userId,
          accessLevelId: orgMembers.accessLevelId,
          status: orgMembers.status,
        })
        .from(orgMembers)
        .where(eq(orgMembers.orgId, orgId)),
    ).toEqual([{ userId, accessLevelId: 1, status: 'Active' }]);
    expect(
      await t.db
        .select({ userId: licenses.userId })
        .from(licenses)
        .where(eq(licenses.orgId, orgId)),
    ).toEqual([{ userId }]);
    expect((await t.call(as, { method: 'GET', url: '/api/account/getOrgs' })).json()).toEqual([
      { orgId, orgName: '', orgAccessLevelDescription: 'Owner', orgAccessLevelId: 1 },
    ]);
  });

  it('takes the name from a JSON body, trimmed, and accepts an empty JSON object', async () => {
    const named = await t.signIn();
    const orgId = await createOrgFor(named, '  Acme Ltd  ');
    expect(
      (
        await t.call(named, { method: 'GET', url: `/api/account/getOrgStatus?orgId=${orgId}` })
      ).json(),
    ).toEqual({ orgName: 'Acme Ltd' });
    const emptyObject = await t.call(await t.signIn(), {
      method: 'POST',
      url: '/api/account/createOrgExistingUser',
      payload: {},
    });
    expect(emptyObject.statusCode).toBe(200);
    const emptyJson = await t.call(await t.signIn(), {
      method: 'POST',
      url: '/api/account/createOrgExistingUser',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(emptyJson.statusCode).toBe(200);
  });

  it('ends the trial 30 days after the injected clock', async () => {
    const before = t.clock.at;
    t.clock.at = new Date('2027-01-31T23:30:00Z');
    const as = await t.signIn();
    const orgId = await createOrgFor(as);
    t.clock.at = before;
    const [org] = await t.db
      .select({ trialEndsAt: organizations.trialEndsAt })
      .from(organizations)
      .where(eq(organizations.id, orgId));
    expect(org?.trialEndsAt?.toISOString()).toBe('2027-03-02T23:30:00.000Z');
  });

  it('refuses a second organization with the spec §8 message, changing nothing', async () => {
    const as = await t.signIn();
    await createOrgFor(as, 'Only one');
    const before = await t.db.$count(organizations);
    const response = await t.call(as, {
      method: 'POST',
      url: '/api/account/createOrgExistingUser',
      payload: { orgName: 'Two' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'You already have an organization. Please contact support.',
    });
    expect(await t.db.$count(organizations)).toBe(before);
  });

  it('keeps one organization per creator under concurrent requests', async () => {
    const as = await t.signIn();
    await userIdOf(as);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        t.call(as, { method: 'POST', url: '/api/account/createOrgExistingUser' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('answers 400 to an over-long name and to a body that is not an object', async () => {
    const as = await t.signIn();
    for (const payload of [{ orgName: 'x'.repeat(101) }, { orgName: 5 }, [1]]) {
      const response = await t.call(as, {
        method: 'POST',
        url: '/api/account/createOrgExistingUser',
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
  });
});

describe('POST /api/account/saveOrgName', () => {
  it('lets an admin rename, trimmed; 1 to 100 characters', async () => {
    const admin = await t.signIn();
    const orgId = await createOrgFor(admin);
    const response = await t.call(admin, {
      method: 'POST',
      url: '/api/account/saveOrgName',
      payload: { orgId, orgName: '  Waymark Inc  ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('Organization name saved successfully.');
    expect(
      (
        await t.call(admin, { method: 'GET', url: `/api/account/getOrgStatus?orgId=${orgId}` })
      ).json(),
    ).toEqual({ orgName: 'Waymark Inc' });
    for (const orgName of ['   ', '', 'x'.repeat(101)]) {
      const bad = await t.call(admin, {
        method: 'POST',
        url: '/api/account/saveOrgName',
        payload: { orgId, orgName },
      });
      expect(bad.statusCode).toBe(400);
    }
    const max = await t.call(admin, {
      method: 'POST',
      url: '/api/account/saveOrgName',
      payload: { orgId, orgName: 'x'.repeat(100) },
    });
    expect(max.statusCode).toBe(200);
  });

  it('answers 403 to a member, 404 to an outsider, 400 to a bad id', async () => {
    const admin = await t.signIn();
    const orgId = await createOrgFor(admin, 'Kept');
    const member = await addMember(orgId, 'Active');
    const outsider = await t.signIn();
    const asMember = await t.call(member, {
      method: 'POST',
      url: '/api/account/saveOrgName',
      payload: { orgId, orgName: 'Taken' },
    });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toMatchObject({ code: 'FORBIDDEN' });
    const asOutsider = await t.call(outsider, {
      method: 'POST',
      url: '/api/account/saveOrgName',
      payload: { orgId, orgName: 'Taken' },
    });
    expect(asOutsider.statusCode).toBe(404);
    const badId = await t.call(admin, {
      method: 'POST',
      url: '/api/account/saveOrgName',
      payload: { orgId: 'abc', orgName: 'x' },
    });
    expect(badId.statusCode).toBe(400);
    expect(
      (
        await t.call(admin, { method: 'GET', url: `/api/account/getOrgStatus?orgId=${orgId}` })
      ).json(),
    ).toEqual({ orgName: 'Kept' });
  });
});

describe('GET /api/account/getOrgStatus', () => {
  it('answers members, hides the organization from others, and validates orgId', async () => {
    const admin = await t.signIn();
    const orgId = await createOrgFor(admin, 'Status Co');
    const member = await addMember(orgId, 'Active');
    const pending = await addMember(orgId, 'Pending');
    expect(
      (
        await t.call(member, { method: 'GET', url: `/api/account/getOrgStatus?orgId=${orgId}` })
      ).json(),
    ).toEqual({ orgName: 'Status Co' });
    expect(
      (await t.call(pending, { method: 'GET', url: `/api/account/getOrgStatus?orgId=${orgId}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call(member, { method: 'GET', url: '/api/account/getOrgStatus?orgId=2147483647' }))
        .statusCode,
    ).toBe(404);
    for (const query of ['', '?orgId=', '?orgId=abc', '?orgId=-1', '?orgId=1e999']) {
      expect(
        (await t.call(member, { method: 'GET', url: `/api/account/getOrgStatus${query}` }))
          .statusCode,
      ).toBe(400);
    }
  });
});

describe('notifications', () => {
  it('queues a welcome (template 5) on creation; dismissing empties the queue', async () => {
    const as = await t.signIn();
    const orgId = await createOrgFor(as);
    const list = await t.call(as, { method: 'GET', url: '/api/account/getSiteNotifications' });
    const [welcome, ...rest] = list.json<
      {
        notificationInfoId: number;
        notificationTemplateId: number;
        notificationOrgId: number;
        notificationDescription: string;
      }[]
    >();
    expect(rest).toEqual([]);
    expect(welcome).toMatchObject({ notificationTemplateId: 5, notificationOrgId: orgId });
    expect(welcome?.notificationDescription).toContain('April 9, 2026');
    const dismissed = await t.call(as, {
      method: 'POST',
      url: `/api/account/dismissNotification/${welcome?.notificationInfoId}`,
    });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.body).toBe('Notification dismissed.');
    expect(
      (await t.call(as, { method: 'GET', url: '/api/account/getSiteNotifications' })).json(),
    ).toEqual([]);
  });

  it('sanitises stored HTML on the way out', async () => {
    const as = await t.signIn();
    const orgId = await createOrgFor(as);
    const userId = await userIdOf(as);
    await t.db.insert(notifications).values({
      userId,
      orgId,
      templateId: 1,
      descriptionHtml: '<p onclick="x()">Hi<script>alert(1)</script></p>',
    });
    const list = (
      await t.call(as, { method: 'GET', url: '/api/account/getSiteNotifications' })
    ).json<{ notificationDescription: string }[]>();
    expect(list.at(-1)?.notificationDescription).toBe('<p>Hi</p>');
  });

  it("lets only the recipient dismiss: another user's id is 404 and stays queued; bad ids are 400", async () => {
    const owner = await t.signIn();
    await createOrgFor(owner);
    const [welcome] = (
      await t.call(owner, { method: 'GET', url: '/api/account/getSiteNotifications' })
    ).json<{ notificationInfoId: number }[]>();
    const other = await t.signIn();
    const response = await t.call(other, {
      method: 'POST',
      url: `/api/account/dismissNotification/${welcome?.notificationInfoId}`,
    });
    expect(response.statusCode).toBe(404);
    expect(
      (await t.call(owner, { method: 'GET', url: '/api/account/getSiteNotifications' })).json(),
    ).toHaveLength(1);
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      expect(
        (await t.call(owner, { method: 'POST', url: `/api/account/dismissNotification/${id}` }))
          .statusCode,
      ).toBe(400);
    }
    expect(
      (await t.call(owner, { method: 'POST', url: '/api/account/dismissNotification/2147483647' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('GET /api/account/acceptOrgAccess/:orgId', () => {
  it('turns a Pending membership Active and dismisses the invitation', async () => {
    const admin = await t.signIn();
    const orgId = await createOrgFor(admin, 'Inviting Co');
    const invited = await addMember(orgId, 'Pending');
    const [invitation] = (
      await t.call(invited, { method: 'GET', url: '/api/account/getSiteNotifications' })
    ).json<{ notificationTemplateId: number }[]>();
    expect(invitation?.notificationTemplateId).toBe(4);
    const response = await t.call(invited, {
      method: 'GET',
      url: `/api/account/acceptOrgAccess/${orgId}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('Access accepted successfully.');
    expect(
      (await t.call(invited, { method: 'GET', url: '/api/account/getSiteNotifications' })).json(),
    ).toEqual([]);
    expect((await t.call(invited, { method: 'GET', url: '/api/account/getOrgs' })).json()).toEqual([
      { orgId, orgName: 'Inviting Co', orgAccessLevelDescription: 'Member', orgAccessLevelId: 2 },
    ]);
    expect(
      (await t.call(invited, { method: 'GET', url: `/api/account/acceptOrgAccess/${orgId}` }))
        .statusCode,
    ).toBe(404);
  });

  it('answers 404 without an invitation and 400 to a bad id', async () => {
    const admin = await t.signIn();
    const orgId = await createOrgFor(admin);
    const stranger = await t.signIn();
    const response = await t.call(stranger, {
      method: 'GET',
      url: `/api/account/acceptOrgAccess/${orgId}`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      (await t.call(stranger, { method: 'GET', url: '/api/account/acceptOrgAccess/x' })).statusCode,
    ).toBe(400);
  });
});
