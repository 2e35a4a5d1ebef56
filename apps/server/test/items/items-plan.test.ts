import { PLAN_IDS, type PlanId } from '@waymark/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, releases } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { pageLookup } from '../support/page-lookup';
import {
  createItem,
  createOrgWorld,
  createProject,
  ok,
  type OrgWorld,
} from '../support/projects-world';

// spec §9 Features by plan: Free lacks tags, releases, related items, external sites and notes;
// Basic and up (and the Standard Trial) include them. Reading is never gated.

type Detail = {
  itemId: number;
  title: string;
  tags: string[];
  releaseId: number | null;
  externalUrls: string[];
  notes: { text: string }[];
  relatedItems: { itemId: number }[];
  history: { field: string }[];
};

type Shop = OrgWorld & { projectId: number; releaseId: number };

let t: AuthTestContext;

beforeAll(async () => {
  t = await startAuthTestApp();
});
afterAll(() => t.close());

const LINK = 'https://jira.example.test/PAY-1';
const MESSAGES = {
  tags: 'Tags are not included in the Free plan. Upgrade to Basic or higher to tag items.',
  release:
    'Releases are not included in the Free plan. Upgrade to Basic or higher to use releases.',
  links:
    'External links are not included in the Free plan. Upgrade to Basic or higher to add external links.',
  notes: 'Notes are not included in the Free plan. Upgrade to Basic or higher to add notes.',
  related:
    'Related items are not included in the Free plan. Upgrade to Basic or higher to relate items.',
};

async function setPlan(world: OrgWorld, planId: PlanId): Promise<void> {
  await t.db.update(organizations).set({ planId }).where(eq(organizations.id, world.orgId));
}

/** An organization with one project and release, then moved to `planId`. */
async function createShop(planId: PlanId): Promise<Shop> {
  const world = await createOrgWorld(t);
  const projectId = await createProject(t, world, `https://shop-${world.orgId}.example.test`);
  const [release] = await t.db
    .insert(releases)
    .values({ projectId, title: 'R1' })
    .returning({ id: releases.id });
  await setPlan(world, planId);
  return { ...world, projectId, releaseId: release?.id ?? 0 };
}

const post = (shop: Shop, url: string, payload: object) =>
  t.call(shop.admin, { method: 'POST', url, payload });
const readItem = async (shop: Shop, itemId: number) =>
  ok<Detail>(await t.call(shop.admin, { method: 'GET', url: `/api/item/getItem/${itemId}` }));
const newItem = (shop: Shop, title: string, fields: Record<string, unknown> = {}) =>
  createItem(t, shop.admin, shop, {
    projectId: shop.projectId,
    relativePath: '/',
    title,
    ...fields,
  });
const pageItems = async (shop: Shop) =>
  ok<{ items: { title: string }[]; planFeatures: string[] }>(
    await t.call(
      shop.admin,
      pageLookup({
        pageUrl: `https://shop-${shop.orgId}.example.test/`,
      }),
    ),
  );

/** Each gated item field set to a value, with the refusal Free answers it with. */
const addingGatedFields = (shop: Shop): [Record<string, unknown>, string][] => [
  [{ tags: ['ui'] }, MESSAGES.tags],
  [{ releaseId: shop.releaseId }, MESSAGES.release],
  [{ externalUrls: [LINK] }, MESSAGES.links],
];

function expectPlanLimit(response: { statusCode: number; json: () => unknown }, message: string) {
  expect(response.statusCode).toBe(409);
  expect(response.json()).toEqual({ statusCode: 409, code: 'PLAN_LIMIT', message });
}

