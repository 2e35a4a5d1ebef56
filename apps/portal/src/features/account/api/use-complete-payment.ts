import { routes, type TPendingPaymentAction } from '@waymark/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useBanner } from '../../../components/banner/use-banner';
import { apiClient } from '../../../lib/api-client';
import { paymentConfigQuery, pendingPaymentActionQuery } from './account-queries';
import { useRefreshAccount } from './use-billing-mutations';

/** What the sandbox's stand-in for the bank's page shows and answers. */
export type CompletePayment = {
  /** Opens the bank's confirmation of the waiting charge: Stripe's challenge or the sandbox's page. */
  start: () => Promise<void>;
  /** The charge the sandbox's authentication dialog is open for; null when it is closed. */
  sandboxAction: TPendingPaymentAction | null;
  /** The sandbox's answer: approve (Complete) or fail the authentication. */
  answer: (approve: boolean) => void;
  closeSandbox: () => void;
  isWorking: boolean;
  /** Why the last confirmation failed (the bank's words); null otherwise. */
  error: Error | null;
};

/**
 * Issue 13, 3-D Secure: completes the charge that waits for the bank. With Stripe, Stripe.js
 * (loaded only now) shows the bank's challenge through `handleNextAction`; in the sandbox our own
 * page stands in for it. Both then ask the server to record the outcome (confirmPaymentAction),
 * and the screen refreshes: the banner goes, the history shows the payment. A failure keeps the
 * charge waiting and shows the bank's words.
 */
export function useCompletePayment(orgId: number): CompletePayment {
  const queryClient = useQueryClient();
  const refresh = useRefreshAccount(orgId);
  const { showBanner } = useBanner();
  const [sandboxAction, setSandboxAction] = useState<TPendingPaymentAction | null>(null);
  const confirm = useMutation({
    // Stripe's path brings the publishable key (and no approve); the sandbox's brings approve.
    mutationFn: async (input: {
      action: TPendingPaymentAction;
      approve?: boolean;
      publishableKey?: string | null;
    }) => {
      const { action, approve, publishableKey } = input;
      if (publishableKey && action.clientSecret) {
        const { completeStripeAction } = await import('../complete-stripe-action');
        await completeStripeAction(publishableKey, action.clientSecret);
      }
      return apiClient.call(routes.confirmPaymentAction, {
        body: { orgId, paymentIntentId: action.paymentIntentId, approve },
      });
    },
    onSuccess: async (text) => {
      setSandboxAction(null);
      showBanner(text);
      await refresh();
    },
    onError: async (error) => {
      console.error('Payment confirmation failed.', error);
      await refresh();
    },
  });

  const start = async () => {
    confirm.reset();
    const [config, action] = await Promise.all([
      queryClient.fetchQuery(paymentConfigQuery()),
      queryClient.fetchQuery({ ...pendingPaymentActionQuery(orgId), staleTime: 0 }),
    ]);
    if (!action) await refresh();
    else if (config.gateway === 'stripe')
      confirm.mutate({ action, publishableKey: config.publishableKey });
    else setSandboxAction(action);
  };
  return {
    start,
    sandboxAction,
    answer: (approve) => sandboxAction && confirm.mutate({ action: sandboxAction, approve }),
    closeSandbox: () => {
      confirm.reset();
      setSandboxAction(null);
    },
    isWorking: confirm.isPending,
    error: confirm.error,
  };
}
