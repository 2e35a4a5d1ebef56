// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TImportItemsResult } from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import type { CallApi } from '../api/index';
import { renderPage } from '../test/render-page';
import { ImportButton } from './import-button';

const CSV = 'title,url,status\r\nPay,/checkout,Open\r\nBroken,/x,Waiting\r\n';

function answerFor(dryRun: boolean): TImportItemsResult {
  return {
    dryRun,
    created: 1,
    updated: 0,
    unchanged: 0,
    refused: 1,
    rows: [
      { row: 2, action: 'create', itemId: dryRun ? null : 41, title: 'Pay', errors: [] },
      {
        row: 3,
        action: 'refused',
        itemId: null,
        title: 'Broken',
        errors: ['"Waiting" is not a status of this organization.'],
      },
    ],
  };
}

function renderImport() {
  const callApi = vi.fn((_route: string, input: { body: { dryRun: boolean } }) =>
    Promise.resolve(answerFor(input.body.dryRun)),
  );
  renderPage(
    <QueryClientProvider client={new QueryClient()}>
      <ImportButton projectId={3} callApi={callApi as unknown as CallApi} />
    </QueryClientProvider>,
  );
  return { callApi };
}

describe('import from CSV', () => {
  it('dry-runs the chosen file, shows each row, then imports the same file', async () => {
    const { callApi } = renderImport();
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import items from CSV' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File([CSV], 'items.csv', { type: 'text/csv' }));
    expect(
      await within(dialog).findByText('Dry run: 1 to create, 1 with problems (skipped).'),
    ).toBeDefined();
    expect(callApi).toHaveBeenCalledWith('importItems', {
      body: { projectId: 3, csv: CSV, dryRun: true },
    });
    const rows = within(dialog).getAllByTestId('import-row');
    // The row to fix comes first, with the server's reason.
    expect(rows.map((row) => row.textContent)).toEqual([
      '3BrokenSkipped"Waiting" is not a status of this organization.',
      '2PayWill be created',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 1 row' }));
    expect(await within(dialog).findByText('Import finished: 1 created, 1 skipped.')).toBeDefined();
    expect(callApi).toHaveBeenLastCalledWith('importItems', {
      body: { projectId: 3, csv: CSV, dryRun: false },
    });
    expect(within(dialog).queryByRole('button', { name: /^Import \d/ })).toBeNull();
  });

  it('names its icon buttons: the chosen file is cleared, the dialog closed', async () => {
    renderImport();
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import items from CSV' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File([CSV], 'items.csv', { type: 'text/csv' }));
    await within(dialog).findByText('Dry run: 1 to create, 1 with problems (skipped).');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear the chosen file' }));
    expect(within(dialog).queryByText(/^Dry run:/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the import' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal of a file and offers no import", async () => {
    const { callApi } = renderImport();
    callApi.mockRejectedValueOnce(new Error('The file is not valid CSV: Quote Not Closed'));
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['title\n"x'], 'bad.csv', { type: 'text/csv' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The file is not valid CSV: Quote Not Closed');
    await waitFor(() => expect(callApi).toHaveBeenCalledTimes(1));
    expect(within(dialog).queryByRole('button', { name: /^Import \d/ })).toBeNull();
  });
});
