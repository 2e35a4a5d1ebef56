import { List, Text } from '@mantine/core';
import { formatDollars } from '@waymark/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { processingPaymentsQuery } from '../api/account-queries';
import { useRefreshAccount } from '../api/use-billing-mutations';
import {
  PROCESSING_PAYMENTS_HINT,
  PROCESSING_PAYMENTS_TITLE,
  processingPaymentText,
} from '../account-messages';
import { formatBillingDate } from '../format-billing-date';
import { AccountNotice } from './account-notice';

/**
 * Decision 0130: a purchase or upgrade whose outcome is not known yet (the request answered
 * "being processed") is listed at the top of the Account screen until the billing job settles it,
 * so the admin who reloads, as the message asked, sees the payment instead of nothing and does not
 * buy again. When the list empties, what the payment changed (licences, plan, history) is read
 * again.
 */
export function ProcessingPaymentsNotice({ orgId }: { orgId: number }) {
  const processing = useQuery(processingPaymentsQuery(orgId));
  const refresh = useRefreshAccount(orgId);
  const count = processing.data?.length ?? 0;
  const hadPayments = useRef(false);
  useEffect(() => {
    if (hadPayments.current && count === 0) void refresh();
    hadPayments.current = count > 0;
  }, [count, refresh]);
  if (count === 0) return null;
  return (
    <AccountNotice color="blue" title={PROCESSING_PAYMENTS_TITLE} testId="processing-payments">
      <List size="sm">
        {processing.data?.map((payment, index) => (
          <List.Item key={`${payment.startedAt}-${index}`}>
            {processingPaymentText(
              formatDollars(payment.amount),
              payment.description,
              formatBillingDate(payment.startedAt),
            )}
          </List.Item>
        ))}
      </List>
      <Text size="sm" mt="xs">
        {PROCESSING_PAYMENTS_HINT}
      </Text>
    </AccountNotice>
  );
}
