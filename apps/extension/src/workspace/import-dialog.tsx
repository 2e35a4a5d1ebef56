import { Button, Checkbox, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IMPORT_MAX_CHARS, type TImportItemsResult } from '@waymark/core';
import { useState } from 'react';
import type { CallApi } from '../api/index';
import { ErrorAlert } from './error-alert';
import { ImportResultsTable } from './import-results-table';
import { rowsToWrite, summarizeImport } from './import-summary';

/** Read in the browser before anything is sent (the server says the same past its limit). */
const TOO_LARGE = 'The file is larger than the 5 MB limit for imports.';

/**
 * The CSV import's dialog (issue 28): choosing a file runs a dry run at once and shows, row by
 * row, what would be created, updated or skipped and why; **Import** then sends the same file for
 * real. The server makes a second run of the same file harmless, so retrying after an error is
 * safe. Opened by {@link ImportButton} (import-button.tsx), which loads it on first use.
 */
export function ImportDialog({
  projectId,
  callApi,
  onClose,
}: {
  projectId: number;
  callApi: CallApi;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const run = useMutation({
    mutationFn: (input: { csv: string; dryRun: boolean }) =>
      callApi('importItems', { body: { projectId, ...input } }),
    onSuccess: async (result) => {
      if (!result.dryRun) await queryClient.invalidateQueries({ queryKey: ['workspace-rows'] });
    },
  });
  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setCsv(null);
    setFileError(null);
    run.reset();
    if (!chosen) return;
    const text = await chosen.text();
    if (text.length > IMPORT_MAX_CHARS) return setFileError(TOO_LARGE);
    setCsv(text);
    run.mutate({ csv: text, dryRun: true });
  };
  const result: TImportItemsResult | undefined = run.data;
  const isDone = result !== undefined && !result.dryRun;
  return (
    // Named close and clear buttons: Mantine draws both as bare icons (axe: button-name).
    <Modal
      opened
      onClose={onClose}
      title="Import items from CSV"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close the import' }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Columns read: url (full or path), title, type, status, description, tags, assignee email,
          release and an optional external id. An export of a project imports as it is.
        </Text>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          value={file}
          onChange={(chosen) => void choose(chosen)}
          error={fileError}
          disabled={run.isPending}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
        />
        {run.isPending && (
          <Text size="sm" aria-live="polite">
            {run.variables.dryRun ? 'Checking the file…' : 'Importing…'}
          </Text>
        )}
        {run.isError && <ErrorAlert error={run.error} title="The file could not be imported" />}
        {result && (
          <>
            <Text fw={600} aria-live="polite">
              {isDone
                ? `Import finished: ${summarizeImport(result)}.`
                : `Dry run: ${summarizeImport(result)}.`}
            </Text>
            {result.refused > 0 && (
              <Checkbox
                label="Only rows with problems"
                checked={onlyProblems}
                onChange={(event) => setOnlyProblems(event.currentTarget.checked)}
              />
            )}
            <ImportResultsTable result={result} onlyProblems={onlyProblems} />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {isDone ? 'Close' : 'Cancel'}
          </Button>
          {result?.dryRun && csv !== null && (
            <Button
              disabled={rowsToWrite(result) === 0}
              onClick={() => run.mutate({ csv, dryRun: false })}
            >
              {`Import ${rowsToWrite(result)} ${rowsToWrite(result) === 1 ? 'row' : 'rows'}`}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
