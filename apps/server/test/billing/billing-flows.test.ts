import { PLAN_IDS } from '@waymark/core';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingAccounts,
  billingCardClaims,
  billingCharges,
  licenses,
  orgMembers,
  sandboxPaymentMethods,
  sandboxPayments,
} from '../../src/db/schema';
import { grantCredit } from '../../src/modules/billing/grant-credit';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { addCard, createSandboxCard, setPlan, TEST_CARDS } from '../support/billing-world';
import { snapshotDatabase } from '../support/matrix-world';
import { createOrgWorld, ok, userIdOf, type As, type OrgWorld } from '../support/projects-world';

// Issue 13 server flows on the real database, through the HTTP API. The billing clock moves only
// forward (BILLING_TEST_CLOCK, as in the e2e): the tests below run in calendar order.
let t: AuthTestContext;
beforeAll(async () => {
  t = await startAuthTestApp({ env: { BILLING_TEST_CLOCK: 'true' } });
});
afterAll(() => t.close());

type PlanInfo = {
  currentPlanId: number;
  currentPlanName: string;
  orgTrialEndDate: string | null;
  accountEndDate: string | null;
  currentOrgMonthlyCost: number;
  orgStatus: string;
  totalLicenseCount: number;
  creditBalance: number;
};
type Payment = { totalPaymentAmount: number; planName: string; transactionId: string };

const get = (as: As, url: string) => t.call(as, { method: 'GET', url });
const post = (as: As, url: string, payload: object) => t.call(as, { method: 'POST', url, payload });
const planInfo = async (w: OrgWorld) =>
  ok<PlanInfo>(await get(w.admin, `/api/account/getOrgPlanInfo/${w.orgId}`));
const history = async (w: OrgWorld) =>
  ok<Payment[]>(await get(w.admin, `/api/account/getPaymentHistory/${w.orgId}`));
const purchase = (w: OrgWorld, purchaseCount: number, planId: number) =>
  post(w.admin, '/api/account/purchaseLicense', { orgId: w.orgId, purchaseCount, planId });
const oneTimeCharge = async (w: OrgWorld, licenseChange: number, planId: number) =>
  ok<string>(
    await post(w.admin, '/api/account/CalculateOneTimeCharge', {
      orgId: w.orgId,
      valueType: licenseChange < 0 ? '-' : '+',
      licenseChange,
      planId,
    }),
  );
/** Moves the billing clock to `iso` and runs the billing work due then. */
const moveClock = async (iso: string) =>
  ok(await post(undefined, '/api/testing/billing/setClock', { now: iso }));

/** Adds an active non-admin member straight into the organization (with a licence). */
async function addMember(w: OrgWorld): Promise<number> {
  const member = await t.signIn();
  const userId = await userIdOf(t, member);
  await t.db
    .insert(orgMembers)
    .values({ orgId: w.orgId, userId, accessLevelId: 2, status: 'Active' });
  await t.db.insert(licenses).values({ orgId: w.orgId, userId });
  return userId;
}
const memberIds = async (w: OrgWorld) =>
  (await t.db.select().from(orgMembers).where(eq(orgMembers.orgId, w.orgId))).map((m) => m.userId);

