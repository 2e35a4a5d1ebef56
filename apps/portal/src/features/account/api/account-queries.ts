import { dollarsToCents, routes } from '@waymark/core';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { oneTimeChargeBody } from '../license-change';

/** Query keys of the Account screen; every billing change refreshes through them. */
export const accountKeys = {
  /** Everything the Account screen reads for one organization. */
  all: (orgId: number) => ['account-screen', orgId] as const,
  planOptions: (orgId: number) => ['account-screen', orgId, 'plan-options'] as const,
  licenseInfo: (orgId: number) => ['account-screen', orgId, 'licenses'] as const,
  paymentMethod: (orgId: number) => ['account-screen', orgId, 'payment-method'] as const,
  paymentHistory: (orgId: number) => ['account-screen', orgId, 'payment-history'] as const,
  pendingAction: (orgId: number) => ['account-screen', orgId, 'pending-action'] as const,
  processing: (orgId: number) => ['account-screen', orgId, 'processing'] as const,
  attachmentStorage: (orgId: number) => ['account-screen', orgId, 'attachment-storage'] as const,
  /** Not per organization: the server's gateway does not change while the portal runs. */
  paymentConfig: ['payment-config'] as const,
};

/**
 * spec §7 getOrgPlanInfo, under the shared key the other admin screens read their plan limits
 * from, so a plan change here refreshes them too.
 */
export function orgPlanInfoQuery(orgId: number) {
  return queryOptions({
    queryKey: queryKeys.orgPlan(orgId),
    queryFn: () => apiClient.call(routes.getOrgPlanInfo, { params: { orgId } }),
  });
}

/** Issue 14: the organization's attachment bytes against its storage quota. */
export function attachmentStorageQuery(orgId: number) {
  return queryOptions({
    queryKey: accountKeys.attachmentStorage(orgId),
    queryFn: () => apiClient.call(routes.getAttachmentStorage, { params: { orgId } }),
  });
}

/** spec §7 getPlanOptions: the plans with their cost at the organization's licence count. */
export function planOptionsQuery(orgId: number) {
  return queryOptions({
    queryKey: accountKeys.planOptions(orgId),
    queryFn: () => apiClient.call(routes.getPlanOptions, { params: { orgId } }),
  });
}

/** spec §7 getLicenseInfo: counts, the plan they are priced at and the lowest allowed total. */
export function licenseInfoQuery(orgId: number) {
  return queryOptions({
    queryKey: accountKeys.licenseInfo(orgId),
    queryFn: () => apiClient.call(routes.getLicenseInfo, { params: { orgId } }),
  });
}

/** spec §7 retrieveCustomerPaymentMethod: the saved card, all null without one. */
export function paymentMethodQuery(orgId: number) {
  return queryOptions({
    queryKey: accountKeys.paymentMethod(orgId),
    queryFn: () => apiClient.call(routes.retrieveCustomerPaymentMethod, { params: { orgId } }),
  });
}

/** spec §7 getPaymentHistory, newest first. */
export function paymentHistoryQuery(orgId: number) {
  return queryOptions({
    queryKey: accountKeys.paymentHistory(orgId),
    queryFn: () => apiClient.call(routes.getPaymentHistory, { params: { orgId } }),
  });
}

/** A charge the bank wants the admin to confirm (3-D Secure), or null. */
export function pendingPaymentActionQuery(orgId: number) {
  return queryOptions({
    queryKey: accountKeys.pendingAction(orgId),
    queryFn: () => apiClient.call(routes.getPendingPaymentAction, { params: { orgId } }),
  });
}

/**
 * Decision 0130: charges whose outcome is not known yet; read again every 30 s while there are
 * any, so the screen shows the outcome the billing job records without a reload.
 */
export function processingPaymentsQuery(orgId: number) {
  return queryOptions({
    queryKey: accountKeys.processing(orgId),
    queryFn: () => apiClient.call(routes.getProcessingPayments, { params: { orgId } }),
    refetchInterval: (query) => ((query.state.data?.length ?? 0) > 0 ? PROCESSING_POLL_MS : false),
  });
}

/** How often a processing payment is asked after (the billing job runs every 15 minutes). */
export const PROCESSING_POLL_MS = 30_000;

/** Which gateway the server uses (Sandbox or Stripe) and Stripe's publishable key. */
export function paymentConfigQuery() {
  return queryOptions({
    queryKey: accountKeys.paymentConfig,
    queryFn: () => apiClient.call(routes.getPaymentConfig),
    staleTime: Infinity,
  });
}

/**
 * spec §4, §8 CalculateOneTimeCharge: what a licence change on `planId` charges today, in cents.
 * A failed calculation counts as 0 (spec §8), so the dialog never blocks on it.
 */
export function oneTimeChargeQuery(orgId: number, planId: number, change: number) {
  return queryOptions({
    queryKey: [...accountKeys.all(orgId), 'one-time-charge', planId, change] as const,
    queryFn: async () => {
      try {
        const dollars = await apiClient.call(routes.calculateOneTimeCharge, {
          body: oneTimeChargeBody(orgId, planId, change),
        });
        return dollarsToCents(dollars);
      } catch (error) {
        console.error('One-time charge calculation failed; treated as 0.', error);
        return 0;
      }
    },
    // The charge is prorated by the day: never reuse yesterday's answer.
    staleTime: 0,
    gcTime: 0,
  });
}
