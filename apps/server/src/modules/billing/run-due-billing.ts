import {
  billingPeriodOf,
  getPlan,
  monthlyCostCents,
  PLAN_IDS,
  oneTimeChargeCents,
  utcDay,
} from '@waymark/core';
import { and, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingAccounts, billingCharges, organizations } from '../../db/schema';
import { setOrgPlan } from '../organizations/index';
import { attemptCharge } from './attempt-charge';
import type { BillingDeps } from './billing-deps';
import {
  isPaidPlan,
  isTrial,
  planAfterTrial,
  readBillingState,
  type BillingState,
} from './billing-state';
import {
  cancelWaitingCharges,
  expireWaitingPurchases,
  waitingCancelSql,
} from './cancel-waiting-charges';
import { RECURRING_PURPOSES, RECURRING_PURPOSES_SQL, type ChargeRow } from './ledger';
import { moveToFree } from './move-to-free';
import { openCharge } from './open-charge';
import { monthName } from './billing-dates';
import { retryCharge } from './retry-charge';
import { schedulePlanChange } from './schedule-plan-change';

/**
 * A pending charge this old was left by a request or run that stopped, or answered "being
 * processed"; the job settles it. Longer than any gateway call (70 s with the SDK's retries): a
 * younger one may still be with its request, and the job sending its key meanwhile would only
 * meet Stripe's "key in use" (decision 0130).
 */
const STALE_PENDING_MS = 2 * 60_000;
/** Key space of the per-organization advisory lock (any constant; "bill" in ASCII). */
const BILLING_LOCK_SPACE = 0x62696c6c;
/**
 * Organizations one run processes at a time. Each holds two pooled connections (its advisory
 * lock's and its transaction's), so 4 leave the pool of 10 room for requests; organizations are
 * independent, and the run is bound by database round trips, not CPU.
 */
const ORGS_AT_ONCE = 4;

/** What one run did. */
export type DueBillingResult = {
  orgsProcessed: number;
  /** Held by another process's run at the moment. */
  orgsSkipped: number;
  /** Threw (gateway down…): left as they were, for the next run. */
  orgsFailed: number;
};

/**
 * The billing job (issue 13): everything due at the billing clock's now, for every organization —
 * trial expiry, scheduled plan changes and cancellations, the monthly charge on the 1st, retries on
 * days 3 and 7, charges a crash left pending, and charges waiting for 3-D Secure that lapsed (a
 * purchase whose month ended, any when the organization moved to Free) cancelled at the gateway. Each organization is handled under a PostgreSQL
 * advisory lock (skipped when another process holds it) and every charge goes through the ledger's
 * unique key, so repeated, concurrent or interrupted runs charge once per org per period.
 */
export async function runDueBilling(
  deps: BillingDeps,
  onError: (orgId: number, error: unknown) => void = () => undefined,
): Promise<DueBillingResult> {
  const orgIds = await dueOrgIds(deps.db, deps.clock.now());
  const result: DueBillingResult = { orgsProcessed: 0, orgsSkipped: 0, orgsFailed: 0 };
  const queue = [...orgIds];
  const work = async () => {
    for (let orgId = queue.shift(); orgId !== undefined; orgId = queue.shift()) {
      // One organization's failure (its gateway call threw) must not hold up the others.
      try {
        if (await processOrgLocked(deps, orgId)) result.orgsProcessed += 1;
        else result.orgsSkipped += 1;
      } catch (error) {
        result.orgsFailed += 1;
        onError(orgId, error);
      }
    }
  };
  await Promise.all(Array.from({ length: ORGS_AT_ONCE }, work));
  return result;
}

/** Organizations with something due at `now` (a superset is fine: processing re-checks). */
async function dueOrgIds(db: DbOrTx, now: Date): Promise<number[]> {
  const period = billingPeriodOf(now);
  const paidPlanIds = [PLAN_IDS.basic, PLAN_IDS.standard, PLAN_IDS.pro];
  const result = await db.execute<{ id: number }>(sql`
    select o.id from ${organizations} o
      where (o.plan_id = ${PLAN_IDS.standardTrial} and o.trial_ends_at <= ${now})
         or (o.plan_id in (${sql.join(paidPlanIds, sql`, `)}) and not exists (
              select 1 from ${billingCharges} c where c.org_id = o.id and c.period = ${period}
                and (c.purpose in (${RECURRING_PURPOSES_SQL}) or c.purpose like 'upgrade-%')))
    union
    select a.org_id from ${billingAccounts} a where a.scheduled_effective_at <= ${now}
    union
    select c.org_id from ${billingCharges} c
      where (c.status = 'pending' and c.created_at <= ${new Date(now.getTime() - STALE_PENDING_MS)})
         or (c.status in ('failed', 'requires_action') and c.next_attempt_at <= ${now})
         or ${waitingCancelSql(period)}
    order by 1`);
  return result.rows.map((row) => Number(row.id));
}

/** Processes one organization if no other process is; false when skipped. */
export async function processOrgLocked(deps: BillingDeps, orgId: number): Promise<boolean> {
  const client = await deps.db.$client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1, $2) as locked',
      [BILLING_LOCK_SPACE, orgId],
    );
    if (!rows[0]?.locked) return false;
    try {
      await processOrg(deps, orgId);
    } finally {
      await client.query('select pg_advisory_unlock($1, $2)', [BILLING_LOCK_SPACE, orgId]);
    }
    return true;
  } finally {
    client.release();
  }
}

