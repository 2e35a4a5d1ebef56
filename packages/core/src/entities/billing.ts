import { z } from 'zod';
import { ZIdempotencyKey } from './idempotency-key';
import { ZId } from './ids';
import { ZText } from './text';

/** The names a plan goes by (spec §3). */
export const ZPlanName = z.enum(['Free', 'Standard Trial', 'Basic', 'Standard', 'Pro']);

/** spec §3 Plan info for an org. Money in this shape is dollars, as the portal shows it. */
export const ZOrgPlanInfo = z.object({
  currentPlanId: z.number().int(),
  currentPlanName: ZPlanName,
  orgTrialEndDate: z.string().nullable(),
  accountEndDate: z.string().nullable(),
  currentOrgMonthlyCost: z.number(),
  orgStatus: z.string(),
  assignedLicenseCount: z.number().int(),
  availableLicenseCount: z.number().int(),
  totalLicenseCount: z.number().int(),
  /** The plan taking effect at the next change (trial end or the 1st), null when none is scheduled. */
  scheduledPlanId: z.number().int().nullable(),
  /** Name of {@link scheduledPlanId}'s plan. */
  scheduledPlanName: ZPlanName.nullable(),
  /** Whether the organization has a saved payment method. */
  hasPaymentMethod: z.boolean(),
  /** Unused credit in dollars, used before the card on the next charges (spec §9). */
  creditBalance: z.number(),
  /** A charge waits for the admin to confirm it with their bank (3-D Secure). */
  hasPendingPaymentAction: z.boolean(),
});
/** spec §3 Plan info for an org. */
export type TOrgPlanInfo = z.infer<typeof ZOrgPlanInfo>;

/** spec §3 Plan option; the trial variant carries the after-expiration fields. */
export const ZPlanOption = z.object({
  planId: z.number().int(),
  planName: ZPlanName,
  monthlyCostPerLicense: z.number(),
  currentLicenseCount: z.number().int(),
  currentMonthlyCost: z.number(),
  currentMonthlyCostPerLicense: z.number().optional(),
  costPerLicenseAfterExpiration: z.number().optional(),
  planAfterExpiration: z.string().optional(),
  /** The organization is on this plan now. */
  isCurrentPlan: z.boolean(),
  /** This plan is scheduled to take effect (trial end or the 1st of next month). */
  isScheduledPlan: z.boolean(),
});
/** spec §3 Plan option. */
export type TPlanOption = z.infer<typeof ZPlanOption>;

/** spec §3 Customer payment info. */
export const ZCustomerPaymentInfo = z.object({
  stripeCustomerId: z.string().nullable(),
  cardLastFourDigits: z.string().nullable(),
  expMonthandYear: z.string().nullable(),
  stripePaymentId: z.string().nullable(),
  /** Card brand as the gateway names it (visa, mastercard…), null without a card. */
  cardBrand: z.string().nullable(),
});
/** spec §3 Customer payment info. */
export type TCustomerPaymentInfo = z.infer<typeof ZCustomerPaymentInfo>;

/** A gateway object id (pm_…, pi_…, cus_…): letters, digits and underscores. */
export const ZGatewayId = z
  .string()
  .regex(/^[A-Za-z0-9_]{1,255}$/, 'must be a payment method id such as pm_123');

/**
 * spec §3 Payment record (save): `stripePaymentId` as the spec has it, plus `orgId` — the server
 * must know whose customer the card joins, and the access check reads it (docs/billing.md).
 */
export const ZSavePaymentMethod = z.object({ stripePaymentId: ZGatewayId, orgId: ZId });
/** spec §3 Payment record (save). */
export type TSavePaymentMethod = z.infer<typeof ZSavePaymentMethod>;

/** spec §3 Payment history row. */
export const ZPaymentHistoryRow = z.object({
  paymentDate: z.string(),
  transactionId: z.string(),
  planName: z.string(),
  totalPaymentAmount: z.number(),
  /** What was charged for, for the receipt ("3 × Basic licence, Nov 23–30, 2026"). */
  description: z.string(),
  /** Licences paid for. */
  licenseCount: z.number().int(),
  /** Credit used before the card, in dollars (already deducted from totalPaymentAmount). */
  creditAppliedAmount: z.number(),
  /** The card charged, e.g. "visa •••• 4242"; null when credit covered it all. */
  cardDescription: z.string().nullable(),
});
/** spec §3 Payment history row. */
export type TPaymentHistoryRow = z.infer<typeof ZPaymentHistoryRow>;

/** What a repeated purchase key means, as the API document states it. */
const PURCHASE_KEY_DESCRIPTION =
  'Optional; one per purchase the admin means (the portal makes one each time the dialog opens). Sent again within 24 hours by the same organization, the call answers as the first one did — the same text, or the same 402 — and charges and adds nothing again; with a different purchaseCount or planId it is refused (409 CONFLICT). 16 to 255 visible ASCII characters, e.g. a UUID.';

/**
 * spec §3 Licence change: purchase. `idempotencyKey` is ours (decision 0131): the spec's three
 * fields are unchanged, and a call without it buys every time as before.
 */
