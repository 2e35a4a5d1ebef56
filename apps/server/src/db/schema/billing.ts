import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * An organization's subscription state beside `organizations.plan_id` (issue 13): the plan change
 * waiting for trial end or the 1st, the credit balance, and the payment customer and card. Only
 * brand, last four and expiry of a card are kept (docs/billing.md).
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    orgId: integer('org_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The plan taking effect at trial end (during the trial) or on the next 1st; null: none. */
    scheduledPlanId: integer('scheduled_plan_id'),
    /** When {@link scheduledPlanId} takes effect: the trial end, or 00:00 UTC on the next 1st. */
    scheduledEffectiveAt: timestamp('scheduled_effective_at', { withTimezone: true }),
    /** Credit in cents, used before the card on the next charges (spec §9). */
    creditCents: integer('credit_cents').notNull().default(0),
    /** The gateway's customer (cus_…). */
    customerId: text('customer_id'),
    /** The saved payment method (pm_…), charged off-session. */
    paymentMethodId: text('payment_method_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('billing_accounts_credit_check', sql`${table.creditCents} >= 0`),
    uniqueIndex('billing_accounts_payment_method_id_key').on(table.paymentMethodId),
  ],
);

/**
 * A card save or removal in progress (issue 24): one row per organization while its gateway
 * calls run outside any transaction; a second change meanwhile is refused. The row is deleted when
 * the change ends, so a refused change leaves nothing behind; a crashed change's row runs out.
 */
export const billingCardClaims = pgTable('billing_card_claims', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** When the claim runs out. */
  until: timestamp('until', { withTimezone: true }).notNull(),
});

/**
 * The charges ledger: one row per charge, keyed by organization, period (`YYYY-MM`) and purpose
 * (`monthly`, `trial-conversion`, `upgrade-1`, `purchase-3`…). The UNIQUE idempotency key is what
 * makes every job and request exactly-once: a second attempt finds the row instead of charging.
 * Amounts in integer cents; `charged_cents` = `amount_cents` − `credit_applied_cents`.
 */
export const billingCharges = pgTable(
  'billing_charges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    purpose: text('purpose').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    planId: integer('plan_id').notNull(),
    licenseCount: integer('license_count').notNull(),
    /** Licences added when the charge succeeds (a purchase); 0 otherwise. */
    licenseDelta: integer('license_delta').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    creditAppliedCents: integer('credit_applied_cents').notNull().default(0),
    chargedCents: integer('charged_cents').notNull(),
    /**
     * `pending` → `succeeded` | `failed` | `requires_action` (3-D Secure). `canceling`: the ledger
     * gave up on a charge waiting for 3-D Secure and the gateway payment is being cancelled (the
     * billing job finishes it); then `canceled` (nothing taken), or `succeeded` when the bank had
     * confirmed it meanwhile (docs/billing.md "Charges waiting for 3-D Secure").
     */
    status: text('status').notNull().default('pending'),
    description: text('description').notNull(),
    cardDescription: text('card_description'),
    gatewayPaymentId: text('gateway_payment_id'),
    /** For a 3-D Secure confirmation in the portal (`requires_action`). */
    clientSecret: text('client_secret'),
    failureMessage: text('failure_message'),
    /** Gateway attempts made; the gateway key of attempt n is `<idempotency key>:<n>`. */
    attempts: integer('attempts').notNull().default(0),
    /** When a failed recurring charge is tried again (day 3, day 7); null: no retry left. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('billing_charges_idempotency_key_key').on(table.idempotencyKey),
    uniqueIndex('billing_charges_org_period_purpose_key').on(
      table.orgId,
      table.period,
      table.purpose,
    ),
    index('billing_charges_due_idx').on(table.status, table.nextAttemptAt),
    check(
      'billing_charges_status_check',
      sql`${table.status} in ('pending', 'succeeded', 'failed', 'requires_action', 'canceling', 'canceled')`,
    ),
    check(
      'billing_charges_amounts_check',
      sql`${table.amountCents} >= 0 and ${table.creditAppliedCents} >= 0 and ${table.chargedCents} = ${table.amountCents} - ${table.creditAppliedCents}`,
    ),
  ],
);

/**
 * Idempotency keys of admin requests (decision 0131): one row per organization and key for a day,
 * so a repeated purchase answers its first outcome instead of buying again. Only the key's hash is
 * kept, with the request it came with (`fingerprint`) and the charge it opened (null when nothing
 * was charged: the trial adds licences free).
 */
export const billingRequestKeys = pgTable(
  'billing_request_keys',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** SHA-256 of the client's key, base64url. */
    keyHash: text('key_hash').notNull(),
    /** The request the key was first sent with (`purchaseLicense:<planId>:<count>`). */
    fingerprint: text('fingerprint').notNull(),
    chargeId: integer('charge_id').references(() => billingCharges.id, { onDelete: 'cascade' }),
    /** On the billing clock; the key is forgotten 24 hours later. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.keyHash] })],
);

/**
 * The sandbox gateway's own records (docs/billing.md): payment methods made by our card form
 * (brand, last four, expiry only) and payments keyed by the gateway idempotency key, so a repeated
 * call answers the first outcome exactly as Stripe does.
 */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  customerId: text('customer_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sandbox payments by gateway idempotency key (see {@link sandboxPaymentMethods}). */
export const sandboxPayments = pgTable('sandbox_payments', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  id: text('id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  paymentMethodId: text('payment_method_id').notNull(),
  status: text('status').notNull(),
  message: text('message'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