/** Everything due for one organization, in order. */
export async function processOrg(deps: BillingDeps, orgId: number): Promise<void> {
  const now = deps.clock.now();
  const stale = await deps.db
    .select({ id: billingCharges.id })
    .from(billingCharges)
    .where(
      and(
        eq(billingCharges.orgId, orgId),
        eq(billingCharges.status, 'pending'),
        lte(billingCharges.createdAt, new Date(now.getTime() - STALE_PENDING_MS)),
      ),
    );
  const staleFailures: unknown[] = [];
  // One charge the gateway cannot settle yet (down; a key it will not answer) stays pending for
  // the next run without holding back the organization's other billing (decision 0130).
  for (const { id } of stale)
    await attemptCharge(deps, id).catch((error: unknown) => {
      staleFailures.push(error);
    });
  const retries = await deps.db
    .select({ id: billingCharges.id })
    .from(billingCharges)
    .where(
      and(
        eq(billingCharges.orgId, orgId),
        inArray(billingCharges.status, ['failed', 'requires_action']),
        isNotNull(billingCharges.nextAttemptAt),
        lte(billingCharges.nextAttemptAt, now),
      ),
    );
  for (const { id } of retries) await retryCharge(deps, id);
  // Before the monthly charge counts the licences: a lapsed purchase may turn out to be paid.
  await expireWaitingPurchases(deps.db, orgId, billingPeriodOf(now));
  await cancelWaitingCharges(deps, orgId);
  const { opened, isMovedToFree } = await deps.db.transaction(async (tx) => {
    const charges: ChargeRow[] = [];
    let state = await readBillingState(tx, orgId, { lock: true });
    const planBefore = state.plan.planId;
    if (isTrial(state) && state.trialEndsAt && state.trialEndsAt <= now) {
      const conversion = await endTrial(tx, deps, state);
      if (conversion) charges.push(conversion);
      state = await readBillingState(tx, orgId, { lock: false });
    } else if (
      state.scheduledPlan &&
      state.account.scheduledEffectiveAt &&
      state.account.scheduledEffectiveAt <= now
    ) {
      if (isPaidPlan(state.scheduledPlan)) {
        await setOrgPlan(tx, { orgId, planId: state.scheduledPlan.planId });
        await schedulePlanChange(tx, orgId, null, null);
      } else await moveToFree(tx, deps, { orgId, reason: 'canceled' });
      state = await readBillingState(tx, orgId, { lock: false });
    }
    const monthly = await openMonthlyCharge(tx, deps, state, now);
    if (monthly) charges.push(monthly);
    const isMovedToFree = state.plan.planId === PLAN_IDS.free && planBefore !== PLAN_IDS.free;
    return { opened: charges, isMovedToFree };
  });
  for (const charge of opened)
    if (charge.status === 'pending') await attemptCharge(deps, charge.id);
  // A move to Free above gave up the charges waiting for 3-D Secure.
  if (isMovedToFree) await cancelWaitingCharges(deps, orgId);
  // Reported once the rest is done: the run counts the organization failed and the job retries.
  if (staleFailures.length > 0)
    throw new AggregateError(staleFailures, `Pending charges of organization ${orgId} not settled`);
}

/**
 * Trial end (spec §4): with a card, the organization moves to the plan chosen during the trial
 * (default Standard) and is charged the prorated rest of that month from the trial's last moment;
 * without one, or when Free was chosen, it moves to Free.
 */
async function endTrial(
  tx: DbOrTx,
  deps: BillingDeps,
  state: BillingState,
): Promise<ChargeRow | null> {
  const target = planAfterTrial(state);
  const trialEnd = state.trialEndsAt ?? deps.clock.now();
  if (!isPaidPlan(target) || !state.account.paymentMethodId) {
    await moveToFree(tx, deps, { orgId: state.orgId, reason: 'trial-ended' });
    return null;
  }
  await setOrgPlan(tx, { orgId: state.orgId, planId: target.planId });
  await schedulePlanChange(tx, state.orgId, null, null);
  const count = state.licenses.total;
  return openCharge(
    tx,
    deps,
    { ...state, plan: target },
    {
      period: billingPeriodOf(trialEnd),
      purpose: 'trial-conversion',
      planId: target.planId,
      licenseCount: count,
      licenseDelta: 0,
      amountCents: oneTimeChargeCents(count, target.monthlyCostPerLicenseCents, trialEnd),
      description: `${count} × ${target.planName} license, ${utcDay(trialEnd)} to the end of ${monthName(trialEnd)}`,
    },
  );
}

/**
 * The monthly charge of the current period (spec §9: billing on the 1st): licences × price of the
 * plan in effect, unless the period already has its monthly charge or started the plan with a
 * prorated one (trial conversion or upgrade).
 */
async function openMonthlyCharge(
  tx: DbOrTx,
  deps: BillingDeps,
  state: BillingState,
  now: Date,
): Promise<ChargeRow | null> {
  if (!isPaidPlan(state.plan)) return null;
  const period = billingPeriodOf(now);
  const [started] = await tx
    .select({ id: billingCharges.id })
    .from(billingCharges)
    .where(
      and(
        eq(billingCharges.orgId, state.orgId),
        eq(billingCharges.period, period),
        or(
          inArray(billingCharges.purpose, [...RECURRING_PURPOSES]),
          sql`${billingCharges.purpose} like 'upgrade-%'`,
        ),
      ),
    )
    .limit(1);
  if (started) return null;
  const plan = getPlan(state.plan.planId);
  const count = state.licenses.total;
  return openCharge(tx, deps, state, {
    period,
    purpose: 'monthly',
    planId: plan.planId,
    licenseCount: count,
    licenseDelta: 0,
    amountCents: monthlyCostCents(plan, count),
    description: `${count} × ${plan.planName} license, ${monthName(now)}`,
  });
}
