import { centsToDollars, formatUsd, NOTIFICATION_TEMPLATES, PLAN_IDS } from '@waymark/core';
import { and, count, eq, inArray, like, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingAccounts, billingCharges, licenses, organizations } from '../../db/schema';
import type { BillingDeps } from './billing-deps';
import { formatDay } from './billing-messages';
import { notifyAdmins } from './billing-notices';
import { cardDescription, type BillingState } from './billing-state';
import type { CancelOutcome, ChargeOutcome } from './gateway/payment-gateway';
import { moveToFree } from './move-to-free';

/** A row of the charges ledger. */
export type ChargeRow = typeof billingCharges.$inferSelect;

/** Gateway attempts of a recurring charge: the first, then day 3 and day 7 (issue 13). */
export const MAX_ATTEMPTS = 3;
/** Days after the first attempt's UTC day that retries 2 and 3 run: the 3rd and the 7th. */
const RETRY_OFFSET_DAYS = [2, 6] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a new charge is for. */
export type NewCharge = {
  /** `YYYY-MM` the charge belongs to. */
  period: string;
  /** `monthly`, `trial-conversion`, or a numbered `upgrade-n` / `purchase-n`. */
  purpose: string;
  planId: number;
  licenseCount: number;
  /** Licences the charge adds when it succeeds. */
  licenseDelta: number;
  amountCents: number;
  description: string;
};

/** Purposes of the charges the monthly run and trial expiry make; the others are an admin's. */
export const RECURRING_PURPOSES: readonly string[] = ['monthly', 'trial-conversion'];

/** {@link RECURRING_PURPOSES} as an SQL list, for `purpose in (…)` in raw queries. */
export const RECURRING_PURPOSES_SQL = sql.join(
  RECURRING_PURPOSES.map((purpose) => sql`${purpose}`),
  sql`, `,
);

/** A charge the monthly run and trial expiry make (retried, and Free after the last failure). */
export function isRecurring(purpose: string): boolean {
  return RECURRING_PURPOSES.includes(purpose);
}

/** The ledger's idempotency key of org, period and purpose; the gateway key adds the attempt. */
export function idempotencyKey(orgId: number, period: string, purpose: string): string {
  return `org-${orgId}:${period}:${purpose}`;
}

/** The next free number of a numbered purpose (`purchase-3`) in the period; org row locked. */
export async function nextPurpose(
  tx: DbOrTx,
  orgId: number,
  period: string,
  prefix: 'upgrade' | 'purchase',
): Promise<string> {
  const [row] = await tx
    .select({ n: count() })
    .from(billingCharges)
    .where(
      and(
        eq(billingCharges.orgId, orgId),
        eq(billingCharges.period, period),
        like(billingCharges.purpose, `${prefix}-%`),
      ),
    );
  return `${prefix}-${(row?.n ?? 0) + 1}`;
}

/**
 * Writes a charge into the ledger inside the caller's transaction (org row locked): credit first
 * (spec §9 "credit carried to later payments"), the rest to be charged to the card. A charge whose
 * key exists already is that row, unchanged — the exactly-once guarantee. A charge credit covers in
 * full succeeds here, with its effects.
 */
export async function openCharge(
  tx: DbOrTx,
  deps: Pick<BillingDeps, 'clock'>,
  state: BillingState,
  charge: NewCharge,
): Promise<ChargeRow> {
  const key = idempotencyKey(state.orgId, charge.period, charge.purpose);
  const credit = Math.min(state.account.creditCents, charge.amountCents);
  const charged = charge.amountCents - credit;
  const now = deps.clock.now();
  const [row] = await tx
    .insert(billingCharges)
    .values({
      ...charge,
      orgId: state.orgId,
      idempotencyKey: key,
      creditAppliedCents: credit,
      chargedCents: charged,
      status: charged === 0 ? 'succeeded' : 'pending',
      attempts: charged === 0 ? 0 : 1,
      cardDescription: charged === 0 ? null : cardDescription(state.account),
      createdAt: now,
      settledAt: charged === 0 ? now : null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const [existing] = await tx
      .select()
      .from(billingCharges)
      .where(eq(billingCharges.idempotencyKey, key));
    if (!existing) throw new Error(`Charge ${key} neither inserted nor found`);
    return existing;
  }
  if (credit > 0)
    await tx
      .update(billingAccounts)
      .set({ creditCents: sql`${billingAccounts.creditCents} - ${credit}` })
      .where(eq(billingAccounts.orgId, state.orgId));
  if (row.status === 'succeeded') await applyEffects(tx, row);
  return row;
}

/**
 * Sends a pending charge to the gateway with the key of its current attempt and records the
 * outcome. Safe to repeat and to run in two processes at once: the gateway answers a repeated key
 * with the first outcome, and only one recording moves the row out of `pending`. A gateway error
 * leaves the row pending for the billing job to settle with the same key.
 */
export async function attemptCharge(deps: BillingDeps, chargeId: number): Promise<ChargeRow> {
  const row = await readCharge(deps.db, chargeId);
  if (row.status !== 'pending') return row;
  const [account] = await deps.db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.orgId, row.orgId));
  const outcome: ChargeOutcome =
    account?.customerId && account.paymentMethodId
      ? await deps.gateway.charge({
          customerId: account.customerId,
          paymentMethodId: account.paymentMethodId,
          amountCents: row.chargedCents,
          idempotencyKey: `${row.idempotencyKey}:${row.attempts}`,
          description: row.description,
          orgId: row.orgId,
        })
      : {
          status: 'failed',
          paymentId: '',
          clientSecret: null,
          message: 'No payment method on file.',
        };
  return recordOutcome(deps, row, 'pending', outcome);
}

