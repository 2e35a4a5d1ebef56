// Loaded with a dynamic import only when the server gives a publishable key (spec §7: the card
// payment provider is loaded lazily), so neither Stripe.js nor this file is in any other chunk.
import { Button, Group, Stack } from '@mantine/core';
import {
  AddressElement,
  Elements,
  PaymentElement,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import type { StripeElementsOptions } from '@stripe/stripe-js';
import { AppError, type TSavePaymentMethodResult } from '@waymark/core';
import { useState, type FormEvent } from 'react';
import { addPaymentMethod, type PaymentMethodOutcome } from '../payment-method-flow';
import { getStripe } from '../stripe-loader';

/** Props of {@link StripeCardForm}. */
export type StripeCardFormProps = {
  publishableKey: string;
  /** spec §7 savePaymentMethod for the created id. */
  save: (stripePaymentId: string) => Promise<TSavePaymentMethodResult>;
  onOutcome: (outcome: PaymentMethodOutcome) => void;
};

/**
 * spec §7: the Payment Element is configured with a preview amount of 1099 in usd, manual
 * payment-method creation, and a billing address. The amount only shapes the preview; nothing is
 * charged here.
 */
export const ELEMENTS_OPTIONS: StripeElementsOptions = {
  mode: 'payment',
  amount: 1099,
  currency: 'usd',
  paymentMethodCreation: 'manual',
};

function CardForm({ save, onOutcome }: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [isWorking, setWorking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setWorking(true);
    const outcome = await addPaymentMethod({
      isReady: stripe !== null && elements !== null,
      validate: async () => (await elements!.submit()).error ?? null,
      create: async () => {
        const { error, paymentMethod } = await stripe!.createPaymentMethod({ elements: elements! });
        return error ? { error } : { id: paymentMethod.id };
      },
      save: async (id) => {
        const result = await save(id);
        if (result.status !== 'requires_action' || !result.clientSecret) return result;
        // The bank asks for 3-D Secure: Stripe shows its challenge, then the card is saved.
        const { error } = await stripe!.handleNextAction({ clientSecret: result.clientSecret });
        if (error) throw new AppError('BAD_REQUEST', error.message ?? result.message);
        return result;
      },
    });
    setWorking(false);
    onOutcome(outcome);
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <PaymentElement />
        <AddressElement options={{ mode: 'billing' }} />
        <Group justify="flex-end">
          <Button type="submit" loading={isWorking}>
            Save Card
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Stripe's Payment Element with a billing address, saving the card it creates. */
export function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  return (
    <Elements stripe={getStripe(publishableKey)} options={ELEMENTS_OPTIONS}>
      <CardForm {...props} />
    </Elements>
  );
}
