import { PLAN_IDS } from '@waymark/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { snapshotDatabase } from '../support/matrix-world';
import { createOrgWorld, createProject, ok, type OrgWorld } from '../support/projects-world';
import {
  addFreeLicenses,
  expectStrangerLearnsNothing,
  invite,
  waitForInvitationMail,
} from '../support/teams-world';

let t: AuthTestContext;
beforeAll(async () => {
  t = await startAuthTestApp();
});
afterAll(() => t.close());

type OrgUser = {
  userId: number;
  email: string;
  fullName: string;
  orgAccessLevelDescription: string;
  orgAccessStatusDescription: string;
  projects: { projectId: number; projectName?: string }[];
};

const orgUsers = async (world: OrgWorld) =>
  ok<OrgUser[]>(
    await t.call(world.admin, { method: 'GET', url: `/api/account/getOrgUsers/${world.orgId}` }),
  );
const licenseInfo = async (world: OrgWorld) =>
  ok<{ assignedLicenseCount: number; availableLicenseCount: number; totalLicenseCount: number }>(
    await t.call(world.admin, { method: 'GET', url: `/api/account/getLicenseInfo/${world.orgId}` }),
  );
const projectNames = async (as: { authorization: string }, orgId: number) =>
  ok<{ projectName: string }[]>(
    await t.call(as, { method: 'GET', url: `/api/project/getAllProjects/${orgId}` }),
  ).map((project) => project.projectName);

