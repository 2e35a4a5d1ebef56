import { PLAN_IDS } from '@waymark/core';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  billingCharges,
  billingRequestKeys,
  sandboxPayments,
} from '../../src/db/schema';
import { REQUEST_KEY_REUSED } from '../../src/modules/billing/billing-messages';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { addCard, setPlan, TEST_CARDS } from '../support/billing-world';
import { snapshotDatabase } from '../support/matrix-world';
import { createOrgWorld, ok, type OrgWorld } from '../support/projects-world';

// Decision 0131: one licence purchase per idempotency key, however often it is sent — the answer
// lost and the call made again, a reload and a second Confirm, or many at once.
let t: AuthTestContext;
beforeAll(async () => {
  t = await startAuthTestApp();
});
afterAll(() => t.close());

const KEY = '5d0e8c1a-7b43-4f2e-9a61-0c3b2d4e6f78';

const purchase = (w: OrgWorld, purchaseCount: number, idempotencyKey?: string, planId?: number) =>
  t.call(w.admin, {
    method: 'POST',
    url: '/api/account/purchaseLicense',
    payload: { orgId: w.orgId, purchaseCount, planId: planId ?? PLAN_IDS.pro, idempotencyKey },
  });
const totalLicenses = async (w: OrgWorld) =>
  ok<{ totalLicenseCount: number }>(
    await t.call(w.admin, { method: 'GET', url: `/api/account/getOrgPlanInfo/${w.orgId}` }),
  ).totalLicenseCount;
/** The organization's purchases (the background job may add a monthly charge meanwhile). */
const purchases = async (w: OrgWorld) =>
  t.db
    .select()
    .from(billingCharges)
    .where(and(eq(billingCharges.orgId, w.orgId), like(billingCharges.purpose, 'purchase-%')));
const paymentsOf = (w: OrgWorld) =>
  t.db
    .select()
    .from(sandboxPayments)
    .where(like(sandboxPayments.idempotencyKey, `org-${w.orgId}:%:purchase-%`));
const answerOf = (response: { statusCode: number; body: string }) =>
  `${response.statusCode} ${response.body}`;

/** A Pro organization (one licence) whose card is `card`. */
async function proWorld(card: string = TEST_CARDS.visa): Promise<OrgWorld> {
  const w = await createOrgWorld(t);
  await setPlan(t, w.orgId, PLAN_IDS.pro);
  await addCard(t, w.admin, w.orgId, card);
  return w;
}