describe('item features on the Free plan', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await createShop(PLAN_IDS.free);
  });

  it('creates plain items, and empty tags, links and release are no use of a feature', async () => {
    const itemId = await newItem(shop, 'Plain', { tags: [''], externalUrls: [], releaseId: null });
    expect(await readItem(shop, itemId)).toMatchObject({ tags: [], externalUrls: [] });
  });

  it('refuses to create an item with tags, a release or external links, creating nothing', async () => {
    const base = { projectId: shop.projectId, relativePath: '/', itemTypeId: shop.itemTypeIds[0] };
    for (const [fields, message] of addingGatedFields(shop)) {
      const response = await post(shop, '/api/item/createItem', {
        ...base,
        itemStatusId: shop.statusIds[0],
        title: 'Refused',
        ...fields,
      });
      expectPlanLimit(response, message);
    }
    const titles = (await pageItems(shop)).items.map((item) => item.title);
    expect(titles).not.toContain('Refused');
  });

  it('refuses to add tags, a release or links to an item, changing nothing', async () => {
    const itemId = await newItem(shop, 'Unchanged');
    for (const [fields, message] of addingGatedFields(shop)) {
      const response = await post(shop, '/api/item/updateItem', {
        itemId,
        title: 'Renamed with it',
        ...fields,
      });
      expectPlanLimit(response, message);
    }
    expect(await readItem(shop, itemId)).toMatchObject({
      title: 'Unchanged',
      tags: [],
      releaseId: null,
      externalUrls: [],
      history: [{ field: 'created' }],
    });
  });

  it('refuses notes and related items, adding neither', async () => {
    const itemId = await newItem(shop, 'Lonely');
    const otherId = await newItem(shop, 'Other');
    expectPlanLimit(
      await post(shop, '/api/item/addItemNote', { itemId, text: 'Hello' }),
      MESSAGES.notes,
    );
    expectPlanLimit(
      await post(shop, '/api/item/linkRelatedItem', { itemId, relatedItemId: otherId }),
      MESSAGES.related,
    );
    expect(await readItem(shop, itemId)).toMatchObject({
      notes: [],
      relatedItems: [],
      history: [{ field: 'created' }],
    });
  });

  it('tells the extension which features the plan has', async () => {
    expect((await pageItems(shop)).planFeatures).toEqual([
      'itemCreation',
      'historyTracking',
      'urlMapping',
    ]);
  });
});

/**
 * Uses every gated item feature on `shop` — create with tags, a release and a link, add a tag,
 * a note and a related item — and checks each took; answers the two items' ids.
 */
async function recordEveryFeature(shop: Shop): Promise<{ itemId: number; otherId: number }> {
  const otherId = await newItem(shop, 'Other');
  const itemId = await newItem(shop, 'Full', {
    tags: ['ui'],
    releaseId: shop.releaseId,
    externalUrls: [LINK],
  });
  ok(await post(shop, '/api/item/updateItem', { itemId, tags: ['ui', 'payments'] }));
  ok(await post(shop, '/api/item/addItemNote', { itemId, text: 'Noted' }));
  ok(await post(shop, '/api/item/linkRelatedItem', { itemId, relatedItemId: otherId }));
  expect(await readItem(shop, itemId)).toMatchObject({
    tags: ['ui', 'payments'],
    releaseId: shop.releaseId,
    externalUrls: [LINK],
    notes: [{ text: 'Noted' }],
    relatedItems: [{ itemId: otherId }],
  });
  return { itemId, otherId };
}

describe.each([
  ['Basic', PLAN_IDS.basic],
  ['Standard Trial', PLAN_IDS.standardTrial],
] as const)('item features on %s', (_name, planId) => {
  it('records tags, a release, links, notes and related items', async () => {
    const shop = await createShop(planId);
    await recordEveryFeature(shop);
    expect((await pageItems(shop)).planFeatures).toEqual(
      expect.arrayContaining(['itemTagging', 'releaseManagement', 'externalSites', 'notes']),
    );
  });
});

describe('an organization that moved down to Free', () => {
  it('still reads, keeps and removes what it recorded before, but adds nothing new', async () => {
    const shop = await createShop(PLAN_IDS.standardTrial);
    const { itemId, otherId } = await recordEveryFeature(shop);
    await setPlan(shop, PLAN_IDS.free);

    expect(await readItem(shop, itemId)).toMatchObject({
      tags: ['ui', 'payments'],
      notes: [{ text: 'Noted' }],
      relatedItems: [{ itemId: otherId }],
    });
    // The extension's edit form sends the stored values back with the change.
    const renamed = ok<Detail>(
      await post(shop, '/api/item/updateItem', {
        itemId,
        title: 'Renamed',
        tags: ['ui', 'payments'],
        releaseId: shop.releaseId,
        externalUrls: [LINK],
      }),
    );
    expect(renamed).toMatchObject({ title: 'Renamed', tags: ['ui', 'payments'] });
    expectPlanLimit(
      await post(shop, '/api/item/updateItem', { itemId, tags: ['ui', 'new'] }),
      MESSAGES.tags,
    );
    const tidied = ok<Detail>(
      await post(shop, '/api/item/updateItem', {
        itemId,
        tags: ['ui'],
        releaseId: null,
        externalUrls: [],
      }),
    );
    expect(tidied).toMatchObject({ tags: ['ui'], releaseId: null, externalUrls: [] });
    ok(await post(shop, '/api/item/unlinkRelatedItem', { itemId, relatedItemId: otherId }));
    expect((await readItem(shop, itemId)).relatedItems).toEqual([]);
  });
});
