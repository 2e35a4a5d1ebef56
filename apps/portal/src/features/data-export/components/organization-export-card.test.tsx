// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppError, routes, type RouteDef } from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../testing/expect-no-axe-violations';
import {
  answerCalls,
  callsTo,
  renderAdminScreen,
  type FakeCallInput,
} from '../../../testing/render-admin-screen';
import { OrganizationExportCard } from '../index';
import { dataExportFixture } from './data-export-fixtures';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ apiClient: { call } }));

const zip = (overrides = {}) =>
  dataExportFixture({
    id: 11,
    kind: 'organization',
    fileName: 'waymark-organization-3-2026-11-26.zip',
    ...overrides,
  });

describe('OrganizationExportCard (issue 33)', () => {
  it('prepares the organization export, then offers "Download export"', async () => {
    const user = userEvent.setup();
    let latest: ReturnType<typeof zip> | null = null;
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:zip');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    answerCalls(
      call,
      new Map<RouteDef, (input: FakeCallInput) => unknown>([
        [routes.getOrganizationExport, () => ({ latest })],
        [
          routes.requestOrganizationExport,
          () => (latest = zip({ status: 'preparing', expiresAt: null, readyAt: null })),
        ],
        [routes.downloadExport, () => new Blob(['PK'])],
      ]),
    );
    renderAdminScreen(<OrganizationExportCard orgId={3} />);
    expect(screen.getByRole('heading', { name: 'Export organization data' })).toBeDefined();
    await waitFor(() => expect(callsTo(call, routes.getOrganizationExport)).toHaveLength(1));
    expect(callsTo(call, routes.getOrganizationExport)[0]).toEqual({ params: { orgId: 3 } });
    await expectNoAxeViolations('Export organization data');

    await user.click(screen.getByRole('button', { name: 'Prepare export' }));
    expect(callsTo(call, routes.requestOrganizationExport)).toEqual([{ body: { orgId: 3 } }]);
    await screen.findByText(/^Preparing your export/);
    expect(screen.getByRole('button', { name: 'Prepare export' })).toHaveProperty('disabled', true);

    latest = zip();
    const download = await screen.findByRole(
      'button',
      { name: 'Download export' },
      { timeout: 5000 },
    );
    await user.click(download);
    await waitFor(() => expect(saved).toEqual(['waymark-organization-3-2026-11-26.zip']));
    await expectNoAxeViolations('Export organization data, ready');
  });

  it('shows a refusal in place', async () => {
    const user = userEvent.setup();
    answerCalls(
      call,
      new Map<RouteDef, (input: FakeCallInput) => unknown>([
        [routes.getOrganizationExport, () => ({ latest: null })],
        [
          routes.requestOrganizationExport,
          () => {
            throw new AppError('FORBIDDEN', 'Only administrators can do this.');
          },
        ],
      ]),
    );
    renderAdminScreen(<OrganizationExportCard orgId={3} />);
    await user.click(await screen.findByRole('button', { name: 'Prepare export' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Only administrators can do this.',
    );
  });
});