export const ZPurchaseLicense = z.object({
  orgId: ZId,
  planId: z.number().int(),
  purchaseCount: z.number().int().positive().max(10_000),
  /** See {@link ZIdempotencyKey}. */
  idempotencyKey: ZIdempotencyKey.optional().meta({ description: PURCHASE_KEY_DESCRIPTION }),
});
/** spec §3 Licence change: purchase. */
export type TPurchaseLicense = z.infer<typeof ZPurchaseLicense>;

/** spec §3 Licence change: removal. */
export const ZRemoveLicense = z.object({
  orgId: ZId,
  planId: z.number().int(),
  licenseRemovalCount: z.number().int().positive().max(10_000),
});
/** spec §3 Licence change: removal. */
export type TRemoveLicense = z.infer<typeof ZRemoveLicense>;

/**
 * spec §3 Cost query for a licence change. spec §5: the cost uses the absolute value of
 * `licenseChange`; a `-` change costs nothing (removal is not refunded).
 */
export const ZOneTimeChargeQuery = z.object({
  orgId: ZId,
  valueType: z.enum(['+', '-']),
  licenseChange: z.number().int().min(-100_000).max(100_000),
  planId: z.number().int(),
});
/** spec §3 Cost query for a licence change. */
export type TOneTimeChargeQuery = z.infer<typeof ZOneTimeChargeQuery>;

/** spec §3 licence info, extended for the licence dialogs (the teams fields unchanged first). */
export const ZLicenseInfoDetail = z.object({
  assignedLicenseCount: z.number().int(),
  availableLicenseCount: z.number().int(),
  totalLicenseCount: z.number().int(),
  /** The plan the organization is on now. */
  planId: z.number().int(),
  /** Its name. */
  planName: ZPlanName,
  /** Its price per licence per month in dollars (0 on Free and during the trial). */
  monthlyCostPerLicense: z.number(),
  /** Licences can be bought or removed on this plan (not on Free, spec §2). */
  canManageLicenses: z.boolean(),
  /** The total may not go below this: the licences assigned, and at least 1 (issue 13). */
  minimumLicenseCount: z.number().int(),
});
/** spec §3 licence info with the plan it is priced at. */
export type TLicenseInfoDetail = z.infer<typeof ZLicenseInfoDetail>;

/** Which payment gateway the server uses and what the portal needs to load its card form. */
export const ZPaymentConfig = z.object({
  /** `sandbox`: our own card form (Stripe's test numbers); `stripe`: the Payment Element. */
  gateway: z.enum(['sandbox', 'stripe']),
  /** Stripe's publishable key; null in the sandbox. */
  publishableKey: z.string().nullable(),
});
/** Which payment gateway the server uses. */
export type TPaymentConfig = z.infer<typeof ZPaymentConfig>;

/** The outcome of saving a payment method: done, or the bank wants the admin to confirm (3-D Secure). */
export const ZSavePaymentMethodResult = z.object({
  status: z.enum(['succeeded', 'requires_action']),
  /** For `requires_action`: the SetupIntent's client secret for `stripe.handleNextAction`. */
  clientSecret: z.string().nullable(),
  /** What the portal shows. */
  message: z.string(),
});
/** The outcome of saving a payment method. */
export type TSavePaymentMethodResult = z.infer<typeof ZSavePaymentMethodResult>;

/** A charge waiting for the admin to confirm it with their bank (3-D Secure). */
export const ZPendingPaymentAction = z.object({
  /** The gateway's payment id (pi_…). */
  paymentIntentId: z.string(),
  /** For `stripe.handleNextAction`; null in the sandbox (confirmed with sandboxConfirmPayment). */
  clientSecret: z.string().nullable(),
  /** Amount in dollars. */
  amount: z.number(),
  /** What the charge is for. */
  description: z.string(),
});
/** A charge waiting for the admin's confirmation. */
export type TPendingPaymentAction = z.infer<typeof ZPendingPaymentAction>;

/**
 * A charge whose outcome is not known yet (decision 0130): sent to the gateway, or to be sent again
 * by the billing job after the gateway did not answer. Neither paid nor declined.
 */
export const ZProcessingPayment = z.object({
  /** Amount in dollars. */
  amount: z.number(),
  /** What the charge is for. */
  description: z.string(),
  /** When the charge was made (ISO 8601). */
  startedAt: z.string(),
});
/** A charge whose outcome is not known yet. */
export type TProcessingPayment = z.infer<typeof ZProcessingPayment>;

/** The sandbox card form's fields (never sent to Stripe; only brand, last four and expiry are kept). */
export const ZSandboxCard = z.object({
  orgId: ZId,
  /** Digits, spaces allowed: "4242 4242 4242 4242". */
  cardNumber: z.string().max(30),
  expMonth: z.number().int().min(1).max(12),
  /** Four digits, e.g. 2030. */
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().max(4),
  /** Billing address (spec §7: billing address mode); kept only as far as the receipt needs. */
  billingName: ZText.max(200).optional(),
  billingPostalCode: ZText.max(20).optional(),
  billingCountry: ZText.max(2).optional(),
});
/** The sandbox card form's fields. */
export type TSandboxCard = z.infer<typeof ZSandboxCard>;
