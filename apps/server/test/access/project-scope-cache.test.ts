import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, orgMembers, projectAccess } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  addProjectMember,
  createOrgWorld,
  createProject,
  userIdOf,
  type OrgWorld,
} from '../support/projects-world';

// Decision 0064: a caller's standing in a project (the projectMember / projectAdmin check) is
// kept between writes and forgotten when a membership, grant, project or user changes — here
// changed straight in the database, as another server copy or an operator would, so only the
// change feed can tell this copy.

let t: AuthTestContext;
let world: OrgWorld;
let projectId: number;

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
  projectId = await createProject(t, world, 'https://www.shop.example.test');
});

afterAll(async () => {
  await t.close();
});

const create = (as: { authorization: string }, title: string) =>
  t.call(as, {
    method: 'POST',
    url: '/api/item/createItem',
    payload: {
      projectId,
      relativePath: '/cart',
      title,
      itemTypeId: world.itemTypeIds[0],
      itemStatusId: world.statusIds[0],
    },
  });

const countTitled = async (title: string) =>
  (await t.db.select({ id: items.id }).from(items).where(eq(items.title, title))).length;

describe('the kept project standing', () => {
  it('refuses a member’s next write once their project access is removed, and allows it again once granted', async () => {
    const member = await addProjectMember(t, world.orgId, projectId);
    const userId = await userIdOf(t, member);
    // Twice: the second write is answered from the kept standing.
    expect((await create(member, 'First write')).statusCode).toBe(200);
    expect((await create(member, 'Second write')).statusCode).toBe(200);

    await t.db
      .delete(projectAccess)
      .where(and(eq(projectAccess.projectId, projectId), eq(projectAccess.userId, userId)));
    const refused = await create(member, 'After removal');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: 'Project not found.' });
    expect(await countTitled('After removal')).toBe(0);

    // The refusal was kept too; a grant forgets it.
    await t.db.insert(projectAccess).values({ projectId, userId });
    expect((await create(member, 'After the grant')).statusCode).toBe(200);
    expect(await countTitled('After the grant')).toBe(1);
  });

  it('refuses the next write of a member whose membership went back to Pending', async () => {
    const member = await addProjectMember(t, world.orgId, projectId);
    const userId = await userIdOf(t, member);
    expect((await create(member, 'Before pending')).statusCode).toBe(200);
    await t.db
      .update(orgMembers)
      .set({ status: 'Pending' })
      .where(and(eq(orgMembers.orgId, world.orgId), eq(orgMembers.userId, userId)));
    expect((await create(member, 'While pending')).statusCode).toBe(404);
    expect(await countTitled('While pending')).toBe(0);
  });

  it('keeps standings per caller: another member without access is refused', async () => {
    const member = await addProjectMember(t, world.orgId, projectId);
    expect((await create(member, 'Member with access')).statusCode).toBe(200);
    const outsider = await t.signIn();
    const outsiderId = await userIdOf(t, outsider);
    await t.db
      .insert(orgMembers)
      .values({ orgId: world.orgId, userId: outsiderId, accessLevelId: 2, status: 'Active' });
    expect((await create(outsider, 'Member without access')).statusCode).toBe(404);
    expect(await countTitled('Member without access')).toBe(0);
  });
});