describe('trial (created 2026-03-10 12:00 UTC, ends 2026-04-09 12:00 UTC)', () => {
  let trial: OrgWorld;
  let noCard: OrgWorld;
  let noCardMember: number;
  beforeAll(async () => {
    trial = await createOrgWorld(t);
    noCard = await createOrgWorld(t);
    noCardMember = await addMember(noCard);
  });

  it('shows the trial: expiry day, no cost, trial variant of every plan option', async () => {
    expect(await planInfo(trial)).toMatchObject({
      currentPlanName: 'Standard Trial',
      orgTrialEndDate: '2026-04-09',
      currentOrgMonthlyCost: 0,
      orgStatus: 'Trial',
    });
    const options = ok<Record<string, unknown>[]>(
      await get(trial.admin, `/api/account/getPlanOptions/${trial.orgId}`),
    );
    expect(options.map((o) => o.planName)).toEqual(['Free', 'Basic', 'Standard', 'Pro']);
    expect(options[1]).toMatchObject({
      monthlyCostPerLicense: 4,
      currentLicenseCount: 1,
      currentMonthlyCost: 4,
      currentMonthlyCostPerLicense: 0,
      costPerLicenseAfterExpiration: 6,
      planAfterExpiration: 'Standard',
    });
  });

  it('adds licenses at no cost, refuses removals, and charges nothing for a plan chosen now', async () => {
    expect(await oneTimeCharge(trial, 2, PLAN_IDS.standardTrial)).toBe('0.00');
    expect(ok(await purchase(trial, 2, PLAN_IDS.standardTrial))).toBe(
      'Licenses successfully purchased. Quantity: 2.',
    );
    const before = await snapshotDatabase(t.db);
    const removal = await post(trial.admin, '/api/account/removeLicense', {
      orgId: trial.orgId,
      planId: PLAN_IDS.standardTrial,
      licenseRemovalCount: 1,
    });
    expect(removal.statusCode).toBe(409);
    expect(await snapshotDatabase(t.db)).toEqual(before);
    expect(
      ok(await get(trial.admin, `/api/account/selectPlan/${trial.orgId}/${PLAN_IDS.basic}`)),
    ).toBe(
      'Your organization moves to the Basic plan when the trial ends on April 9, 2026. Nothing is charged until then.',
    );
    // Choosing the trial itself withdraws the choice (it never schedules the trial).
    const scheduled = async () =>
      (await t.db.select().from(billingAccounts).where(eq(billingAccounts.orgId, trial.orgId)))[0]
        ?.scheduledPlanId;
    expect(await scheduled()).toBe(PLAN_IDS.basic);
    expect(
      ok(
        await get(trial.admin, `/api/account/selectPlan/${trial.orgId}/${PLAN_IDS.standardTrial}`),
      ),
    ).toContain('Your choice is withdrawn. When the trial ends on April 9, 2026');
    expect(await scheduled()).toBeNull();
    ok(await get(trial.admin, `/api/account/selectPlan/${trial.orgId}/${PLAN_IDS.basic}`));
    expect(await scheduled()).toBe(PLAN_IDS.basic);
    expect(await history(trial)).toEqual([]);
    expect((await planInfo(trial)).totalLicenseCount).toBe(3);
  });

  it('reads Free chosen during the trial as what follows the trial, not as a cancellation', async () => {
    const w = await createOrgWorld(t);
    ok(await get(w.admin, `/api/account/selectPlan/${w.orgId}/${PLAN_IDS.free}`));
    expect(await planInfo(w)).toMatchObject({
      currentPlanName: 'Standard Trial',
      orgStatus: 'Trial',
      scheduledPlanName: 'Free',
      accountEndDate: '2026-04-09',
    });
  });

  it('refuses declined cards with their words and keeps nothing', async () => {
    for (const [card, message] of [
      [TEST_CARDS.declined, 'Your card was declined.'],
      [TEST_CARDS.insufficientFunds, 'Your card has insufficient funds.'],
    ] as const) {
      const stripePaymentId = await createSandboxCard(t, trial.admin, trial.orgId, card);
      const saved = await post(trial.admin, '/api/stripe/savePaymentMethod', {
        orgId: trial.orgId,
        stripePaymentId,
      });
      expect(saved.statusCode).toBe(402);
      expect(saved.json()).toMatchObject({ code: 'PAYMENT_FAILED', message });
    }
    expect(
      ok(await get(trial.admin, `/api/stripe/retrieveCustomerPaymentMethod/${trial.orgId}`)),
    ).toMatchObject({ cardLastFourDigits: null, stripePaymentId: null });
    const notATestCard = await post(trial.admin, '/api/stripe/sandbox/createPaymentMethod', {
      orgId: trial.orgId,
      cardNumber: '4111 1111 1111 1112',
      expMonth: 1,
      expYear: 2030,
      cvc: '123',
    });
    expect(notATestCard.statusCode).toBe(400);
  });

  it('saves a card: brand, last four and expiry only', async () => {
    const id = await addCard(t, trial.admin, trial.orgId);
    expect(
      ok(await get(trial.admin, `/api/stripe/retrieveCustomerPaymentMethod/${trial.orgId}`)),
    ).toEqual({
      stripeCustomerId: `cus_sandbox_${trial.orgId}`,
      cardLastFourDigits: '4242',
      expMonthandYear: '12/2099',
      stripePaymentId: id,
      cardBrand: 'visa',
    });
  });

  it('at trial end converts to the chosen plan with the prorated charge, or to Free without a card', async () => {
    await moveClock('2026-04-09T11:59:00Z');
    expect((await planInfo(trial)).currentPlanName).toBe('Standard Trial');
    await moveClock('2026-04-09T12:00:00Z');
    // 3 licences × $4 × 22 of 30 April days = $8.80.
    expect(await planInfo(trial)).toMatchObject({
      currentPlanName: 'Basic',
      currentOrgMonthlyCost: 12,
      orgStatus: 'Active',
      orgTrialEndDate: null,
    });
    expect((await history(trial)).map((p) => [p.totalPaymentAmount, p.planName])).toEqual([
      [8.8, 'Basic'],
    ]);
    expect(await planInfo(noCard)).toMatchObject({ currentPlanName: 'Free', totalLicenseCount: 1 });
    expect(await memberIds(noCard)).toEqual([noCard.adminUserId]);
    expect(noCardMember).not.toBe(noCard.adminUserId);
  });

  it('charges licenses × price on the 1st, once however often the job runs', async () => {
    await moveClock('2026-05-01T00:00:00Z');
    await Promise.all([moveClock('2026-05-01T00:05:00Z'), moveClock('2026-05-01T00:05:00Z')]);
    await moveClock('2026-05-01T00:15:00Z');
    expect((await history(trial)).map((p) => p.totalPaymentAmount)).toEqual([12, 8.8]);
  });

  it('buys a license mid-month for exactly the one-time charge it showed', async () => {
    await moveClock('2026-05-20T09:00:00Z');
    // 2 × $4 × 12 of 31 May days = $3.0967… → $3.10 (half-up, once per charge).
    expect(await oneTimeCharge(trial, 2, PLAN_IDS.basic)).toBe('3.10');
    expect(await oneTimeCharge(trial, -2, PLAN_IDS.basic)).toBe('0.00');
    ok(await purchase(trial, 2, PLAN_IDS.basic));
    expect((await history(trial))[0]?.totalPaymentAmount).toBe(3.1);
    expect((await planInfo(trial)).totalLicenseCount).toBe(5);
  });

  it('removes licenses without refund, never below those assigned', async () => {
    const before = await snapshotDatabase(t.db);
    const tooMany = await post(trial.admin, '/api/account/removeLicense', {
      orgId: trial.orgId,
      planId: PLAN_IDS.basic,
      licenseRemovalCount: 5,
    });
    expect(tooMany.statusCode).toBe(409);
    expect(await snapshotDatabase(t.db)).toEqual(before);
    expect(
      ok(
        await post(trial.admin, '/api/account/removeLicense', {
          orgId: trial.orgId,
          planId: PLAN_IDS.basic,
          licenseRemovalCount: 4,
        }),
      ),
    ).toBe('Licenses successfully removed.');
    expect((await planInfo(trial)).totalLicenseCount).toBe(1);
    expect((await history(trial)).length).toBe(3);
  });

  it('cancels at the end of the month: Ends on the last day, then Free on the 1st', async () => {
    const member = await addMember(trial);
    expect(ok(await get(trial.admin, `/api/account/cancelPlan/${trial.orgId}`))).toBe(
      'Your Basic plan is canceled and ends on May 31, 2026. Your organization then moves to the Free plan.',
    );
    expect(await planInfo(trial)).toMatchObject({
      accountEndDate: '2026-05-31',
      orgStatus: 'Canceled',
      currentPlanName: 'Basic',
    });
    await moveClock('2026-06-01T00:00:00Z');
    expect(await planInfo(trial)).toMatchObject({ currentPlanName: 'Free', accountEndDate: null });
    expect(await memberIds(trial)).not.toContain(member);
    expect((await history(trial)).length).toBe(3);
  });
});

