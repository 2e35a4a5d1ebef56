import { Button, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
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
            <Table.ScrollContainer minWidth={480}>
              <Table aria-label="Payments">
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
                        <Text size="sm" ff="monospace">
                          {row.transactionId}
                        </Text>
                      </Table.Td>
                      <Table.Td>{row.planName}</Table.Td>
                      <Table.Td ta="right">{formatDollars(row.totalPaymentAmount)}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => props.onReceipt(row)}
                          aria-label={`Receipt for ${row.transactionId}`}
                        >
                          Receipt
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
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
