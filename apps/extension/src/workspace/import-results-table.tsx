import { Table, Text } from '@mantine/core';
import type { TImportItemsResult } from '@waymark/core';
import { actionLabel, rowsToShow } from './import-summary';

/** Most result rows drawn at once. */
const SHOWN_MAX = 300;

/** The dry run's (or the import's) outcome row by row: line, title, what happens, why not. */
export function ImportResultsTable({
  result,
  onlyProblems,
}: {
  result: TImportItemsResult;
  onlyProblems: boolean;
}) {
  const { rows, hidden } = rowsToShow(result, onlyProblems, SHOWN_MAX);
  return (
    <>
      <Table.ScrollContainer minWidth={520} maxHeight={360}>
        <Table striped stickyHeader aria-label="Rows of the file">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Row</Table.Th>
              <Table.Th scope="col">Title</Table.Th>
              <Table.Th scope="col">Result</Table.Th>
              <Table.Th scope="col">Problems</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.row} data-testid="import-row">
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>{row.title || '—'}</Table.Td>
                <Table.Td>
                  <Text size="sm" c={row.action === 'refused' ? 'red.8' : undefined}>
                    {actionLabel(row, result.dryRun)}
                  </Text>
                </Table.Td>
                <Table.Td>{row.errors.join(' ')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {hidden > 0 && (
        <Text size="sm" c="dimmed">
          {hidden.toLocaleString('en-US')} more rows not shown.
        </Text>
      )}
    </>
  );
}
