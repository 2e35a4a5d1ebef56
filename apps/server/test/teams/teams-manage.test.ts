import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { snapshotDatabase } from '../support/matrix-world';
import { createOrgWorld, createProject, ok, type OrgWorld } from '../support/projects-world';
import { addFreeLicenses, invite, waitForInvitationMail } from '../support/teams-world';

let t: AuthTestContext;
beforeAll(async () => {
  t = await startAuthTestApp();
});
afterAll(() => t.close());

type OrgUser = { userId: number; email: string; projects: { projectId: number }[] };
type Team = {
  world: OrgWorld;
  p1: number;
  p2: number;
  teammate: { authorization: string };
  teammateId: number;
  email: string;
};

let counter = 0;

/** An organization with projects P1 and P2 and an accepted teammate granted P1. */
async function createTeam(): Promise<Team> {
  const world = await createOrgWorld(t);
  const p1 = await createProject(t, world, `https://p1-${++counter}.example.test`, 'P1');
  const p2 = await createProject(t, world, `https://p2-${counter}.example.test`, 'P2');
  await addFreeLicenses(t, world.orgId, 1);
  const email = `mate-${counter}-${Date.now()}@example.test`;
  ok(await invite(t, world.admin, world.orgId, email, [p1]));
  const teammate = await t.signIn({ email });
  ok(await t.call(teammate, { method: 'GET', url: `/api/account/acceptOrgAccess/${world.orgId}` }));
  const users = await usersOf(world);
  const teammateId = users.find((user) => user.email === email)?.userId ?? 0;
  return { world, p1, p2, teammate, teammateId, email };
}

const usersOf = async (world: OrgWorld) =>
  ok<OrgUser[]>(
    await t.call(world.admin, { method: 'GET', url: `/api/account/getOrgUsers/${world.orgId}` }),
  );
const sitesStatus = async (team: Team, projectId: number) =>
  (
    await t.call(team.teammate, {
      method: 'GET',
      url: `/api/project/getAssociatedSites/${projectId}`,
    })
  ).statusCode;
const changeAccess = (
  team: Team,
  action: 'add' | 'remove',
  projectIds: number[],
  userId?: number,
) =>
  t.call(team.world.admin, {
    method: 'POST',
    url: `/api/account/${action}ProjectAccess/${team.world.orgId}/${userId ?? team.teammateId}`,
    payload: { projectIds },
  });

