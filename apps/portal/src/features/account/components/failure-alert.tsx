import { Alert, Button, Group, Text } from '@mantine/core';
import { isAppError } from '@waymark/core';
import { useContext } from 'react';
import { getErrorMessage } from '../../../lib/error-message';
import { COMPLETE_PAYMENT_LABEL } from '../account-messages';
import { CompletePaymentContext } from '../complete-payment-context';

/** Props of {@link FailureAlert}. */
export type FailureAlertProps = {
  /** The failed call's error; nothing is shown while it is null or undefined. */
  error: unknown;
};

/**
 * Why a billing change failed, inside its dialog. spec §8 only logs these failures; the dialog
 * also shows the server's words (e.g. "Your card was declined."), see docs/portal.md. A charge the
 * bank wants confirmed (3-D Secure) is not a failure: it says so and leads to the confirmation.
 * Nor is one still being processed: it says so, in blue.
 */
export function FailureAlert({ error }: FailureAlertProps) {
  const completePayment = useContext(CompletePaymentContext);
  if (error === null || error === undefined) return null;
  if (isAppError(error) && error.code === 'PAYMENT_ACTION_REQUIRED')
    return (
      <Alert color="orange" role="alert" mt="sm" data-testid="payment-action-required">
        <Text size="sm">{getErrorMessage(error)}</Text>
        {completePayment && (
          <Group mt="xs">
            <Button size="xs" onClick={completePayment}>
              {COMPLETE_PAYMENT_LABEL}
            </Button>
          </Group>
        )}
      </Alert>
    );
  // Decision 0128: the job completes it; a red "failure" would invite paying a second time.
  if (isAppError(error) && error.code === 'PAYMENT_PROCESSING')
    return (
      <Alert color="blue" role="alert" mt="sm" data-testid="payment-processing">
        {getErrorMessage(error)}
      </Alert>
    );
  return (
    <Alert color="red" role="alert" mt="sm">
      {getErrorMessage(error)}
    </Alert>
  );
}
