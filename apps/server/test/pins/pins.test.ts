import {
  formatFeatureLimit,
  getPlan,
  PIN_HISTORY_FIELD,
  PLAN_IDS,
  type TItemHistoryEntry,
  type TItemPin,
  type TPageItems,
} from '@waymark/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../src/db/schema';
import type { MatrixIds } from '../support/access-matrix';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { pageLookup } from '../support/page-lookup';
import { createMatrixWorld, snapshotDatabase } from '../support/matrix-world';
import { PROBE_PIN } from '../support/pins-matrix-rows';
import { ok, type As } from '../support/projects-world';
import { recordChanges } from '../support/record-changes';

// Issue 15 proof on the real database: pins shared across a project's domains, history of pin,
// re-pin and unpin, the plan gate in the writing transaction, bad input, look-alike tenants.

let t: AuthTestContext;
let adminA: As;
let adminB: As;
let a: MatrixIds;
let b: MatrixIds;

beforeAll(async () => {
  t = await startAuthTestApp();
  adminA = await t.signIn();
  adminB = await t.signIn();
  // Look-alike organizations: same names, projects, paths and item titles; only the tag differs.
  a = await createMatrixWorld(t, adminA, 'Look-alike', 'pins-a');
  b = await createMatrixWorld(t, adminB, 'Look-alike', 'pins-b');
});
afterAll(() => t.close());

const pin = (as: As, body: object) =>
  t.call(as, { method: 'POST', url: '/api/item/pinItem', payload: body });
const unpin = (as: As, itemId: number) =>
  t.call(as, { method: 'POST', url: `/api/item/unpinItem/${itemId}` });
const pagePins = (as: As, pathId: number) =>
  t.call(as, { method: 'GET', url: `/api/item/getPagePins/${pathId}` });
const pinHistory = async (as: As, itemId: number) =>
  ok<TItemHistoryEntry[]>(
    await t.call(as, { method: 'GET', url: `/api/item/getItemHistory/${itemId}` }),
  ).filter((entry) => entry.field === PIN_HISTORY_FIELD);

