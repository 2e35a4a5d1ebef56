// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppError, EXPORT_LINK_EXPIRED, routes, type RouteDef } from '@waymark/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../testing/expect-no-axe-violations';
import {
  answerCalls,
  callsTo,
  renderAdminScreen,
  type FakeCallInput,
} from '../../../testing/render-admin-screen';
import { YourDataScreen } from '../index';
import { dataExportFixture } from './data-export-fixtures';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ apiClient: { call } }));

function fakeServer(answers: [RouteDef, (input: FakeCallInput) => unknown][]) {
  answerCalls(call, new Map(answers));
}

/** The file names the browser was asked to save (the download link's `download`). */
let savedAs: string[] = [];
beforeEach(() => {
  call.mockReset();
  savedAs = [];
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    savedAs.push(this.download);
  });
});

describe('Your data (issue 33)', () => {
  it('asks for an export, says it is being prepared, and offers the download once ready', async () => {
    const user = userEvent.setup();
    let latest: ReturnType<typeof dataExportFixture> | null = null;
    fakeServer([
      [routes.getMyDataExport, () => ({ latest })],
      [
        routes.requestMyDataExport,
        () => {
          latest = dataExportFixture({
            status: 'preparing',
            readyAt: null,
            expiresAt: null,
            sizeBytes: null,
          });
          return latest;
        },
      ],
      [routes.downloadExport, () => new Blob(['{}'])],
    ]);
    renderAdminScreen(<YourDataScreen />, '/your-data');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your data');
    await screen.findByText('You have not asked for an export yet.');
    await expectNoAxeViolations('Your data, nothing asked yet');
    expect(screen.queryByRole('button', { name: 'Download export' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Prepare export' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toMatch(
      /^Preparing your export \(requested .+\)\. We will e-mail you a link when it is ready\.$/,
    );
    expect(screen.getByRole('button', { name: 'Prepare a new export' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(callsTo(call, routes.requestMyDataExport)).toHaveLength(1);

    latest = dataExportFixture();
    // The status is asked again while the export is being prepared.
    await waitFor(
      () =>
        expect(screen.getByRole('status').textContent).toMatch(
          /^Ready \(2 KB\)\. You can download it until /,
        ),
      { timeout: 5000 },
    );
    await user.click(screen.getByRole('button', { name: 'Download export' }));
    await waitFor(() => expect(savedAs).toEqual(['waymark-my-data-2026-11-26.json']));
    expect(callsTo(call, routes.downloadExport)).toEqual([{ params: { exportId: 7 } }]);
    await expectNoAxeViolations('Your data, ready');
  });

  it('downloads from the mailed link with the session at once, and says so clearly when the link has expired', async () => {
    fakeServer([
      [routes.getMyDataExport, () => ({ latest: dataExportFixture({ id: 9 }) })],
      [routes.downloadExport, () => new Blob(['{}'])],
    ]);
    const first = renderAdminScreen(<YourDataScreen />, '/your-data?export=9');
    await screen.findByText('Your download has started.');
    expect(callsTo(call, routes.downloadExport)).toEqual([{ params: { exportId: 9 } }]);
    expect(savedAs).toEqual(['waymark-my-data-2026-11-26.json']);
    first.unmount();

    fakeServer([
      [routes.getMyDataExport, () => ({ latest: dataExportFixture({ id: 9, isExpired: true }) })],
      [
        routes.downloadExport,
        () => {
          throw new AppError('GONE', EXPORT_LINK_EXPIRED);
        },
      ],
    ]);
    renderAdminScreen(<YourDataScreen />, '/your-data?export=9');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(EXPORT_LINK_EXPIRED);
    expect(screen.getByRole('status').textContent).toBe(
      'Your last export has expired and was deleted. Prepare a new one to download your data.',
    );
    expect(screen.getByRole('link', { name: 'Delete your account' }).getAttribute('href')).toBe(
      '/delete-account',
    );
    await expectNoAxeViolations('Your data, expired link');
  });
});
