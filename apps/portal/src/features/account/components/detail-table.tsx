import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props of {@link DetailTable}. */
export type DetailTableProps = {
  /** The table's accessible name. */
  label: string;
  /** Label → value, one row each; a value may carry its own test id. */
  rows: readonly { label: string; value: ReactNode; testId?: string }[];
};

/** A two-column table of labelled values: the receipt and the plan change summary. */
export function DetailTable({ label, rows }: DetailTableProps) {
  return (
    <Table aria-label={label}>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Th scope="row">{row.label}</Table.Th>
            <Table.Td data-testid={row.testId}>{row.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