/**
 * Cancels a charge's current gateway payment, under a key of the charge's attempt: repeating it
 * (a second run, a second copy) asks the gateway the same question and gets the same answer.
 */
export function cancelGatewayPayment(
  deps: BillingDeps,
  row: ChargeRow,
  paymentId: string,
): Promise<CancelOutcome> {
  return deps.gateway.cancelPayment({
    paymentId,
    idempotencyKey: `${row.idempotencyKey}:${row.attempts}:cancel`,
  });
}

/**
 * Starts the next attempt of a failed (or unconfirmed) recurring charge whose retry is due, then
 * sends it. Only one caller wins the move back to `pending`; the others get the row as it is.
 */
export async function retryCharge(deps: BillingDeps, chargeId: number): Promise<ChargeRow> {
  const row = await readCharge(deps.db, chargeId);
  if (row.status === 'requires_action' && row.gatewayPaymentId) {
    // The next attempt is a new gateway payment: the one waiting for 3-D Secure is cancelled
    // first, so it cannot be confirmed (and paid) beside it — unless the bank confirmed it already.
    const previous = await cancelGatewayPayment(deps, row, row.gatewayPaymentId);
    if (previous.status === 'succeeded')
      return recordOutcome(deps, row, 'requires_action', {
        status: 'succeeded',
        paymentId: previous.paymentId,
        clientSecret: null,
        message: null,
      });
  }
  const [claimed] = await deps.db
    .update(billingCharges)
    .set({ status: 'pending', attempts: sql`${billingCharges.attempts} + 1`, nextAttemptAt: null })
    .where(
      and(
        eq(billingCharges.id, chargeId),
        inArray(billingCharges.status, ['failed', 'requires_action']),
        lte(billingCharges.nextAttemptAt, deps.clock.now()),
      ),
    )
    .returning({ id: billingCharges.id });
  if (!claimed) return readCharge(deps.db, chargeId);
  return attemptCharge(deps, chargeId);
}

/**
 * Records a gateway outcome for a charge that is in `from` (pending after an attempt,
 * requires_action after a 3-D Secure confirmation), in one transaction with the org row locked:
 * effects on success, retries or Free after a failure, and the admins told.
 */