describe('paid plans (from June 2026)', () => {
  it('moves from Free to a paid plan at once, charged prorated, and only with a card', async () => {
    const w = await createOrgWorld(t);
    await setPlan(t, w.orgId, PLAN_IDS.free);
    const noCard = await get(w.admin, `/api/account/selectPlan/${w.orgId}/${PLAN_IDS.pro}`);
    expect(noCard.statusCode).toBe(409);
    expect(await oneTimeCharge(w, 1, PLAN_IDS.pro)).not.toBe('0.00');
    const refused = await purchase(w, 1, PLAN_IDS.free);
    expect(refused.json()).toMatchObject({
      statusCode: 409,
      message: 'You must upgrade your plan to use this feature.',
    });
    await addCard(t, w.admin, w.orgId);
    await moveClock('2026-06-16T10:00:00Z');
    // 1 licence × $9 × 15 of 30 June days = $4.50.
    expect(ok(await get(w.admin, `/api/account/selectPlan/${w.orgId}/${PLAN_IDS.pro}`))).toBe(
      'Your organization is now on the Pro plan. Charged $4.50 for the rest of June 2026.',
    );
    expect((await history(w)).map((p) => p.totalPaymentAmount)).toEqual([4.5]);
    const bad = await get(w.admin, `/api/account/selectPlan/${w.orgId}/${PLAN_IDS.standardTrial}`);
    expect(bad.statusCode).toBe(400);
    // Between paid plans: on the 1st.
    expect(
      ok(await get(w.admin, `/api/account/selectPlan/${w.orgId}/${PLAN_IDS.basic}`)),
    ).toContain('on July 1, 2026');
    await moveClock('2026-07-01T00:00:00Z');
    expect((await planInfo(w)).currentPlanName).toBe('Basic');
    expect((await history(w)).map((p) => p.totalPaymentAmount)).toEqual([4, 4.5]);
  });

  it('retries a declined monthly charge on days 3 and 7, tells the admins, then moves to Free', async () => {
    const w = await createOrgWorld(t);
    const member = await addMember(w);
    await setPlan(t, w.orgId, PLAN_IDS.standard);
    await addCard(t, w.admin, w.orgId, TEST_CARDS.chargeDeclined);
    await moveClock('2026-08-01T00:00:00Z');
    expect((await planInfo(w)).orgStatus).toBe('Past due');
    const notices = ok<{ notificationDescription: string }[]>(
      await get(w.admin, '/api/account/getSiteNotifications'),
    );
    expect(notices.map((n) => n.notificationDescription).join()).toContain('August 3, 2026');
    await moveClock('2026-08-02T23:59:00Z');
    await moveClock('2026-08-03T00:00:00Z');
    expect((await planInfo(w)).currentPlanName).toBe('Standard');
    await moveClock('2026-08-07T00:00:00Z');
    expect((await planInfo(w)).currentPlanName).toBe('Free');
    expect(await memberIds(w)).not.toContain(member);
    const rows = await t.db.select().from(billingCharges).where(eq(billingCharges.orgId, w.orgId));
    expect(rows.map((r) => [r.purpose, r.status, r.attempts])).toEqual([['monthly', 'failed', 3]]);
    expect(await history(w)).toEqual([]);
  });

  it('asks for 3-D Secure and settles once the admin confirms', async () => {
    const w = await createOrgWorld(t);
    await setPlan(t, w.orgId, PLAN_IDS.pro);
    await addCard(t, w.admin, w.orgId, TEST_CARDS.authentication);
    const bought = await purchase(w, 2, PLAN_IDS.pro);
    expect(bought.json()).toMatchObject({ statusCode: 402, code: 'PAYMENT_ACTION_REQUIRED' });
    expect((await planInfo(w)).totalLicenseCount).toBe(1);
    const pending = ok<{ paymentIntentId: string; amount: number }>(
      await get(w.admin, `/api/stripe/getPendingPaymentAction/${w.orgId}`),
    );
    // A failed authentication says so in the bank's words and leaves the charge open for a retry.
    const refused = await post(w.admin, '/api/stripe/confirmPaymentAction', {
      orgId: w.orgId,
      paymentIntentId: pending.paymentIntentId,
      approve: false,
    });
    expect(refused.json()).toMatchObject({
      statusCode: 402,
      code: 'PAYMENT_FAILED',
      message: expect.stringContaining('unable to authenticate') as unknown,
    });
    expect((await planInfo(w)).orgStatus).toBe('Action required');
    expect(ok(await get(w.admin, `/api/stripe/getPendingPaymentAction/${w.orgId}`))).toEqual(
      pending,
    );
    expect(
      ok(
        await post(w.admin, '/api/stripe/confirmPaymentAction', {
          orgId: w.orgId,
          paymentIntentId: pending.paymentIntentId,
          approve: true,
        }),
      ),
    ).toBe('Payment confirmed. Thank you.');
    expect((await planInfo(w)).totalLicenseCount).toBe(3);
    const paid = (await history(w)).find((p) => p.transactionId === pending.paymentIntentId);
    expect(paid?.totalPaymentAmount).toBe(pending.amount);
    expect(ok(await get(w.admin, `/api/stripe/getPendingPaymentAction/${w.orgId}`))).toBeNull();
  });

  it('settles a 3-D Secure purchase once however often Complete payment is clicked: 30 at once', async () => {
    const w = await createOrgWorld(t);
    await setPlan(t, w.orgId, PLAN_IDS.pro);
    await addCard(t, w.admin, w.orgId, TEST_CARDS.authentication);
    expect((await purchase(w, 2, PLAN_IDS.pro)).statusCode).toBe(402);
    const pending = ok<{ paymentIntentId: string }>(
      await get(w.admin, `/api/stripe/getPendingPaymentAction/${w.orgId}`),
    );
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        post(w.admin, '/api/stripe/confirmPaymentAction', {
          orgId: w.orgId,
          paymentIntentId: pending.paymentIntentId,
          approve: true,
        }),
      ),
    );
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`))).toEqual(
      new Set(['200 Payment confirmed. Thank you.']),
    );
    expect((await planInfo(w)).totalLicenseCount).toBe(3);
    const rows = await t.db.select().from(billingCharges).where(eq(billingCharges.orgId, w.orgId));
    expect(rows.map((r) => [r.purpose, r.status])).toEqual([['purchase-1', 'succeeded']]);
    expect((await history(w)).map((p) => p.transactionId)).toEqual([pending.paymentIntentId]);
  });

  it('keeps 20 concurrent purchases consistent: one charge each, every license paid for', async () => {
    const w = await createOrgWorld(t);
    await setPlan(t, w.orgId, PLAN_IDS.pro);
    await addCard(t, w.admin, w.orgId);
    const counts = Array.from({ length: 20 }, (_, i) => (i % 3) + 1);
    const answers = await Promise.all(counts.map((n) => purchase(w, n, PLAN_IDS.pro)));
    expect(answers.map((a) => a.statusCode)).toEqual(counts.map(() => 200));
    const total = counts.reduce((a, b) => a + b, 0);
    expect((await planInfo(w)).totalLicenseCount).toBe(1 + total);
    // Only the purchases: the background job may add this period's monthly charge meanwhile.
    const rows = (
      await t.db
        .select()
        .from(billingCharges)
        .where(and(eq(billingCharges.orgId, w.orgId), eq(billingCharges.status, 'succeeded')))
    ).filter((r) => r.purpose.startsWith('purchase-'));
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.purpose)).size).toBe(20);
    expect(rows.reduce((sum, r) => sum + r.licenseDelta, 0)).toBe(total);
  });

  it('charges one upgrade however many clicks: 30 concurrent choices of mixed plans', async () => {
    const w = await createOrgWorld(t);
    await setPlan(t, w.orgId, PLAN_IDS.free);
    await addCard(t, w.admin, w.orgId);
    const targets = Array.from({ length: 30 }, (_, i) =>
      i % 2 === 0 ? PLAN_IDS.pro : PLAN_IDS.basic,
    );
    const answers = await Promise.all(
      targets.map((planId) => get(w.admin, `/api/account/selectPlan/${w.orgId}/${planId}`)),
    );
    const charged = answers.filter((a) => a.statusCode === 200 && a.body.includes('Charged'));
    expect(charged).toHaveLength(1);
    // The others are refused while the upgrade is open, or see the plan it already started.
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    const upgrades = (
      await t.db.select().from(billingCharges).where(eq(billingCharges.orgId, w.orgId))
    ).filter((r) => r.purpose.startsWith('upgrade-'));
    expect(upgrades.map((r) => r.status)).toEqual(['succeeded']);
    expect((await planInfo(w)).currentPlanId).toBe(upgrades[0]?.planId);
    expect((await history(w)).length).toBe(1);
  });

  it('refuses a second plan choice while the first upgrade waits for 3-D Secure', async () => {
    const w = await createOrgWorld(t);
    await setPlan(t, w.orgId, PLAN_IDS.free);
    await addCard(t, w.admin, w.orgId, TEST_CARDS.authentication);
    const first = await get(w.admin, `/api/account/selectPlan/${w.orgId}/${PLAN_IDS.pro}`);
    expect(first.json()).toMatchObject({ statusCode: 402, code: 'PAYMENT_ACTION_REQUIRED' });
    for (const planId of [PLAN_IDS.pro, PLAN_IDS.basic]) {
      const again = await get(w.admin, `/api/account/selectPlan/${w.orgId}/${planId}`);
      expect(again.json()).toMatchObject({
        statusCode: 409,
        message:
          "Your change to the Pro plan is waiting for your bank's confirmation. Confirm or decline that payment before choosing another plan.",
      });
    }
    expect((await get(w.admin, `/api/account/cancelPlan/${w.orgId}`)).statusCode).toBe(409);
    const waiting = await t.db
      .select()
      .from(billingCharges)
      .where(and(eq(billingCharges.orgId, w.orgId), like(billingCharges.purpose, 'upgrade-%')));
    expect(waiting.map((r) => r.status)).toEqual(['requires_action']);
    const pending = ok<{ paymentIntentId: string }>(
      await get(w.admin, `/api/stripe/getPendingPaymentAction/${w.orgId}`),
    );
    ok(
      await post(w.admin, '/api/stripe/confirmPaymentAction', {
        orgId: w.orgId,
        paymentIntentId: pending.paymentIntentId,
        approve: true,
      }),
    );
    expect((await planInfo(w)).currentPlanId).toBe(PLAN_IDS.pro);
    expect(await history(w)).toHaveLength(1);
  });

  it('never leaves the stored card detached: 5 rounds of 20 concurrent saves of 3 cards', async () => {
    const w = await createOrgWorld(t);
    const cards = [
      await createSandboxCard(t, w.admin, w.orgId),
      await createSandboxCard(t, w.admin, w.orgId),
      await createSandboxCard(t, w.admin, w.orgId),
    ];
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post(w.admin, '/api/stripe/savePaymentMethod', {
            orgId: w.orgId,
            stripePaymentId: cards[(i + round) % 3],
          }),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes).toContain(200);
      for (const code of codes) expect([200, 409]).toContain(code);
      const [account] = await t.db
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.orgId, w.orgId));
      const attached = await t.db
        .select({ id: sandboxPaymentMethods.id })
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.customerId, account?.customerId ?? ''));
      // Exactly the stored card is attached to the organization's customer.
      expect(attached.map((m) => m.id)).toEqual([account?.paymentMethodId]);
    }
  });

  it('saves cards for 12 organizations at once without holding the pool (10 connections)', async () => {
    const worlds = await Promise.all(Array.from({ length: 12 }, () => createOrgWorld(t)));
    const cards = await Promise.all(worlds.map((w) => createSandboxCard(t, w.admin, w.orgId)));
    const answers = await Promise.all(
      worlds.map((w, i) =>
        post(w.admin, '/api/stripe/savePaymentMethod', {
          orgId: w.orgId,
          stripePaymentId: cards[i],
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(worlds.map(() => 200));
    // Every claim is released: the next change of each card goes through.
    const orgIds = worlds.map((w) => w.orgId);
    const claims = await t.db
      .select()
      .from(billingCardClaims)
      .where(inArray(billingCardClaims.orgId, orgIds));
    expect(claims).toEqual([]);
  });

  it('keeps two look-alike organizations apart', async () => {
    const a = await createOrgWorld(t);
    const b = await createOrgWorld(t);
    await setPlan(t, b.orgId, PLAN_IDS.pro);
    const cardB = await addCard(t, b.admin, b.orgId);
    const before = await snapshotDatabase(t.db);
    expect((await post(a.admin, `/api/stripe/detachPaymentMethod/${cardB}`, {})).statusCode).toBe(
      404,
    );
    expect((await get(a.admin, `/api/account/getPaymentHistory/${b.orgId}`)).statusCode).toBe(404);
    expect(
      (
        await post(a.admin, '/api/stripe/savePaymentMethod', {
          orgId: a.orgId,
          stripePaymentId: cardB,
        })
      ).statusCode,
    ).toBe(400);
    expect(await snapshotDatabase(t.db)).toEqual(before);
    expect(ok(await post(b.admin, `/api/stripe/detachPaymentMethod/${cardB}`, {}))).toBe(
      'Payment method removed.',
    );
  });
});

describe('charges waiting for 3-D Secure (from September 2026)', () => {
  const chargesOf = async (w: OrgWorld) =>
    (
      await t.db
        .select()
        .from(billingCharges)
        .where(eq(billingCharges.orgId, w.orgId))
        .orderBy(billingCharges.id)
    ).map((r) => [r.purpose, r.status, r.attempts]);
  const sandboxStatuses = async (w: OrgWorld) =>
    (
      await t.db
        .select({ key: sandboxPayments.idempotencyKey, status: sandboxPayments.status })
        .from(sandboxPayments)
        .where(like(sandboxPayments.idempotencyKey, `org-${w.orgId}:%`))
        .orderBy(sandboxPayments.idempotencyKey)
    ).map((p) => `${p.key} ${p.status}`);
  const pendingAction = async (w: OrgWorld) =>
    ok<{ paymentIntentId: string } | null>(
      await get(w.admin, `/api/stripe/getPendingPaymentAction/${w.orgId}`),
    );

  it('the last failed retry moves to Free and cancels every payment still waiting, giving back the credit', async () => {
    const w = await createOrgWorld(t);
    await setPlan(t, w.orgId, PLAN_IDS.pro);
    await addCard(t, w.admin, w.orgId, TEST_CARDS.authentication);
    await grantCredit(t.db, { orgId: w.orgId, cents: 100 });
    await moveClock('2026-09-01T00:00:00Z');
    expect((await planInfo(w)).orgStatus).toBe('Action required');
    await moveClock('2026-09-03T00:00:00Z');
    await moveClock('2026-09-05T10:00:00Z');
    expect((await purchase(w, 1, PLAN_IDS.pro)).statusCode).toBe(402);
    expect((await planInfo(w)).creditBalance).toBe(0);
    await moveClock('2026-09-07T00:00:00Z');
    await moveClock('2026-09-07T00:15:00Z');
    expect(await planInfo(w)).toMatchObject({
      currentPlanName: 'Free',
      orgStatus: 'Active',
      totalLicenseCount: 1,
    });
    expect(await pendingAction(w)).toBeNull();
    expect(await chargesOf(w)).toEqual([
      ['monthly', 'canceled', 3],
      ['purchase-1', 'canceled', 1],
    ]);
    // Every gateway payment is cancelled: the superseded attempts too, so none can be confirmed.
    expect(await sandboxStatuses(w)).toEqual([
      `org-${w.orgId}:2026-09:monthly:1 canceled`,
      `org-${w.orgId}:2026-09:monthly:2 canceled`,
      `org-${w.orgId}:2026-09:monthly:3 canceled`,
      `org-${w.orgId}:2026-09:purchase-1:1 canceled`,
    ]);
    expect((await planInfo(w)).creditBalance).toBe(1);
    expect(await history(w)).toEqual([]);
  });

  it('a purchase never confirmed lapses when its month ends; one the bank confirmed meanwhile counts once', async () => {
    const lapsed = await createOrgWorld(t);
    const paid = await createOrgWorld(t);
    for (const w of [lapsed, paid]) {
      await setPlan(t, w.orgId, PLAN_IDS.basic);
      await addCard(t, w.admin, w.orgId);
    }
    await moveClock('2026-09-10T09:00:00Z');
    for (const w of [lapsed, paid]) {
      await addCard(t, w.admin, w.orgId, TEST_CARDS.authentication);
      expect((await purchase(w, 2, PLAN_IDS.basic)).statusCode).toBe(402);
    }
    // The bank confirmed `paid`'s payment, but neither our confirm call nor a webhook came.
    const waiting = await pendingAction(paid);
    await t.db
      .update(sandboxPayments)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPayments.id, waiting?.paymentIntentId ?? ''));
    await moveClock('2026-09-30T23:59:00Z');
    const lapsing = await pendingAction(lapsed);
    expect(lapsing?.paymentIntentId).toMatch(/^pi_sandbox_/);
    await moveClock('2026-10-01T00:00:00Z');
    await moveClock('2026-10-01T00:15:00Z');
    // The banner now names October's charge (this card always asks), not the lapsed purchase.
    expect((await pendingAction(lapsed))?.paymentIntentId).not.toBe(lapsing?.paymentIntentId);
    const purchases = async (w: OrgWorld) =>
      (await chargesOf(w)).filter(([purpose]) => String(purpose).startsWith('purchase-'));
    expect(await purchases(lapsed)).toEqual([['purchase-1', 'canceled', 1]]);
    expect(await purchases(paid)).toEqual([['purchase-1', 'succeeded', 1]]);
    expect((await planInfo(lapsed)).totalLicenseCount).toBe(1);
    expect((await planInfo(paid)).totalLicenseCount).toBe(3);
    // October's charge counts the licences paid for, and nothing else.
    const monthly = async (w: OrgWorld) =>
      (
        await t.db
          .select({ count: billingCharges.licenseCount })
          .from(billingCharges)
          .where(and(eq(billingCharges.orgId, w.orgId), eq(billingCharges.period, '2026-10')))
      ).map((r) => r.count);
    expect(await monthly(lapsed)).toEqual([1]);
    expect(await monthly(paid)).toEqual([3]);
    expect(
      (await history(paid)).filter((p) => p.transactionId === waiting?.paymentIntentId),
    ).toHaveLength(1);
    const notices = ok<{ notificationDescription: string }[]>(
      await get(lapsed.admin, '/api/account/getSiteNotifications'),
    );
    expect(notices.map((n) => n.notificationDescription).join()).toContain(
      'was never confirmed with your bank, so it was canceled and nothing was charged',
    );
  });
  it('an upgrade never confirmed lapses too, and a cancellation a crash cut short is finished by the next run', async () => {
    const lapsed = await createOrgWorld(t);
    const interrupted = await createOrgWorld(t);
    await moveClock('2026-10-05T09:00:00Z');
    for (const w of [lapsed, interrupted]) {
      await setPlan(t, w.orgId, PLAN_IDS.free);
      await addCard(t, w.admin, w.orgId, TEST_CARDS.authentication);
      const upgrade = await get(w.admin, `/api/account/selectPlan/${w.orgId}/${PLAN_IDS.basic}`);
      expect(upgrade.json()).toMatchObject({ code: 'PAYMENT_ACTION_REQUIRED' });
    }
    // The process died after giving `interrupted`'s charge up, before the gateway call.
    await t.db
      .update(billingCharges)
      .set({ status: 'canceling' })
      .where(eq(billingCharges.orgId, interrupted.orgId));
    expect(await pendingAction(interrupted)).toBeNull();
    // Both stay on Free, so nothing but the cancellation makes the job visit them.
    await moveClock('2026-11-01T00:00:00Z');
    for (const w of [lapsed, interrupted]) {
      expect(await chargesOf(w)).toEqual([['upgrade-1', 'canceled', 1]]);
      expect(await sandboxStatuses(w)).toEqual([`org-${w.orgId}:2026-10:upgrade-1:1 canceled`]);
      expect(await pendingAction(w)).toBeNull();
      expect((await planInfo(w)).currentPlanName).toBe('Free');
    }
  });
});

describe('the test-only billing clock', () => {
  it('runs one organization at a later time and leaves the others alone', async () => {
    const a = await createOrgWorld(t);
    const b = await createOrgWorld(t);
    await addCard(t, a.admin, a.orgId);
    // Both trials end on 2026-04-09 (the app's own clock stays at creation time).
    expect((await planInfo(a)).orgTrialEndDate).toBe('2026-04-09');
    const answer = ok<{ jobsRun: number }>(
      await post(undefined, '/api/testing/billing/setClock', {
        now: '2026-04-10T00:00:00Z',
        orgId: a.orgId,
      }),
    );
    expect(answer.jobsRun).toBe(1);
    expect((await planInfo(a)).currentPlanName).toBe('Standard');
    expect((await planInfo(b)).currentPlanName).toBe('Standard Trial');
  });

  it('does not exist without BILLING_TEST_CLOCK', async () => {
    const plain = await startAuthTestApp();
    try {
      const response = await plain.call(undefined, {
        method: 'POST',
        url: '/api/testing/billing/setClock',
        payload: { now: '2030-01-01T00:00:00Z' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
