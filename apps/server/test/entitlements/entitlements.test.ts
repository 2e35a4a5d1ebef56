import { PLAN_IDS } from '@waymark/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createOrgWorld, ok } from '../support/projects-world';

let t: AuthTestContext;

beforeAll(async () => {
  t = await startAuthTestApp();
});
afterAll(() => t.close());

describe('GET /api/account/getOrgPlanInfo/:orgId (the plan the admin screens show limits of)', () => {
  it("answers the organization's current plan, and follows a plan change", async () => {
    const world = await createOrgWorld(t);
    const url = `/api/account/getOrgPlanInfo/${world.orgId}`;
    const before = ok<{ currentPlanId: number; currentPlanName: string }>(
      await t.call(world.admin, { method: 'GET', url }),
    );
    expect(before.currentPlanName).toMatch(/^(Free|Basic|Standard|Pro|Standard Trial)$/);
    await t.db
      .update(organizations)
      .set({ planId: PLAN_IDS.basic })
      .where(eq(organizations.id, world.orgId));
    expect(ok(await t.call(world.admin, { method: 'GET', url }))).toMatchObject({
      currentPlanId: PLAN_IDS.basic,
      currentPlanName: 'Basic',
    });
  });

  it('counts an organization without a plan as Free', async () => {
    const world = await createOrgWorld(t);
    await t.db.update(organizations).set({ planId: null }).where(eq(organizations.id, world.orgId));
    expect(
      ok(
        await t.call(world.admin, {
          method: 'GET',
          url: `/api/account/getOrgPlanInfo/${world.orgId}`,
        }),
      ),
    ).toMatchObject({ currentPlanId: PLAN_IDS.free, currentPlanName: 'Free' });
  });
});
