import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { auditEvents, items, licenses, orgMembers, projectAccess } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  addMember,
  createItem,
  createOrgWorld,
  createProject,
  type OrgWorld,
} from '../support/projects-world';
import { addFreeLicenses } from '../support/teams-world';

let t: AuthTestContext;
let world: OrgWorld;
let projectId: number;
/** A second server copy on the same database, as behind a load balancer. */
let copy2: FastifyInstance;

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t, { firstName: 'Olga', lastName: 'Owner' });
  projectId = await createProject(t, world, 'https://leave.example.test', 'Shop');
  copy2 = await buildApp({ config: t.config, db: t.db, logger: t.app.log });
  await copy2.ready();
});
afterAll(async () => {
  await copy2.close();
  await t.close();
});

const leave = (as: { authorization: string }, orgId: number) =>
  t.call(as, { method: 'POST', url: `/api/account/leaveOrg/${orgId}` });

/** A member holding one of the organization's licences, as an accepted invitation leaves them. */
async function licensedMember(firstName: string) {
  const member = await addMember(t, world, [projectId], { firstName });
  await addFreeLicenses(t, world.orgId, 1);
  const [free] = await t.db
    .select({ id: licenses.id })
    .from(licenses)
    .where(and(eq(licenses.orgId, world.orgId), isNull(licenses.userId)))
    .limit(1);
  await t.db
    .update(licenses)
    .set({ userId: member.userId })
    .where(eq(licenses.id, free?.id ?? 0));
  return member;
}

describe('leaving an organization (issue 33)', () => {
  it('frees the licence, ends project access on every copy within a second, keeps the items', async () => {
    const member = await licensedMember('Lea');
    expect(
      await t.db.select().from(licenses).where(eq(licenses.userId, member.userId)),
    ).toHaveLength(1);
    const itemId = await createItem(t, member.as, world, {
      projectId,
      relativePath: '/cart',
      title: 'Written before leaving',
    });
    const projectsOnCopy2 = () =>
      copy2.inject({
        method: 'GET',
        url: `/api/project/getAllProjects/${world.orgId}`,
        headers: { authorization: member.as.authorization, 'user-agent': 'LeaveTest/1.0' },
      });
    // Copy 2 knows the membership (its cache holds it) before the member leaves through copy 1.
    expect((await projectsOnCopy2()).statusCode).toBe(200);
    await copy2.changes.sync();

    const response = await t.call(member.as, {
      method: 'POST',
      url: `/api/account/leaveOrg/${world.orgId}`,
      headers: { 'user-agent': 'LeaveTest/1.0' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toBe('You have left Org. Your items stay with the organization.');

    const start = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - start < 1_000)
      status = (await projectsOnCopy2()).statusCode;
    expect(status).toBe(404);
    expect(Date.now() - start).toBeLessThan(1_000);

    const ofMember = eq(orgMembers.userId, member.userId);
    expect(await t.db.select().from(orgMembers).where(ofMember)).toEqual([]);
    expect(
      await t.db.select().from(projectAccess).where(eq(projectAccess.userId, member.userId)),
    ).toEqual([]);
    expect(await t.db.select().from(licenses).where(eq(licenses.userId, member.userId))).toEqual(
      [],
    );
    const [item] = await t.db.select().from(items).where(eq(items.id, itemId));
    expect(item?.title).toBe('Written before leaving');

    const rows = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.orgId, world.orgId), eq(auditEvents.action, 'member.left')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: member.userId,
      targetId: String(member.userId),
      userAgent: 'LeaveTest/1.0',
      before: { status: 'Active', accessLevel: 'Member' },
    });
  });

  it('refuses the Owner with a clear 409 and changes nothing', async () => {
    const response = await leave(world.admin, world.orgId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'You are the Owner of Org, so you cannot leave it.',
    });
    const owner = await t.db
      .select()
      .from(orgMembers)
      .where(eq(orgMembers.userId, world.adminUserId));
    expect(owner).toHaveLength(1);
  });

  it('refuses the only other admin while members use it, lets them go once another admin remains', async () => {
    const other = await createOrgWorld(t, { firstName: 'Second' });
    const admin2 = await addMember(t, other, [], { firstName: 'Adam' });
    const setLevel = (userId: number, accessLevelId: number) =>
      t.db.update(orgMembers).set({ accessLevelId }).where(eq(orgMembers.userId, userId));
    await setLevel(admin2.userId, 1);
    // With the Owner's row at member level, Adam is the only admin while the Owner uses it.
    await setLevel(other.adminUserId, 2);
    const refused = await leave(admin2.as, other.orgId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message:
        'You are the only admin of Org and others still use it, so you cannot leave it. Remove its other users first.',
    });
    expect(
      await t.db.select().from(orgMembers).where(eq(orgMembers.userId, admin2.userId)),
    ).toHaveLength(1);
    // Another admin remains (the Owner): Adam may go.
    await setLevel(other.adminUserId, 1);
    expect((await leave(admin2.as, other.orgId)).statusCode).toBe(200);
  });

  it('is refused for an organization the caller is not in (404), and changes nothing', async () => {
    const stranger = await createOrgWorld(t, { firstName: 'Stranger' });
    const response = await leave(stranger.admin, world.orgId);
    expect(response.statusCode).toBe(404);
  });

  it('answers one success and one refusal for the same member leaving twice at once', async () => {
    const member = await licensedMember('Twice');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => leave(member.as, world.orgId)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => status === 200 || status === 404)).toBe(true);
    const rows = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'member.left'), eq(auditEvents.actorUserId, member.userId)),
      );
    expect(rows).toHaveLength(1);
  });
});