describe('location pins', () => {
  it('pins an item and shows the pin on every associated domain of the project', async () => {
    const saved = ok<TItemPin>(await pin(adminA, { itemId: a.itemId, ...PROBE_PIN }));
    expect(saved).toMatchObject({ itemId: a.itemId, ...PROBE_PIN });
    // The project's second site (`<site>/spare`) is another associated domain of the same project.
    for (const pageUrl of [`${a.siteUrl}/page`, `${a.siteUrl}/spare/page`]) {
      const page = ok<TPageItems>(await t.call(adminA, pageLookup({ pageUrl })));
      expect(page.relativePathId).toBe(a.pathId);
      const pins = ok<TItemPin[]>(await pagePins(adminA, page.relativePathId ?? 0));
      expect(pins.map((row) => row.itemId)).toEqual([a.itemId]);
      expect(pins[0]?.selectors).toEqual(PROBE_PIN.selectors);
    }
  });

  it('records pin, re-pin and unpin in the history with where the pin was', async () => {
    const itemId = a.spareItemId;
    ok(await pin(adminA, { itemId, ...PROBE_PIN }));
    const moved = { ...PROBE_PIN, label: { text: 'Send', path: 'footer > button' } };
    ok(await pin(adminA, { itemId, ...moved }));
    expect(ok<string>(await unpin(adminA, itemId))).toBe('Pin removed successfully');
    const history = await pinHistory(adminA, itemId);
    expect(history.map(({ before, after }) => ({ before, after }))).toEqual([
      { before: '"Send" at footer > button', after: null },
      { before: '"Save" at main > form > button', after: '"Send" at footer > button' },
      { before: null, after: '"Save" at main > form > button' },
    ]);
    const pins = ok<TItemPin[]>(await pagePins(adminA, a.pathId));
    expect(pins.map((row) => row.itemId)).not.toContain(itemId);
    const again = await unpin(adminA, itemId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: 'This item has no pin.' });
  });

  it('announces a pin change on the change feed, keyed by the page path', async () => {
    const pinned = await recordChanges(t, async () =>
      ok(await pin(adminA, { itemId: a.otherItemId, ...PROBE_PIN })),
    );
    const unpinned = await recordChanges(t, async () => ok(await unpin(adminA, a.otherItemId)));
    for (const seen of [pinned, unpinned]) {
      const keys = seen.filter((change) => change.table === 'item_pins').map(({ key }) => key);
      expect(keys).toEqual([a.pathId]);
    }
  });

  it.each([
    ['no CSS selector', { selectors: PROBE_PIN.selectors.slice(1) }],
    ['a selector type twice', { selectors: [...PROBE_PIN.selectors, PROBE_PIN.selectors[0]] }],
    ['an empty CSS selector', { selectors: [{ type: 'CssSelector', value: '' }] }],
    ['an unknown selector', { selectors: [{ type: 'XPathSelector', value: '/html' }] }],
    [
      'a position ending before it starts',
      { selectors: [PROBE_PIN.selectors[0], { type: 'TextPositionSelector', start: 9, end: 2 }] },
    ],
    [
      'an endless quote',
      {
        selectors: [
          PROBE_PIN.selectors[0],
          { type: 'TextQuoteSelector', exact: 'x'.repeat(2001), prefix: '', suffix: '' },
        ],
      },
    ],
    ['no label', { label: undefined }],
    ['a string item id', { itemId: String(a?.itemId ?? 1) }],
  ])('refuses %s with a 400 and changes nothing', async (_case, override) => {
    const before = await snapshotDatabase(t.db);
    const response = await pin(adminA, { itemId: a.itemId, ...PROBE_PIN, ...override });
    expect(response.statusCode, response.body).toBe(400);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("keeps look-alike organizations apart: another org's pins are neither read nor written", async () => {
    ok(await pin(adminB, { itemId: b.itemId, ...PROBE_PIN, label: { text: 'B', path: 'b' } }));
    const before = await snapshotDatabase(t.db);
    expect((await pagePins(adminB, a.pathId)).statusCode).toBe(404);
    expect((await pin(adminB, { itemId: a.itemId, ...PROBE_PIN })).statusCode).toBe(404);
    expect((await unpin(adminB, a.itemId)).statusCode).toBe(404);
    expect(await snapshotDatabase(t.db)).toEqual(before);
    const own = ok<TItemPin[]>(await pagePins(adminB, b.pathId));
    expect(own.map((row) => [row.itemId, row.label.text])).toEqual([[b.itemId, 'B']]);
    const theirs = ok<TItemPin[]>(await pagePins(adminA, a.pathId));
    expect(theirs.map((row) => row.itemId)).toEqual([a.itemId]);
  });

  it('refuses pinning on a plan without location pins, yet shows and removes old pins', async () => {
    await t.db
      .update(organizations)
      .set({ planId: PLAN_IDS.basic })
      .where(eq(organizations.id, a.orgId));
    try {
      const before = await snapshotDatabase(t.db);
      const refused = await pin(adminA, { itemId: a.otherItemId, ...PROBE_PIN });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'PLAN_LIMIT',
        message: formatFeatureLimit(getPlan(PLAN_IDS.basic), 'locationPins'),
      });
      expect(await snapshotDatabase(t.db)).toEqual(before);
      expect(ok<TItemPin[]>(await pagePins(adminA, a.pathId)).map((row) => row.itemId)).toEqual([
        a.itemId,
      ]);
      ok(await unpin(adminA, a.itemId));
    } finally {
      await t.db
        .update(organizations)
        .set({ planId: PLAN_IDS.standardTrial })
        .where(eq(organizations.id, a.orgId));
    }
  });
});
