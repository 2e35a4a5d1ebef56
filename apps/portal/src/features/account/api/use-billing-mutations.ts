import { isAppError, routes } from '@waymark/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBanner } from '../../../components/banner/use-banner';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import {
  LICENSES_REMOVED_MESSAGE,
  licensesPurchasedMessage,
  PLAN_ID_UNDEFINED_LOG,
} from '../account-messages';
import { accountKeys, licenseInfoQuery } from './account-queries';

/** Refreshes everything the Account screen and the other screens' plan limits read. */
export function useRefreshAccount(orgId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.all(orgId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.orgPlan(orgId) }),
    ]);
}

/** spec §8: billing failures are logged; the dialogs also show the server's reason. */
function logFailure(what: string) {
  return (error: unknown) => console.error(`${what} failed.`, error);
}

/**
 * A change whose charge the bank wants confirmed (3-D Secure) is not made yet: the screen refreshes
 * so its banner shows the waiting charge, while the dialog leads to the confirmation.
 */
function onChargeFailure(what: string, refresh: () => Promise<unknown>) {
  return async (error: unknown) => {
    logFailure(what)(error);
    // A 409 is another plan change or card save under way (issue 24), a payment being processed
    // will complete on its own (decision 0128): show where it stands.
    if (
      isAppError(error) &&
      ['PAYMENT_ACTION_REQUIRED', 'PAYMENT_PROCESSING', 'CONFLICT'].includes(error.code)
    )
      await refresh();
  };
}

/**
 * spec §7 purchaseLicense / removeLicense for a change of `change` licences (spec §4: negative
 * removes, positive buys, zero does nothing). Resolves to the banner text: the server's, else
 * spec §8's. A purchase sent again with its `idempotencyKey` buys nothing twice (decision 0131).
 */
async function changeLicenses(
  orgId: number,
  planId: number,
  change: number,
  idempotencyKey?: string,
): Promise<string> {
  if (change > 0) {
    const text = await apiClient.call(routes.purchaseLicense, {
      body: { orgId, planId, purchaseCount: change, idempotencyKey },
    });
    return text || licensesPurchasedMessage(change);
  }
  if (change < 0) {
    const text = await apiClient.call(routes.removeLicense, {
      body: { orgId, planId, licenseRemovalCount: -change },
    });
    return text || LICENSES_REMOVED_MESSAGE;
  }
  return '';
}

/** What the Manage Licenses and Remove licenses dialogs' Confirm sends. */
export type LicenseChange = {
  planId: number | undefined;
  /** Licences to add (positive) or remove (negative). */
  change: number;
  /** A purchase's key: the same for every Confirm of one intent (decision 0131). */
  idempotencyKey?: string;
};

/** The Manage Licenses and Remove licenses dialogs' change; the banner shows its text. */
export function useChangeLicenses(orgId: number, options: { onDone: () => void }) {
  const refresh = useRefreshAccount(orgId);
  const { showBanner } = useBanner();
  return useMutation({
    mutationFn: ({ planId, change, idempotencyKey }: LicenseChange) => {
      // spec §5: a removal needs a numeric plan id; otherwise it is logged and the modal closes.
      if (change < 0 && !Number.isInteger(planId)) {
        console.error(PLAN_ID_UNDEFINED_LOG);
        return Promise.resolve('');
      }
      return changeLicenses(orgId, planId ?? 0, change, idempotencyKey);
    },
    onSuccess: async (text) => {
      if (text) showBanner(text);
      options.onDone();
      await refresh();
    },
    onError: onChargeFailure('License change', refresh),
  });
}

/** What Manage Plan's Confirm sends. */
export type PlanSelection = {
  planId: number;
  /** False when the plan chosen is the one already in effect or scheduled: licences only. */
  isPlanChange: boolean;
  /** Licences to add (positive) or remove (negative). */
  change: number;
  /** The licence purchase's key: the same for every Confirm of one opening (decision 0131). */
  idempotencyKey?: string;
};

/**
 * Manage Plan's Confirm: spec §7 selectPlan, then the licence change at the plan now in effect
 * (immediately the new plan when leaving Free; the current one until the 1st or the trial's end).
 */
export function useSelectPlan(orgId: number, options: { onDone: () => void }) {
  const refresh = useRefreshAccount(orgId);
  const queryClient = useQueryClient();
  const { showBanner } = useBanner();
  return useMutation({
    mutationFn: async ({ planId, isPlanChange, change, idempotencyKey }: PlanSelection) => {
      const planText = isPlanChange
        ? await apiClient.call(routes.selectPlan, { params: { orgId, planId } })
        : '';
      if (change === 0) return planText;
      const licenses = await queryClient.fetchQuery({ ...licenseInfoQuery(orgId), staleTime: 0 });
      const licenseText = await changeLicenses(orgId, licenses.planId, change, idempotencyKey);
      return [planText, licenseText].filter(Boolean).join(' ');
    },
    onSuccess: async (text) => {
      if (text) showBanner(text);
      options.onDone();
      await refresh();
    },
    onError: onChargeFailure('Plan change', refresh),
  });
}

/**
 * Issue 25: withdraws a scheduled plan change by choosing `planId` again (selectPlan: the current
 * plan, or Standard during the trial); the banner shows the server's text.
 */
export function useUndoPlanChange(orgId: number) {
  const refresh = useRefreshAccount(orgId);
  const { showBanner } = useBanner();
  return useMutation({
    mutationFn: (planId: number) =>
      apiClient.call(routes.selectPlan, { params: { orgId, planId } }),
    onSuccess: async (text) => {
      showBanner(text);
      await refresh();
    },
    onError: (error) => {
      logFailure('Undo plan change')(error);
      showBanner(error.message, 'error');
    },
  });
}

/** spec §4 Cancel plan: the modal closes and the banner shows the server's text. */
export function useCancelPlan(orgId: number, options: { onDone: () => void }) {
  const refresh = useRefreshAccount(orgId);
  const { showBanner } = useBanner();
  return useMutation({
    mutationFn: () => apiClient.call(routes.cancelPlan, { params: { orgId } }),
    onSuccess: async (text) => {
      showBanner(text);
      options.onDone();
      await refresh();
    },
    onError: logFailure('Cancel plan'),
  });
}

/**
 * spec §4 Payment method removal: detach, then refresh the plan options and the customer info,
 * then open the add-payment dialog (`onDetached`). spec §8: a failure is only logged.
 */
export function useDetachPaymentMethod(orgId: number, options: { onDetached: () => void }) {
  const refresh = useRefreshAccount(orgId);
  return useMutation({
    mutationFn: (stripePaymentId: string) =>
      apiClient.call(routes.detachPaymentMethod, { params: { id: stripePaymentId } }),
    onSuccess: async () => {
      await refresh();
      options.onDetached();
    },
    onError: logFailure('Payment method removal'),
  });
}