export async function recordOutcome(
  deps: BillingDeps,
  row: ChargeRow,
  from: 'pending' | 'requires_action',
  outcome: ChargeOutcome,
): Promise<ChargeRow> {
  return deps.db.transaction(async (tx) => {
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, row.orgId))
      .for('update');
    const now = deps.clock.now();
    // A recurring charge still unconfirmed after its last attempt counts as failed.
    const isFinalFailure = isRecurring(row.purpose)
      ? outcome.status !== 'succeeded' && row.attempts >= MAX_ATTEMPTS && from === 'pending'
      : outcome.status === 'failed';
    // Still waiting for 3-D Secure after the last attempt: the gateway payment must be cancelled
    // before the charge is closed (cancel-waiting-charges.ts, run by the billing job).
    const isAbandoned = isFinalFailure && outcome.status === 'requires_action';
    const retryAt =
      outcome.status !== 'succeeded' && isRecurring(row.purpose) && row.attempts < MAX_ATTEMPTS
        ? retryDate(row)
        : null;
    const [updated] = await tx
      .update(billingCharges)
      .set({
        status: isAbandoned ? 'canceling' : isFinalFailure ? 'failed' : outcome.status,
        gatewayPaymentId: outcome.paymentId || row.gatewayPaymentId,
        clientSecret: outcome.clientSecret,
        failureMessage: outcome.message,
        settledAt: outcome.status === 'succeeded' ? now : null,
        nextAttemptAt:
          from === 'requires_action' && outcome.status === 'failed' ? row.nextAttemptAt : retryAt,
      })
      .where(
        and(
          eq(billingCharges.id, row.id),
          eq(billingCharges.status, from),
          eq(billingCharges.attempts, row.attempts),
        ),
      )
      .returning();
    if (!updated) return readCharge(tx, row.id);
    if (updated.status === 'succeeded') await applyEffects(tx, updated);
    else if (isFinalFailure) {
      if (!isAbandoned) await returnCredit(tx, updated);
      if (isRecurring(row.purpose))
        await moveToFree(tx, deps, { orgId: row.orgId, reason: 'payment-failed' });
    }
    if (updated.status !== 'succeeded' && isRecurring(row.purpose) && updated.nextAttemptAt)
      await notifyAdmins(tx, deps, {
        orgId: row.orgId,
        templateId: NOTIFICATION_TEMPLATES.info,
        subject:
          updated.status === 'requires_action'
            ? 'Confirm your Waymark payment'
            : 'Your Waymark payment was declined',
        paragraphs: [
          updated.status === 'requires_action'
            ? `Your bank asks you to confirm the payment of ${formatUsd(updated.chargedCents)} for ${updated.description}. Open your Account page to confirm it.`
            : `We could not charge ${formatUsd(updated.chargedCents)} for ${updated.description}: ${outcome.message ?? 'the card was declined.'}`,
          `We will try again on ${formatDay(updated.nextAttemptAt)}. You can add another card on your Account page before then. After the last attempt fails, your organization moves to the Free plan.`,
        ],
      });
    return updated;
  });
}

/** The moment attempt `row.attempts + 1` is due: day 3, then day 7 of the first attempt's month. */
function retryDate(row: ChargeRow): Date {
  const day = Date.UTC(
    row.createdAt.getUTCFullYear(),
    row.createdAt.getUTCMonth(),
    row.createdAt.getUTCDate(),
  );
  const offset = RETRY_OFFSET_DAYS[Math.min(row.attempts, RETRY_OFFSET_DAYS.length) - 1] ?? 6;
  return new Date(day + offset * DAY_MS);
}

/** What a succeeded charge does: a purchase adds its licences, an upgrade starts its plan. */
export async function applyEffects(tx: DbOrTx, row: ChargeRow): Promise<void> {
  if (row.licenseDelta > 0)
    await tx
      .insert(licenses)
      .values(Array.from({ length: row.licenseDelta }, () => ({ orgId: row.orgId })));
  if (row.purpose.startsWith('upgrade-')) {
    await tx
      .update(organizations)
      .set({ planId: row.planId })
      .where(eq(organizations.id, row.orgId));
    await tx
      .update(billingAccounts)
      .set({ scheduledPlanId: null, scheduledEffectiveAt: null })
      .where(eq(billingAccounts.orgId, row.orgId));
  }
}

/** Gives back the credit a charge had reserved (it took nothing in the end). */
export async function returnCredit(tx: DbOrTx, row: ChargeRow): Promise<void> {
  if (row.creditAppliedCents === 0) return;
  await tx
    .update(billingAccounts)
    .set({ creditCents: sql`${billingAccounts.creditCents} + ${row.creditAppliedCents}` })
    .where(eq(billingAccounts.orgId, row.orgId));
}

/** One ledger row by id. */
export async function readCharge(db: DbOrTx, chargeId: number): Promise<ChargeRow> {
  const [row] = await db.select().from(billingCharges).where(eq(billingCharges.id, chargeId));
  if (!row) throw new Error(`Charge ${chargeId} not found`);
  return row;
}

/** Dollars of a charge as the API shows them. */
export function chargedDollars(row: Pick<ChargeRow, 'chargedCents'>): number {
  return centsToDollars(row.chargedCents);
}

/** Whether the plan id is one an admin may choose (not the trial). */
export function isChoosablePlanId(planId: number): boolean {
  return planId !== PLAN_IDS.standardTrial && Object.values(PLAN_IDS).includes(planId as never);
}
