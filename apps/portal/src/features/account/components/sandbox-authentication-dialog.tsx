import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatDollars } from '@waymark/core';
import type { CompletePayment } from '../api/use-complete-payment';
import { FailureAlert } from './failure-alert';

/** Props of {@link SandboxAuthenticationDialog}. */
export type SandboxAuthenticationDialogProps = {
  completion: CompletePayment;
};

/**
 * The sandbox's stand-in for the bank's 3-D Secure page (issue 13), like Stripe's test page:
 * complete or fail the authentication. Either answer goes to the server's confirmPaymentAction,
 * the same call the Stripe flow makes; a failure shows the bank's words and the charge still waits.
 */
export function SandboxAuthenticationDialog({ completion }: SandboxAuthenticationDialogProps) {
  const action = completion.sandboxAction;
  return (
    <Modal
      // Inside <main>, the modal's <header> is not a second banner landmark (axe).
      withinPortal={false}
      opened={action !== null}
      onClose={completion.closeSandbox}
      title="Confirm your payment"
      centered
    >
      {action && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Sandbox bank: this page stands in for your bank&apos;s 3-D Secure check. No real card is
            charged.
          </Text>
          <Text>
            Pay <strong data-testid="authentication-amount">{formatDollars(action.amount)}</strong>{' '}
            for {action.description}?
          </Text>
          <FailureAlert error={completion.error} />
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={completion.isWorking}
              onClick={() => completion.answer(false)}
            >
              Fail authentication
            </Button>
            <Button loading={completion.isWorking} onClick={() => completion.answer(true)}>
              Complete authentication
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
