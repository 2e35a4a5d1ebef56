import { Box, Button, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDollars, PAYMENT_HISTORY_PAGE_SIZE, type TPaymentHistoryRow } from '@waymark/core';
import { useState } from 'react';
import { Pager } from '../../../components/pager/pager';
import { Panel } from '../../../components/panel/panel';
import { slicePage } from '../../../lib/paging';
import { formatBillingDate } from '../format-billing-date';

/** Props of {@link PaymentHistoryPanel}. */
export type PaymentHistoryPanelProps = {
  rows: readonly TPaymentHistoryRow[] | undefined;
  /** False on Free or once the plan is cancelled: nothing left to cancel. */
  canCancel: boolean;
  onReceipt: (row: TPaymentHistoryRow) => void;
  onCancelPlan: () => void;
};

function ReceiptButton(props: {
  row: TPaymentHistoryRow;
  onReceipt: (row: TPaymentHistoryRow) => void;
}) {
  return (
    <Button
      size="xs"
      variant="subtle"
      onClick={() => props.onReceipt(props.row)}
      aria-label={`Receipt for ${props.row.transactionId}`}
    >
      Receipt
    </Button>
  );
}

/** A payment below 768 px: date and amount first, then plan, transaction and the receipt. */
function PaymentCard(props: {
  row: TPaymentHistoryRow;
  onReceipt: (row: TPaymentHistoryRow) => void;
}) {
  const { row } = props;
  return (
    <Box component="li" data-testid="payment-card" style={{ listStyle: 'none' }}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{formatBillingDate(row.paymentDate)}</Text>
        <Text fw={600} data-testid="payment-amount">
          {formatDollars(row.totalPaymentAmount)}
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap" align="center">
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {row.planName} · {row.transactionId}
        </Text>
        <ReceiptButton row={row} onReceipt={props.onReceipt} />
      </Group>
    </Box>
  );
}

/**
 * spec §2 payment history: paged 3 rows a page (spec §9) with the columns paymentDate,
 * transactionId, planName, totalPaymentAmount, a printable receipt per payment, and Cancel Plan.
 */
export function PaymentHistoryPanel(props: PaymentHistoryPanelProps) {
  const [page, setPage] = useState(1);
  const { rows } = props;
  const shown = slicePage(rows ?? [], page, PAYMENT_HISTORY_PAGE_SIZE);
  return (
    <Panel title="Payment History">
      <Stack gap="md">
        {!rows ? (
          <Skeleton height={120} />
        ) : rows.length === 0 ? (
          <Text c="dimmed">No payments yet.</Text>
        ) : (
          <>
            {/* Issue 25: no horizontal scroll hides the money — a table from 768 px (the long
                transaction id wraps), one card per payment below. */}
            <Box visibleFrom="sm">
              <Table aria-label="Payments" layout="auto">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Date</Table.Th>
                    <Table.Th scope="col">Transaction</Table.Th>
                    <Table.Th scope="col">Plan</Table.Th>
                    <Table.Th scope="col" ta="right">
                      Amount
                    </Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Receipt</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.rows.map((row) => (
                    <Table.Tr key={row.transactionId}>
                      <Table.Td>{formatBillingDate(row.paymentDate)}</Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                          {row.transactionId}
                        </Text>
                      </Table.Td>
                      <Table.Td>{row.planName}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatDollars(row.totalPaymentAmount)}
                      </Table.Td>
                      <Table.Td>
                        <ReceiptButton row={row} onReceipt={props.onReceipt} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
            <Stack gap="xs" hiddenFrom="sm" component="ul" aria-label="Payments" p={0} m={0}>
              {shown.rows.map((row) => (
                <PaymentCard key={row.transactionId} row={row} onReceipt={props.onReceipt} />
              ))}
            </Stack>
            <Pager
              rangeLabel={shown.rangeLabel}
              page={shown.page}
              pageCount={shown.pageCount}
              label="payments"
              onPageChange={setPage}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button
            variant="outline"
            color="red.8"
            disabled={!props.canCancel}
            onClick={props.onCancelPlan}
          >
            Cancel Plan
          </Button>
        </Group>
      </Stack>
    </Panel>
  );
}
