import { z } from 'zod';
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
});
/** spec §3 Plan option. */
export type TPlanOption = z.infer<typeof ZPlanOption>;

/** spec §3 Customer payment info. */
export const ZCustomerPaymentInfo = z.object({
  stripeCustomerId: z.string().nullable(),
  cardLastFourDigits: z.string().nullable(),
  expMonthandYear: z.string().nullable(),
  stripePaymentId: z.string().nullable(),
});
/** spec §3 Customer payment info. */
export type TCustomerPaymentInfo = z.infer<typeof ZCustomerPaymentInfo>;

/** spec §3 Payment record (save). */
export const ZSavePaymentMethod = z.object({ stripePaymentId: ZText.min(1) });
/** spec §3 Payment record (save). */
export type TSavePaymentMethod = z.infer<typeof ZSavePaymentMethod>;

/** spec §3 Payment history row. */
export const ZPaymentHistoryRow = z.object({
  paymentDate: z.string(),
  transactionId: z.string(),
  planName: z.string(),
  totalPaymentAmount: z.number(),
});
/** spec §3 Payment history row. */
export type TPaymentHistoryRow = z.infer<typeof ZPaymentHistoryRow>;

/** spec §3 Licence change: purchase. */
export const ZPurchaseLicense = z.object({
  orgId: ZId,
  planId: z.number().int(),
  purchaseCount: z.number().int().positive(),
});
/** spec §3 Licence change: purchase. */
export type TPurchaseLicense = z.infer<typeof ZPurchaseLicense>;

/** spec §3 Licence change: removal. */
export const ZRemoveLicense = z.object({
  orgId: ZId,
  planId: z.number().int(),
  licenseRemovalCount: z.number().int().positive(),
});
/** spec §3 Licence change: removal. */
export type TRemoveLicense = z.infer<typeof ZRemoveLicense>;

/** spec §3 Cost query for a licence change. */
export const ZOneTimeChargeQuery = z.object({
  orgId: ZId,
  valueType: z.enum(['+', '-']),
  licenseChange: z.number().int(),
  planId: z.number().int(),
});
/** spec §3 Cost query for a licence change. */
export type TOneTimeChargeQuery = z.infer<typeof ZOneTimeChargeQuery>;
