import { Button, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { formatDollars, PRODUCT_NAME, SUPPORT_EMAIL, type TPaymentHistoryRow } from '@waymark/core';
import { readOrganizations, readOrgId } from '../../../lib/org-storage';
import { formatBillingDate } from '../format-billing-date';
import { DetailTable } from './detail-table';
import classes from './receipt.module.css';

/** Props of {@link ReceiptDialog}. */
export type ReceiptDialogProps = {
  /** The payment whose receipt is open; the dialog is open while set. */
  row: TPaymentHistoryRow | null;
  onClose: () => void;
};

/**
 * A printable receipt of one payment (issue 13): who paid, when, what for, the credit used and
 * the amount charged. Print prints only the receipt (receipt.module.css).
 */
export function ReceiptDialog({ row, onClose }: ReceiptDialogProps) {
  const orgId = readOrgId();
  const orgName = readOrganizations().find((org) => org.orgId === orgId)?.orgName ?? '';
  const lines: { label: string; value: string }[] = row
    ? [
        { label: 'Date', value: formatBillingDate(row.paymentDate) },
        { label: 'Transaction', value: row.transactionId },
        { label: 'Plan', value: row.planName },
        { label: 'Description', value: row.description },
        { label: 'Licenses', value: String(row.licenseCount) },
        ...(row.creditAppliedAmount > 0
          ? [{ label: 'Credit applied', value: formatDollars(row.creditAppliedAmount) }]
          : []),
        { label: 'Paid with', value: row.cardDescription ?? 'Account credit' },
      ]
    : [];
  return (
    <Modal
      // Inside <main>, the modal's <header> is not a second banner landmark (axe).
      withinPortal={false}
      opened={row !== null}
      onClose={onClose}
      title="Receipt"
      centered
      size="lg"
    >
      {row && (
        <Stack gap="md">
          <div className={classes.receipt} data-testid="receipt">
            <Title order={2} size="h3">
              {PRODUCT_NAME} receipt
            </Title>
            {orgName && <Text>Billed to {orgName}</Text>}
            <DetailTable label="Receipt details" rows={lines} />
            <Divider my="sm" />
            <Group justify="space-between">
              <Text fw={700}>Total paid (USD)</Text>
              <Text fw={700} data-testid="receipt-total">
                {formatDollars(row.totalPaymentAmount)}
              </Text>
            </Group>
            <Text size="sm" c="dimmed" mt="sm">
              Licenses are billed on the first of each month; a first month is prorated and
              non-refundable. Questions: {SUPPORT_EMAIL}
            </Text>
          </div>
          <Group justify="flex-end" className={classes.noPrint}>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button onClick={() => window.print()}>Print</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
