import { and, count, eq, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingCharges } from '../../db/schema';

// The charges ledger's vocabulary (rows, purposes, keys) and its reads. Writing a charge is
// open-charge.ts; sending it attempt-charge.ts and retry-charge.ts; recording the gateway's answer
// record-outcome.ts and record-cancellation.ts, both through settle-charge.ts.

/**
 * How long an admin's request, or its repeat with the same idempotency key, waits for its charge's
 * outcome before answering PAYMENT_PROCESSING. An outcome recorded later than this after the charge
 * opened may not have reached the admin: they are told (late-outcome-notice.ts, decision 0130).
 */
export const REQUEST_WAIT_MS = 20_000;

/** A row of the charges ledger. */
export type ChargeRow = typeof billingCharges.$inferSelect;

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

/** One ledger row by id. */
export async function readCharge(db: DbOrTx, chargeId: number): Promise<ChargeRow> {
  const [row] = await db.select().from(billingCharges).where(eq(billingCharges.id, chargeId));
  if (!row) throw new Error(`Charge ${chargeId} not found`);
  return row;
}
