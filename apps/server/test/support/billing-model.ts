// An independent model of the billing rules (issue 13, docs/billing.md) for the simulation test:
// plain numbers and arrays, no database, its own rounding. If it and the server disagree by a
// cent, one of them is wrong.

/** Plan prices in cents per licence per month (spec §9), restated here on purpose. */
export const PRICE: Record<string, number> = { Free: 0, Basic: 400, Standard: 600, Pro: 900 };
type PlanName = 'Free' | 'Basic' | 'Standard' | 'Pro' | 'Standard Trial';

/** A card as the model sees it: charges succeed, are declined, or there is none. */
export type ModelCard = 'ok' | 'decline' | 'none';

/** An expected ledger row. */
export type ModelCharge = {
  period: string;
  kind: 'monthly' | 'trial-conversion' | 'upgrade' | 'purchase';
  amount: number;
  credit: number;
  status: 'succeeded' | 'failed';
  attempts: number;
  created: Date;
  nextAttempt: Date | null;
};

/** One organization's expected state. */
export type ModelOrg = {
  plan: PlanName;
  trialEnd: Date;
  scheduled: PlanName | null;
  scheduledAt: Date | null;
  licenses: number;
  card: ModelCard;
  credit: number;
  charges: ModelCharge[];
};

const DAY = 86_400_000;
const isPaid = (plan: PlanName) => PRICE[plan] !== undefined && (PRICE[plan] ?? 0) > 0;
const period = (at: Date) => at.toISOString().slice(0, 7);
const dayStart = (at: Date) => Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
const nextFirst = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));

/** Proration by exact rational arithmetic in BigInt: half-up to the cent. */
export function prorate(count: number, price: number, at: Date): number {
  const days = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  const left = days - at.getUTCDate() + 1;
  const numerator = BigInt(count) * BigInt(price) * BigInt(left);
  const denominator = BigInt(days);
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  return Number(remainder * 2n >= denominator ? quotient + 1n : quotient);
}

/** Stripe's minimum card payment, in cents (decision 0132). */
const MINIMUM_CHARGE = 50;

/** A one-time charge (purchase, upgrade, trial conversion): the proration, waived under the minimum. */
function oneTime(count: number, price: number, at: Date): number {
  const cents = prorate(count, price, at);
  return cents < MINIMUM_CHARGE ? 0 : cents;
}

/** A new trial organization created at `at`. */
export function newModelOrg(at: Date): ModelOrg {
  return {
    plan: 'Standard Trial',
    trialEnd: new Date(at.getTime() + 30 * DAY),
    scheduled: null,
    scheduledAt: null,
    licenses: 1,
    card: 'none',
    credit: 0,
    charges: [],
  };
}

function open(
  org: ModelOrg,
  kind: ModelCharge['kind'],
  amount: number,
  at: Date,
  forPeriod: string,
) {
  // Credit first, but never leaving the card less than the minimum (decision 0132).
  const credit =
    org.credit >= amount ? amount : Math.max(0, Math.min(org.credit, amount - MINIMUM_CHARGE));
  org.credit -= credit;
  const charge: ModelCharge = {
    period: forPeriod,
    kind,
    amount,
    credit,
    status: 'failed',
    attempts: amount - credit === 0 ? 0 : 1,
    created: at,
    nextAttempt: null,
  };
  org.charges.push(charge);
  if (amount - credit === 0 || org.card === 'ok') charge.status = 'succeeded';
  return charge;
}

function toFree(org: ModelOrg) {
  org.plan = 'Free';
  org.licenses = 1;
  org.scheduled = null;
  org.scheduledAt = null;
  for (const charge of org.charges)
    if (charge.nextAttempt) {
      charge.nextAttempt = null;
      org.credit += charge.credit;
    }
}

/** A recurring charge just attempted: schedules its retry, or ends in Free. */
function afterRecurring(org: ModelOrg, charge: ModelCharge) {
  if (charge.status === 'succeeded') return;
  if (charge.attempts >= 3) {
    org.credit += charge.credit;
    toFree(org);
  } else
    charge.nextAttempt = new Date(dayStart(charge.created) + [2, 6][charge.attempts - 1]! * DAY);
}

