import { PLAN_IDS } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemNotes, items, itemStatuses, organizations } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  createItem,
  createOrgWorld,
  createProject,
  type OrgWorld,
} from '../support/projects-world';

// issue 10 §4: a plan check runs in the transaction of the write it guards, so a downgrade that
// commits while the write is under way is seen — never "checked on the old plan, written after".

let t: AuthTestContext;
let world: OrgWorld;

beforeAll(async () => {
  t = await startAuthTestApp();
  world = await createOrgWorld(t);
});
afterAll(() => t.close());

describe('plan checks inside the writing transaction', () => {
  it('waits for a concurrent downgrade and then refuses the write, writing nothing', async () => {
    const statusName = 'Raced status';
    let save: Promise<{ statusCode: number; body: string }> | undefined;
    await t.db.transaction(async (tx) => {
      await tx
        .update(organizations)
        .set({ planId: PLAN_IDS.free })
        .where(eq(organizations.id, world.orgId));
      save = t.call(world.admin, {
        method: 'POST',
        url: '/api/OrgSettings/saveOrgStatus',
        payload: { orgStatusName: statusName, orgId: world.orgId },
      });
      // The save must be blocked on the org row, not answered from the plan before the downgrade.
      const early = await Promise.race([
        save.then(() => 'answered'),
        new Promise((resolve) => setTimeout(() => resolve('waiting'), 300)),
      ]);
      expect(early).toBe('waiting');
    });
    const answer = await save;
    expect(answer?.statusCode).toBe(409);
    expect(answer?.body).toContain('plan');
    const rows = await t.db
      .select()
      .from(itemStatuses)
      .where(and(eq(itemStatuses.orgId, world.orgId), eq(itemStatuses.description, statusName)));
    expect(rows).toHaveLength(0);
  });

  // Issue 34: the create's and the note's plan checks are folded into statements they send anyway
  // (a scalar subquery `for share`); they must still wait for the downgrade and see it.
  it.each([
    ['a note', 'note'],
    ['a create with a tag', 'create'],
  ] as const)('%s waits for a concurrent downgrade and is refused', async (_name, write) => {
    await t.db
      .update(organizations)
      .set({ planId: PLAN_IDS.pro })
      .where(eq(organizations.id, world.orgId));
    const projectId = await createProject(t, world, `https://${write}.race.example.test`);
    const itemId = await createItem(t, world.admin, world, {
      projectId,
      relativePath: '/raced',
      title: 'Before the downgrade',
    });
    let answer: Promise<{ statusCode: number; body: string }> | undefined;
    await t.db.transaction(async (tx) => {
      await tx
        .update(organizations)
        .set({ planId: PLAN_IDS.free })
        .where(eq(organizations.id, world.orgId));
      answer = t.call(world.admin, {
        method: 'POST',
        ...(write === 'note'
          ? { url: '/api/item/addItemNote', payload: { itemId, text: 'Raced note' } }
          : {
              url: '/api/item/createItem',
              payload: {
                projectId,
                relativePath: '/raced',
                title: 'Raced item',
                itemTypeId: world.itemTypeIds[0],
                itemStatusId: world.statusIds[0],
                tags: ['raced'],
              },
            }),
      });
      const early = await Promise.race([
        answer.then(() => 'answered'),
        new Promise((resolve) => setTimeout(() => resolve('waiting'), 300)),
      ]);
      expect(early).toBe('waiting');
    });
    const refused = await answer;
    expect(refused?.statusCode).toBe(409);
    expect(refused?.body).toContain('plan');
    const notes = await t.db.select().from(itemNotes).where(eq(itemNotes.itemId, itemId));
    const raced = await t.db
      .select()
      .from(items)
      .where(and(eq(items.projectId, projectId), eq(items.title, 'Raced item')));
    expect([notes.length, raced.length]).toEqual([0, 0]);
  });
});
