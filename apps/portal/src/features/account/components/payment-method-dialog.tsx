import { Alert, Loader, Modal, Stack, Text } from '@mantine/core';
import { routes } from '@waymark/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { apiClient } from '../../../lib/api-client';
import { paymentConfigQuery } from '../api/account-queries';
import type { PaymentMethodOutcome } from '../payment-method-flow';
import { SandboxCardForm } from './sandbox-card-form';

// spec §7: the card provider is loaded lazily, and only when the server runs Stripe.
const StripeCardForm = lazy(() =>
  import('./stripe-card-form').then((module) => ({ default: module.StripeCardForm })),
);

/** Props of {@link PaymentMethodDialog}. */
export type PaymentMethodDialogProps = {
  orgId: number;
  opened: boolean;
  /** The card was saved; `message` is the server's text. */
  onSaved: (message: string) => void;
  onClose: () => void;
};

type Failure = Extract<PaymentMethodOutcome, { ok: false }>;

/**
 * spec §2 Payment Method dialog: card and billing address entry — Stripe's Payment Element when
 * the server runs Stripe, our Sandbox card form otherwise — with the four errors of spec §8.
 */
export function PaymentMethodDialog({ orgId, opened, onSaved, onClose }: PaymentMethodDialogProps) {
  const config = useQuery({ ...paymentConfigQuery(), enabled: opened });
  const [failure, setFailure] = useState<Failure | null>(null);
  const savedMessage = useRef('');

  const save = async (stripePaymentId: string) => {
    const result = await apiClient.call(routes.savePaymentMethod, {
      body: { orgId, stripePaymentId },
    });
    savedMessage.current = result.message;
    return result;
  };
  const onOutcome = (outcome: PaymentMethodOutcome) => {
    if (outcome.ok) {
      setFailure(null);
      onSaved(savedMessage.current || 'Payment method saved.');
    } else setFailure(outcome);
  };
  const close = () => {
    setFailure(null);
    onClose();
  };

  const key = config.data?.gateway === 'stripe' ? config.data.publishableKey : null;
  return (
    <Modal
      // Inside <main>, the modal's <header> is not a second banner landmark (axe).
      withinPortal={false}
      opened={opened}
      onClose={close}
      title="Payment Method"
      centered
      size="lg"
    >
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert" title={failure.message}>
            {failure.detail}
          </Alert>
        )}
        {config.isError && (
          <Alert color="red" role="alert">
            The card form could not be loaded. Close this dialog and try again.
          </Alert>
        )}
        {!config.data ? (
          !config.isError && <Loader aria-label="Loading the card form" />
        ) : key ? (
          <Suspense fallback={<Loader aria-label="Loading the card form" />}>
            <StripeCardForm publishableKey={key} save={save} onOutcome={onOutcome} />
          </Suspense>
        ) : (
          <SandboxCardForm orgId={orgId} save={save} onOutcome={onOutcome} />
        )}
        <Text size="xs" c="dimmed">
          Your card is stored by the payment provider; Waymark keeps only its brand, last four
          digits and expiry.
        </Text>
      </Stack>
    </Modal>
  );
}