/** The billing job at `now`; true when anything was due. */
export function runDue(org: ModelOrg, now: Date): boolean {
  const before = dueSnapshot(org);
  runDueSteps(org, now);
  return dueSnapshot(org) !== before;
}

/**
 * What the job can change: the org's fields, new charges, and the charges it retries (only those
 * with a next attempt) — not the whole history, which this runs over daily for every org.
 */
function dueSnapshot(org: ModelOrg): string {
  const { charges, ...fields } = org;
  const retrying = charges.filter((c) => c.nextAttempt);
  return JSON.stringify([fields, charges.length, retrying]);
}

function runDueSteps(org: ModelOrg, now: Date): void {
  for (const charge of org.charges)
    if (charge.status === 'failed' && charge.nextAttempt && charge.nextAttempt <= now) {
      charge.nextAttempt = null;
      charge.attempts += 1;
      if (org.card === 'ok') charge.status = 'succeeded';
      afterRecurring(org, charge);
    }
  if (org.plan === 'Standard Trial' && org.trialEnd <= now) {
    const target = org.scheduled ?? 'Standard';
    org.scheduled = null;
    org.scheduledAt = null;
    if (!isPaid(target) || org.card === 'none') toFree(org);
    else {
      org.plan = target;
      const amount = oneTime(org.licenses, PRICE[target]!, org.trialEnd);
      afterRecurring(org, open(org, 'trial-conversion', amount, now, period(org.trialEnd)));
    }
  } else if (org.scheduled && org.scheduledAt && org.scheduledAt <= now) {
    if (isPaid(org.scheduled)) {
      org.plan = org.scheduled;
      org.scheduled = null;
      org.scheduledAt = null;
    } else toFree(org);
  }
  if (!isPaid(org.plan)) return;
  const current = period(now);
  if (org.charges.some((c) => c.period === current && c.kind !== 'purchase')) return;
  const amount = org.licenses * PRICE[org.plan]!;
  afterRecurring(org, open(org, 'monthly', amount, now, current));
}

/** What an admin's action should do: true when it succeeds. */
export function act(org: ModelOrg, action: ModelAction, now: Date): boolean {
  switch (action.kind) {
    case 'purchase': {
      if (org.plan === 'Free') return false;
      if (org.plan === 'Standard Trial') {
        org.licenses += action.count;
        return true;
      }
      const charge = open(
        org,
        'purchase',
        oneTime(action.count, PRICE[org.plan]!, now),
        now,
        period(now),
      );
      if (charge.status === 'succeeded') org.licenses += action.count;
      else org.credit += charge.credit;
      return charge.status === 'succeeded';
    }
    case 'remove':
      if (!isPaid(org.plan) || org.licenses - action.count < 1) return false;
      org.licenses -= action.count;
      return true;
    case 'select': {
      if (org.plan === 'Standard Trial') {
        org.scheduled = action.plan;
        org.scheduledAt = org.trialEnd;
        return true;
      }
      if (action.plan === org.plan) {
        org.scheduled = null;
        org.scheduledAt = null;
        return true;
      }
      if (org.plan === 'Free') {
        if (org.card === 'none') return false;
        const charge = open(
          org,
          'upgrade',
          oneTime(org.licenses, PRICE[action.plan]!, now),
          now,
          period(now),
        );
        if (charge.status !== 'succeeded') {
          org.credit += charge.credit;
          return false;
        }
        org.plan = action.plan;
        org.scheduled = null;
        org.scheduledAt = null;
        return true;
      }
      org.scheduled = action.plan;
      org.scheduledAt = nextFirst(now);
      return true;
    }
    case 'cancel':
      if (org.plan === 'Free') return false;
      org.scheduled = 'Free';
      org.scheduledAt = org.plan === 'Standard Trial' ? org.trialEnd : nextFirst(now);
      return true;
    case 'card':
      org.card = action.card;
      return true;
    case 'credit':
      org.credit += action.cents;
      return true;
  }
}

/** An admin's (or operator's) action in the simulation. */
export type ModelAction =
  | { kind: 'purchase'; count: number }
  | { kind: 'remove'; count: number }
  | { kind: 'select'; plan: 'Free' | 'Basic' | 'Standard' | 'Pro' }
  | { kind: 'cancel' }
  | { kind: 'card'; card: ModelCard }
  | { kind: 'credit'; cents: number };
