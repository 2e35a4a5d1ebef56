import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { routes } from '@waymark/core';
import { useState, type FormEvent } from 'react';
import { apiClient } from '../../../lib/api-client';
import { addPaymentMethod, type PaymentMethodOutcome } from '../payment-method-flow';
import {
  checkSandboxCard,
  EMPTY_SANDBOX_CARD,
  SANDBOX_FIELD_ORDER,
  type SandboxCardField,
  type SandboxCardFields,
} from '../sandbox-card-input';

/** Props of {@link SandboxCardForm}. */
export type SandboxCardFormProps = {
  orgId: number;
  /** spec §7 savePaymentMethod for the created id. */
  save: (stripePaymentId: string) => Promise<unknown>;
  onOutcome: (outcome: PaymentMethodOutcome) => void;
};

/**
 * The Sandbox gateway's card form (issue 13): card number, expiry, CVC and billing address, checked
 * here like Stripe's element would, then created on the server and saved. It takes Stripe's test
 * numbers (4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined).
 */
export function SandboxCardForm({ orgId, save, onOutcome }: SandboxCardFormProps) {
  const [fields, setFields] = useState<SandboxCardFields>(EMPTY_SANDBOX_CARD);
  const [errors, setErrors] = useState<Partial<Record<SandboxCardField, string>>>({});
  const [isWorking, setWorking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkSandboxCard(fields, new Date());
    setErrors(check.ok ? {} : check.errors);
    setWorking(true);
    const outcome = await addPaymentMethod({
      isReady: true,
      validate: () => {
        if (check.ok) return Promise.resolve(null);
        const first = SANDBOX_FIELD_ORDER.find((field) => check.errors[field]);
        return Promise.resolve({ message: first && check.errors[first] });
      },
      create: async () => {
        if (!check.ok) throw new Error('unreachable: validated above');
        const created = await apiClient.call(routes.createSandboxPaymentMethod, {
          body: { orgId, ...check.card },
        });
        return { id: created.stripePaymentId };
      },
      save,
    });
    setWorking(false);
    onOutcome(outcome);
  };

  const input = (field: SandboxCardField, label: string, extra: object = {}) => (
    <TextInput
      label={label}
      required
      value={fields[field]}
      error={errors[field]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setFields((current) => ({ ...current, [field]: value }));
      }}
      {...extra}
    />
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Test mode: no real card is charged. Use 4242 4242 4242 4242 with any future date.
        </Text>
        {input('name', 'Name on card', { autoComplete: 'cc-name' })}
        {input('cardNumber', 'Card number', {
          autoComplete: 'cc-number',
          inputMode: 'numeric',
          placeholder: '1234 1234 1234 1234',
        })}
        <SimpleGrid cols={2}>
          {input('expiry', 'Expiry (MM / YY)', { autoComplete: 'cc-exp', placeholder: 'MM / YY' })}
          {input('cvc', 'CVC', { autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: 4 })}
        </SimpleGrid>
        <Text fw={500} size="sm" mt="xs">
          Billing address
        </Text>
        <SimpleGrid cols={2}>
          {input('country', 'Country (two letters)', {
            autoComplete: 'billing country',
            maxLength: 2,
          })}
          {input('postalCode', 'Postal code', { autoComplete: 'billing postal-code' })}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={isWorking}>
            Save Card
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
