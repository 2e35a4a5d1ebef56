import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { TCustomerPaymentInfo } from '@waymark/core';
import { Panel } from '../../../components/panel/panel';

/** Props of {@link PaymentMethodPanel}. */
export type PaymentMethodPanelProps = {
  info: TCustomerPaymentInfo | undefined;
  isRemoving: boolean;
  onAdd: () => void;
  onRemove: (stripePaymentId: string) => void;
};

/** "visa" → "Visa", "american_express" → "American Express". */
export function formatCardBrand(brand: string | null): string {
  if (!brand) return 'Card';
  return brand
    .split(/[_\s]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * spec §2 Payment Method panel: the saved card's brand, last four digits and expiry, with add,
 * replace and remove (spec §4: removal detaches, refreshes, then opens the add dialog).
 */
export function PaymentMethodPanel({ info, isRemoving, onAdd, onRemove }: PaymentMethodPanelProps) {
  if (!info)
    return (
      <Panel title="Payment Method">
        <Skeleton height={80} />
      </Panel>
    );
  const paymentId = info.stripePaymentId;
  return (
    <Panel title="Payment Method">
      {paymentId && info.cardLastFourDigits ? (
        <Stack gap="md">
          <div data-testid="saved-card">
            <Text fw={600}>
              {formatCardBrand(info.cardBrand)} ending in {info.cardLastFourDigits}
            </Text>
            {info.expMonthandYear && <Text size="sm">Expires {info.expMonthandYear}</Text>}
          </div>
          <Group>
            <Button variant="default" onClick={onAdd}>
              Replace
            </Button>
            <Button
              variant="outline"
              color="red.8"
              loading={isRemoving}
              onClick={() => onRemove(paymentId)}
            >
              Remove
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>No payment method saved. Paid plans are charged to the card you add here.</Text>
          <Group>
            <Button onClick={onAdd}>Add Payment Method</Button>
          </Group>
        </Stack>
      )}
    </Panel>
  );
}