describe('per-project access (spec §7 add/removeProjectAccess)', () => {
  it('applies on the teammate’s next call', async () => {
    const team = await createTeam();
    expect(await sitesStatus(team, team.p1)).toBe(200);
    expect(await sitesStatus(team, team.p2)).toBe(404);
    expect(ok(await changeAccess(team, 'add', [team.p2]))).toBe('Projects added successfully');
    expect(await sitesStatus(team, team.p2)).toBe(200);
    expect(ok(await changeAccess(team, 'remove', [team.p1]))).toBe('Projects removed successfully');
    expect(await sitesStatus(team, team.p1)).toBe(404);
    const mate = (await usersOf(team.world)).find((user) => user.userId === team.teammateId);
    expect(mate?.projects.map((project) => project.projectId)).toEqual([team.p2]);
  });

  it('refuses another organization’s project or user with 404 and changes nothing', async () => {
    const team = await createTeam();
    const other = await createTeam();
    const before = await snapshotDatabase(t.db);
    for (const response of [
      await changeAccess(team, 'add', [team.p2, other.p2]),
      await changeAccess(team, 'remove', [other.p1]),
      await changeAccess(team, 'add', [team.p2], other.teammateId),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
    expect((await changeAccess(team, 'add', [])).statusCode).toBe(400);
  });
});

describe('removeOrgAccess', () => {
  it('refuses the teammate’s very next call and frees the license', async () => {
    const team = await createTeam();
    const { world } = team;
    const info = () =>
      t.call(world.admin, { method: 'GET', url: `/api/account/getLicenseInfo/${world.orgId}` });
    expect(ok(await info())).toMatchObject({ assignedLicenseCount: 2, availableLicenseCount: 0 });
    const response = await t.call(world.admin, {
      method: 'GET',
      url: `/api/account/removeOrgAccess/${team.teammateId}/${world.orgId}`,
    });
    expect(ok(response)).toBe('User has been deleted successfully.');
    expect(await sitesStatus(team, team.p1)).toBe(404);
    expect(
      (
        await t.call(team.teammate, {
          method: 'GET',
          url: `/api/project/getAllProjects/${world.orgId}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(ok(await info())).toMatchObject({ assignedLicenseCount: 1, availableLicenseCount: 1 });
    expect((await usersOf(world)).map((user) => user.email)).not.toContain(team.email);
    // Invited again, they start from nothing: no project is carried over from before.
    ok(await invite(t, world.admin, world.orgId, team.email));
    const mate = (await usersOf(world)).find((user) => user.email === team.email);
    expect(mate?.projects).toEqual([]);
  });

  it('never removes the Owner, and a user of another organization is 404', async () => {
    const team = await createTeam();
    const other = await createTeam();
    const [owner] = await usersOf(team.world);
    const before = await snapshotDatabase(t.db);
    const asOwner = await t.call(team.world.admin, {
      method: 'GET',
      url: `/api/account/removeOrgAccess/${owner?.userId}/${team.world.orgId}`,
    });
    expect(asOwner.statusCode).toBe(403);
    expect(asOwner.json()).toMatchObject({
      message: 'The Owner of an organization cannot be removed.',
    });
    const foreign = await t.call(team.world.admin, {
      method: 'GET',
      url: `/api/account/removeOrgAccess/${other.teammateId}/${team.world.orgId}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it('withdraws a pending invitation: the invitee can no longer accept it', async () => {
    const world = await createOrgWorld(t);
    await addFreeLicenses(t, world.orgId, 1);
    const email = `withdrawn-${Date.now()}@example.test`;
    ok(await invite(t, world.admin, world.orgId, email));
    const pending = (await usersOf(world)).find((user) => user.email === email);
    ok(
      await t.call(world.admin, {
        method: 'GET',
        url: `/api/account/removeOrgAccess/${pending?.userId}/${world.orgId}`,
      }),
    );
    const invitee = await t.signIn({ email });
    expect(
      ok(await t.call(invitee, { method: 'GET', url: '/api/account/getSiteNotifications' })),
    ).toEqual([]);
    expect(
      (await t.call(invitee, { method: 'GET', url: `/api/account/acceptOrgAccess/${world.orgId}` }))
        .statusCode,
    ).toBe(404);
  });
});

describe('resendInviteEmail', () => {
  it('sends a Pending invitation again at most once a minute, never to the Owner or an Active member', async () => {
    const team = await createTeam();
    const { world } = team;
    await addFreeLicenses(t, world.orgId, 1);
    const email = `late-${Date.now()}@example.test`;
    ok(await invite(t, world.admin, world.orgId, email));
    await waitForInvitationMail(t, email);
    const users = await usersOf(world);
    const pendingId = users.find((user) => user.email === email)?.userId;
    const resend = (userId: number | undefined) =>
      t.call(world.admin, {
        method: 'POST',
        url: '/api/account/resendInviteEmail',
        payload: { userId, orgId: world.orgId },
      });
    const tooSoon = await resend(pendingId);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json<{ message: string }>().message).toContain('wait a minute');
    t.clock.at = new Date(t.clock.at.getTime() + 61_000);
    expect(ok(await resend(pendingId))).toBe(`The invitation was sent to ${email} again.`);
    expect((await resend(pendingId)).statusCode).toBe(429);
    expect((await resend(users[0]?.userId)).statusCode).toBe(403);
    expect((await resend(team.teammateId)).statusCode).toBe(409);
  });
});