describe('purchaseLicense with an idempotency key', () => {
  it('buys once for 30 identical calls at once: one charge, one payment, licences added once, one answer', async () => {
    const w = await proWorld();
    const answers = await Promise.all(Array.from({ length: 30 }, () => purchase(w, 3, KEY)));
    expect(new Set(answers.map(answerOf))).toEqual(
      new Set(['200 Licenses successfully purchased. Quantity: 3.']),
    );
    const rows = await purchases(w);
    expect(rows.map((row) => [row.status, row.licenseDelta, row.attempts])).toEqual([
      ['succeeded', 3, 1],
    ]);
    expect(await paymentsOf(w)).toHaveLength(1);
    expect(await totalLicenses(w)).toBe(4);
    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.orgId, w.orgId), eq(auditEvents.action, 'license.purchased')));
    expect(audited).toHaveLength(1);
    // Without a key every call is a purchase, as before.
    ok(await purchase(w, 1));
    ok(await purchase(w, 1));
    expect(await purchases(w)).toHaveLength(3);
  });

  it('answers a repeat after a decline with the decline, trying the card no second time', async () => {
    const w = await proWorld(TEST_CARDS.chargeDeclined);
    const first = await purchase(w, 2, KEY);
    expect(first.json()).toEqual({
      statusCode: 402,
      code: 'PAYMENT_FAILED',
      message: 'Your card was declined.',
    });
    const again = await purchase(w, 2, KEY);
    expect(answerOf(again)).toBe(answerOf(first));
    expect((await purchases(w)).map((row) => [row.status, row.attempts])).toEqual([['failed', 1]]);
    expect(await paymentsOf(w)).toHaveLength(1);
    expect(await totalLicenses(w)).toBe(1);
  });

  it('answers a repeat while 3-D Secure waits as the first call, and the purchase once confirmed', async () => {
    const w = await proWorld(TEST_CARDS.authentication);
    const first = await purchase(w, 2, KEY);
    expect(first.json()).toMatchObject({ statusCode: 402, code: 'PAYMENT_ACTION_REQUIRED' });
    expect(answerOf(await purchase(w, 2, KEY))).toBe(answerOf(first));
    const pending = ok<{ paymentIntentId: string }>(
      await t.call(w.admin, {
        method: 'GET',
        url: `/api/stripe/getPendingPaymentAction/${w.orgId}`,
      }),
    );
    ok(
      await t.call(w.admin, {
        method: 'POST',
        url: '/api/stripe/confirmPaymentAction',
        payload: { orgId: w.orgId, paymentIntentId: pending.paymentIntentId, approve: true },
      }),
    );
    expect(ok(await purchase(w, 2, KEY))).toBe('Licenses successfully purchased. Quantity: 2.');
    expect(await purchases(w)).toHaveLength(1);
    expect(await totalLicenses(w)).toBe(3);
  });

  it('answers "being processed" while the first call’s outcome is not known, and waits for one in flight', async () => {
    const w = await proWorld();
    ok(await purchase(w, 1, KEY));
    const [row] = await purchases(w);
    // As a gateway that did not answer leaves it (decision 0128): pending, older than a call.
    const minuteAgo = new Date(t.clock.now().getTime() - 60_000);
    await t.db
      .update(billingCharges)
      .set({ status: 'pending', createdAt: minuteAgo })
      .where(eq(billingCharges.id, row?.id ?? 0));
    expect((await purchase(w, 1, KEY)).json()).toMatchObject({
      statusCode: 402,
      code: 'PAYMENT_PROCESSING',
    });
    // A charge opened just now is with its first call: the repeat waits for that call's answer.
    await t.db
      .update(billingCharges)
      .set({ createdAt: t.clock.now() })
      .where(eq(billingCharges.id, row?.id ?? 0));
    const repeat = purchase(w, 1, KEY);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await t.db
      .update(billingCharges)
      .set({ status: 'succeeded' })
      .where(eq(billingCharges.id, row?.id ?? 0));
    expect(ok(await repeat)).toBe('Licenses successfully purchased. Quantity: 1.');
    expect(await purchases(w)).toHaveLength(1);
  });

  it('refuses the key with another count or plan (409), buying nothing', async () => {
    const w = await proWorld();
    ok(await purchase(w, 2, KEY));
    const before = await snapshotDatabase(t.db);
    for (const other of [purchase(w, 3, KEY), purchase(w, 2, KEY, PLAN_IDS.basic)]) {
      expect((await other).json()).toEqual({
        statusCode: 409,
        code: 'CONFLICT',
        message: REQUEST_KEY_REUSED,
      });
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
    expect(await totalLicenses(w)).toBe(3);
  });

  it('adds trial licences once per key, free, with the same answer', async () => {
    const w = await createOrgWorld(t);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => purchase(w, 2, KEY, PLAN_IDS.standardTrial)),
    );
    expect(new Set(answers.map(answerOf))).toEqual(
      new Set(['200 Licenses successfully purchased. Quantity: 2.']),
    );
    expect(await totalLicenses(w)).toBe(3);
    expect(await purchases(w)).toEqual([]);
  });

  it('keeps two organizations’ equal keys apart', async () => {
    const [a, b] = [await proWorld(), await createOrgWorld(t)];
    ok(await purchase(a, 2, KEY));
    ok(await purchase(b, 4, KEY, PLAN_IDS.standardTrial));
    ok(await purchase(a, 2, KEY));
    ok(await purchase(b, 4, KEY, PLAN_IDS.standardTrial));
    expect([await totalLicenses(a), await totalLicenses(b)]).toEqual([3, 5]);
    expect(await paymentsOf(a)).toHaveLength(1);
  });

  it('refuses an ill-formed key with 400 and changes nothing', async () => {
    const w = await proWorld();
    const before = await snapshotDatabase(t.db);
    for (const key of ['too-short', `${KEY}\n`, `${KEY} x`, `${KEY}\u0000`, 'k'.repeat(256), 42]) {
      const answer = await purchase(w, 1, key as string);
      expect(answer.json(), JSON.stringify(key)).toMatchObject({ statusCode: 400 });
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it('states the key in the API document', async () => {
    type Doc = {
      paths: Record<string, { post?: { requestBody?: { content: Record<string, unknown> } } }>;
    };
    const document = (
      await t.call(undefined, { method: 'GET', url: '/api/openapi.json' })
    ).json<Doc>();
    const body = document.paths['/api/account/purchaseLicense']?.post?.requestBody?.content[
      'application/json'
    ] as { schema: { properties: Record<string, { description?: string }>; required: string[] } };
    expect(body.schema.properties.idempotencyKey?.description).toContain('within 24 hours');
    expect(body.schema.required.sort()).toEqual(['orgId', 'planId', 'purchaseCount']);
  });

  // Last: it moves the clock a day on.
  it('forgets a key after 24 hours: sent again then, it is a new purchase', async () => {
    const w = await proWorld();
    ok(await purchase(w, 1, KEY));
    t.clock.at = new Date(t.clock.at.getTime() + 24 * 60 * 60 * 1000 - 1000);
    ok(await purchase(w, 1, KEY));
    expect(await purchases(w)).toHaveLength(1);
    t.clock.at = new Date(t.clock.at.getTime() + 1000);
    ok(await purchase(w, 1, KEY));
    expect(await purchases(w)).toHaveLength(2);
    expect(await totalLicenses(w)).toBe(3);
    const keys = await t.db
      .select()
      .from(billingRequestKeys)
      .where(eq(billingRequestKeys.orgId, w.orgId));
    expect(keys).toHaveLength(1);
  });
});
