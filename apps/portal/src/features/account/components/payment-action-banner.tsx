import { Button, Group, Text } from '@mantine/core';
import { formatDollars } from '@waymark/core';
import { useQuery } from '@tanstack/react-query';
import { getErrorMessage } from '../../../lib/error-message';
import { pendingPaymentActionQuery } from '../api/account-queries';
import { AccountNotice } from './account-notice';
import type { CompletePayment } from '../api/use-complete-payment';
import {
  COMPLETE_PAYMENT_LABEL,
  PAYMENT_ACTION_TITLE,
  paymentActionText,
} from '../account-messages';

/** Props of {@link PaymentActionBanner}. */
export type PaymentActionBannerProps = {
  orgId: number;
  completion: CompletePayment;
};

/**
 * Issue 13, 3-D Secure: while a charge waits for the bank's confirmation, the Account screen says
 * so at its top — amount, what it is for — with the action that completes it. Stripe's challenge
 * failing shows the bank's words here (the sandbox's own page shows them in its dialog).
 */
export function PaymentActionBanner({ orgId, completion }: PaymentActionBannerProps) {
  const pending = useQuery(pendingPaymentActionQuery(orgId));
  const action = pending.data;
  if (!action) return null;
  const isStripeWorking = completion.isWorking && !completion.sandboxAction;
  return (
    <AccountNotice color="orange" title={PAYMENT_ACTION_TITLE} testId="payment-action-banner">
      <Text size="sm">{paymentActionText(formatDollars(action.amount), action.description)}</Text>
      {completion.error && !completion.sandboxAction && (
        <Text size="sm" c="red.8" role="alert" mt="xs">
          {getErrorMessage(completion.error)}
        </Text>
      )}
      <Group mt="sm">
        <Button onClick={() => void completion.start()} loading={isStripeWorking}>
          {COMPLETE_PAYMENT_LABEL}
        </Button>
      </Group>
    </AccountNotice>
  );
}
