import { AppError, getPlan, PLAN_IDS, type Plan } from '@waymark/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingAccounts, organizations } from '../../db/schema';
import { countLicenses } from './get-license-info';

/** An organization's billing account row (created on first use). */
export type BillingAccount = typeof billingAccounts.$inferSelect;

/** Everything billing decides on for one organization, read in one place. */
export type BillingState = {
  orgId: number;
  orgName: string;
  plan: Plan;
  trialEndsAt: Date | null;
  account: BillingAccount;
  scheduledPlan: Plan | null;
  licenses: { total: number; assigned: number };
};

/**
 * Reads the organization's billing state. With `lock: true` (inside a transaction) the org row is
 * locked FOR UPDATE first — the same lock every licence, membership and plan-limit write takes
 * (teams' lockOrg, entitlements) — so nothing changes under the decision until commit.
 */
export async function readBillingState(
  tx: DbOrTx,
  orgId: number,
  { lock }: { lock: boolean },
): Promise<BillingState> {
  const query = tx
    .select({
      name: organizations.name,
      planId: organizations.planId,
      trial: organizations.trialEndsAt,
    })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  const [org] = lock ? await query.for('update') : await query;
  if (!org) throw new AppError('NOT_FOUND', 'Organization not found.');
  const account = lock ? await ensureAccount(tx, orgId) : await readAccount(tx, orgId);
  return {
    orgId,
    orgName: org.name,
    plan: getPlan(org.planId ?? PLAN_IDS.free),
    trialEndsAt: org.trial,
    account,
    scheduledPlan: account.scheduledPlanId === null ? null : getPlan(account.scheduledPlanId),
    licenses: await countLicenses(tx, orgId),
  };
}

/** The organization's billing account, created empty on first use. */
export async function ensureAccount(tx: DbOrTx, orgId: number): Promise<BillingAccount> {
  const [existing] = await tx
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.orgId, orgId));
  if (existing) return existing;
  await tx.insert(billingAccounts).values({ orgId }).onConflictDoNothing();
  const [created] = await tx.select().from(billingAccounts).where(eq(billingAccounts.orgId, orgId));
  if (!created) throw new Error(`Billing account of org ${orgId} missing after insert`);
  return created;
}

/** The account as stored, or an empty one (not written: reads change nothing). */
async function readAccount(tx: DbOrTx, orgId: number): Promise<BillingAccount> {
  const [existing] = await tx
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.orgId, orgId));
  return (
    existing ?? {
      orgId,
      scheduledPlanId: null,
      scheduledEffectiveAt: null,
      creditCents: 0,
      customerId: null,
      paymentMethodId: null,
      cardBrand: null,
      cardLast4: null,
      cardExpMonth: null,
      cardExpYear: null,
      updatedAt: new Date(0),
    }
  );
}

/** Whether the plan costs money (Basic, Standard, Pro). */
export function isPaidPlan(plan: Plan): boolean {
  return plan.monthlyCostPerLicenseCents > 0;
}

/** Whether the plan id is one an admin may choose (not the trial). */
export function isChoosablePlanId(planId: number): boolean {
  return planId !== PLAN_IDS.standardTrial && Object.values(PLAN_IDS).includes(planId as never);
}

/** Whether the organization is in its trial. */
export function isTrial(state: Pick<BillingState, 'plan'>): boolean {
  return state.plan.planId === PLAN_IDS.standardTrial;
}

/** The plan the trial converts to: the one chosen during it, else Standard (spec §4). */
export function planAfterTrial(state: Pick<BillingState, 'scheduledPlan'>): Plan {
  return state.scheduledPlan ?? getPlan(PLAN_IDS.standard);
}

/** The card as the receipt names it: "visa •••• 4242"; null without one. */
export function cardDescription(account: BillingAccount): string | null {
  if (!account.cardBrand || !account.cardLast4) return null;
  return `${account.cardBrand} •••• ${account.cardLast4}`;
}