describe('inviting a teammate (issue 12)', () => {
  it('takes a license, mails a sign-up link, and the invited address alone can accept', async () => {
    const world = await createOrgWorld(t, { firstName: 'Ada', lastName: 'Admin' });
    const p1 = await createProject(t, world, 'https://p1.example.test', 'P1');
    await createProject(t, world, 'https://p2.example.test', 'P2');
    await addFreeLicenses(t, world.orgId, 2);
    const email = `tess-${Date.now()}@example.test`;

    const response = await invite(t, world.admin, world.orgId, email.toUpperCase(), [p1]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toBe(`Invitation sent to ${email}.`);
    expect(await licenseInfo(world)).toMatchObject({
      assignedLicenseCount: 2,
      availableLicenseCount: 1,
      totalLicenseCount: 3,
    });
    const [owner, pending] = await orgUsers(world);
    expect(owner).toMatchObject({ orgAccessLevelDescription: 'Owner', projects: [] });
    expect(pending).toMatchObject({
      email,
      fullName: 'Tess Teammate',
      orgAccessLevelDescription: 'Member',
      orgAccessStatusDescription: 'Pending',
      projects: [{ projectId: p1, projectName: 'P1' }],
    });

    const mail = await waitForInvitationMail(t, email);
    expect(mail.subject).toBe('Ada Admin invited you to Org on Waymark');
    expect(mail.text).toContain(`with this e-mail address (${email})`);
    const link = new URL(mail.links[0] ?? '');
    expect(link.pathname).toBe('/client/auth/sign-up');
    expect(link.searchParams.get('email')).toBe(email);

    // Someone signing up with another address gets nothing of the organization.
    await expectStrangerLearnsNothing(t, world.orgId, `other-${email}`);

    // The invitee signs up with the invited address (any case) and accepts.
    const invitee = await t.signIn({
      email: email.replace('tess', 'TESS'),
      firstName: 'Tess',
      lastName: 'T',
    });
    const notifications = ok<{ notificationTemplateId: number; notificationDescription: string }[]>(
      await t.call(invitee, { method: 'GET', url: '/api/account/getSiteNotifications' }),
    );
    expect(notifications).toHaveLength(1);
    expect(notifications[0]?.notificationTemplateId).toBe(4);
    expect(notifications[0]?.notificationDescription).toContain('Ada Admin');
    expect(
      (await t.call(invitee, { method: 'GET', url: `/api/project/getAllProjects/${world.orgId}` }))
        .statusCode,
    ).toBe(404);
    expect(
      ok(
        await t.call(invitee, {
          method: 'GET',
          url: `/api/account/acceptOrgAccess/${world.orgId}`,
        }),
      ),
    ).toBe('Access accepted successfully.');
    expect(await projectNames(invitee, world.orgId)).toEqual(['P1']);
    const users = await orgUsers(world);
    expect(users[1]).toMatchObject({
      userId: pending?.userId,
      orgAccessStatusDescription: 'Active',
    });
  });

  it('refuses a member, a pending address, a foreign project and a full organization with 409/404, changing nothing', async () => {
    const world = await createOrgWorld(t);
    const other = await createOrgWorld(t);
    const foreignProject = await createProject(t, other, 'https://foreign.example.test', 'Theirs');
    await addFreeLicenses(t, world.orgId, 1);
    const email = `pat-${Date.now()}@example.test`;
    expect((await invite(t, world.admin, world.orgId, email)).statusCode).toBe(200);

    const cases: [string, number, string][] = [
      [email.toUpperCase(), 409, 'has already been invited. Use Resend'],
      [`owner-${Date.now()}@example.test`, 409, 'Manage Licenses'],
    ];
    for (const [address, status, words] of cases) {
      const before = await snapshotDatabase(t.db);
      const response = await invite(t, world.admin, world.orgId, address);
      expect(response.statusCode, address).toBe(status);
      expect(response.json<{ message: string }>().message).toContain(words);
      expect(await snapshotDatabase(t.db)).toEqual(before);
    }
    await addFreeLicenses(t, world.orgId, 1);
    const before = await snapshotDatabase(t.db);
    const foreign = await invite(t, world.admin, world.orgId, `x-${email}`, [foreignProject]);
    expect(foreign.statusCode).toBe(404);
    const [owner] = await orgUsers(world);
    const self = await invite(t, world.admin, world.orgId, owner?.email ?? '');
    expect(self.statusCode).toBe(409);
    expect(self.json<{ message: string }>().message).toContain('is already a member');
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it('is refused on the Free plan with the plan wording (spec §9)', async () => {
    const world = await createOrgWorld(t);
    await addFreeLicenses(t, world.orgId, 1);
    await t.db
      .update(organizations)
      .set({ planId: PLAN_IDS.free })
      .where(eq(organizations.id, world.orgId));
    const response = await invite(t, world.admin, world.orgId, `free-${Date.now()}@example.test`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'PLAN_LIMIT',
      message:
        'User management is not included in the Free plan. Upgrade to Basic or higher to manage users.',
    });
  });

  it('20 concurrent invitations with one free license: exactly one succeeds, nothing half-written', async () => {
    const world = await createOrgWorld(t);
    const project = await createProject(t, world, 'https://race.example.test', 'Race');
    await addFreeLicenses(t, world.orgId, 1);
    const stamp = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        invite(t, world.admin, world.orgId, `racer-${i}-${stamp}@example.test`, [project]),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    expect(await licenseInfo(world)).toMatchObject({
      assignedLicenseCount: 2,
      availableLicenseCount: 0,
    });
    expect(await orgUsers(world)).toHaveLength(2);
    const counts = await t.db.execute<{ access: string; notes: string; invites: string }>(sql`
      select (select count(*) from project_access where project_id = ${project}) as access,
             (select count(*) from notifications where org_id = ${world.orgId} and template_id = 4) as notes,
             (select count(*) from invitations where org_id = ${world.orgId}) as invites`);
    expect(counts.rows[0]).toEqual({ access: '1', notes: '1', invites: '1' });
    // The invitation e-mail is an outbox job of the invitation's transaction: one, not twenty.
    const mails = await t.db.execute<{ n: string }>(
      sql`select count(*) as n from pgboss.job where name = 'mail.send' and data->>'to' like ${`racer-%-${stamp}@example.test`}`,
    );
    expect(mails.rows[0]?.n).toBe('1');
  });
});

describe('what an invitation shows before it is accepted (issue 24)', () => {
  it('shows a registered and an unregistered address alike: only what the inviter typed', async () => {
    const world = await createOrgWorld(t);
    const p1 = await createProject(t, world, 'https://typed.example.test', 'P1');
    await addFreeLicenses(t, world.orgId, 2);
    const stamp = Date.now();
    const registered = `rhea-${stamp}@example.test`;
    // A real account with its own name and an organization of its own.
    await createOrgWorld(t, { email: registered, firstName: 'Rhea', lastName: 'Registered' });
    const unregistered = `nobody-${stamp}@example.test`;

    for (const email of [registered.toUpperCase(), unregistered])
      expect((await invite(t, world.admin, world.orgId, email, [p1])).statusCode).toBe(200);

    const rows = (await orgUsers(world)).slice(1);
    expect(rows.map((row) => row.email)).toEqual([registered, unregistered]);
    const [shownRegistered, shownUnregistered] = rows.map(
      ({ userId: _userId, email: _email, ...shown }) => shown,
    );
    expect(shownRegistered).toMatchObject({ fullName: 'Tess Teammate' });
    expect(shownRegistered).toEqual(shownUnregistered);
  });
});
