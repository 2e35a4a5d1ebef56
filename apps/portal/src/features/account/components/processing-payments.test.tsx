// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { PLAN_IDS, routes, STORAGE_KEYS, type TProcessingPayment } from '@waymark/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../testing/expect-no-axe-violations';
import { callsTo, renderAdminScreen } from '../../../testing/render-admin-screen';
import { serveBilling } from '../../../testing/account-fake-server';
import { PROCESSING_POLL_MS } from '../api/account-queries';
import { AccountScreen } from '../index';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ apiClient: { call } }));

const ORG_ID = 7;
const PRO = { planId: PLAN_IDS.pro, total: 3, assigned: 1, hasCard: true };
const PURCHASE: TProcessingPayment = {
  amount: 12.5,
  description: '2 × Pro license, rest of November 2026',
  startedAt: '2026-11-03T10:15:00.000Z',
};

// Decision 0130: a purchase answered "being processed" shows on the Account screen until the
// billing job settles it; then the screen reads what it changed.
describe('payments being processed on the Account screen', () => {
  beforeEach(() => {
    call.mockReset();
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.orgId, String(ORG_ID));
  });
  afterEach(() => vi.useRealTimers());

  it('shows nothing while no payment is being processed', async () => {
    serveBilling(call, PRO);
    renderAdminScreen(<AccountScreen />);
    await screen.findByTestId('plan-name');
    await waitFor(() => expect(callsTo(call, routes.getProcessingPayments)).toHaveLength(1));
    expect(screen.queryByTestId('processing-payments')).toBeNull();
  });

  it('lists a processing purchase, asks again every 30 s, and rereads the account once it settled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let processing: TProcessingPayment[] = [PURCHASE];
    serveBilling(call, PRO, { writes: { getProcessingPayments: () => processing } });
    renderAdminScreen(<AccountScreen />);
    const notice = await screen.findByRole('region', { name: 'Payment being processed' });
    expect(notice.textContent).toContain(
      '$12.50 for 2 × Pro license, rest of November 2026, since Nov 3, 2026',
    );
    expect(notice.textContent).toContain('There is no need to pay again.');
    await expectNoAxeViolations('Payment being processed');
    const licenseReads = callsTo(call, routes.getLicenseInfo).length;

    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    await waitFor(() => expect(callsTo(call, routes.getProcessingPayments)).toHaveLength(2));
    expect(screen.getByTestId('processing-payments')).toBeTruthy();
    expect(callsTo(call, routes.getLicenseInfo)).toHaveLength(licenseReads);

    processing = [];
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    await waitFor(() => expect(screen.queryByTestId('processing-payments')).toBeNull());
    await waitFor(() =>
      expect(callsTo(call, routes.getLicenseInfo).length).toBeGreaterThan(licenseReads),
    );
    const reads = callsTo(call, routes.getProcessingPayments).length;
    // Nothing left to wait for: no more polling.
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 3);
    expect(callsTo(call, routes.getProcessingPayments)).toHaveLength(reads);
  });
});
