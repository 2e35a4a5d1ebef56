import { PLAN_IDS } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemStatuses, organizations } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createOrgWorld, type OrgWorld } from '../support/projects-world';

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
});
