import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, relativePaths, urlRulesVersions } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import {
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type OrgWorld,
} from '../support/projects-world';

// Decision 0104's kept URL rules are per app (per database client), not per process: two apps on
// two databases (test files sharing a worker) number their projects alike, and new rules share
// version numbers, so rules kept for one database's project must never place another's items.

const SITE = 'https://shop.per-app.test';

type Side = { t: AuthTestContext; world: OrgWorld; projectId: number };
let one: Side;
let two: Side;

async function startSide(): Promise<Side> {
  const t = await startAuthTestApp();
  const world = await createOrgWorld(t);
  return { t, world, projectId: await createProject(t, world, SITE) };
}

beforeAll(async () => {
  one = await startSide();
  two = await startSide();
});
afterAll(async () => {
  await one.t.close();
  await two.t.close();
});

const post = async (side: Side, url: string, payload: object) =>
  ok(
    await side.t.call(side.world.admin, {
      method: 'POST',
      url,
      payload: { projectId: side.projectId, ...payload },
    }),
  );

describe('URL rules kept by two apps on two databases', () => {
  it("never place one database's items on the other's rules", async () => {
    // The same project id on both (fresh databases number alike), or the case is not made.
    expect(two.projectId).toBe(one.projectId);
    // A template on one, kept parameters on the other, at the same version number.
    await post(one, '/api/project/createUrlTemplate', { pattern: '/orders/:id', name: 'Order' });
    await post(two, '/api/project/setUrlRules', { hashRoutes: false, keptParams: ['view'] });
    const [versionOne] = await one.t.db
      .select()
      .from(urlRulesVersions)
      .where(eq(urlRulesVersions.projectId, one.projectId));
    await two.t.db
      .update(urlRulesVersions)
      .set({ version: versionOne?.version ?? 0 })
      .where(eq(urlRulesVersions.projectId, two.projectId));
    // The first app keeps its project's rules (with the template) by placing an item on them.
    await createItem(one.t, one.world.admin, one.world, {
      projectId: one.projectId,
      relativePath: '/orders/1',
      title: 'On the template',
    });

    const itemId = await createItem(two.t, two.world.admin, two.world, {
      projectId: two.projectId,
      relativePath: '/orders/2',
      title: 'On its own page',
    });
    const [placed] = await two.t.db
      .select({ path: relativePaths.path, recordedPath: items.recordedPath })
      .from(items)
      .innerJoin(relativePaths, eq(relativePaths.id, items.relativePathId))
      .where(eq(items.id, itemId));
    expect(placed).toEqual({ path: '/orders/2', recordedPath: null });
  });
});
