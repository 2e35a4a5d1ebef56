// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  AppError,
  PLAN_IDS,
  routes,
  STORAGE_KEYS,
  type TPendingPaymentAction,
} from '@waymark/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../testing/expect-no-axe-violations';
import { callsTo, renderAdminScreen } from '../../../testing/render-admin-screen';
import { serveBilling } from '../../../testing/account-fake-server';
import { findAnnouncedRole } from '../../../testing/find-announced-role';
import { AccountScreen } from '../index';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ apiClient: { call } }));
const completeStripeAction = vi.hoisted(() => vi.fn());
vi.mock('../complete-stripe-action', () => ({ completeStripeAction }));

const ORG_ID = 7;
const CARD = { planId: PLAN_IDS.pro, total: 3, assigned: 1, hasCard: true };
const WAITING: TPendingPaymentAction = {
  paymentIntentId: 'pi_sandbox_9',
  clientSecret: null,
  amount: 12.5,
  description: '2 × Pro license, rest of November 2026',
};
const REFUSED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

const banner = () =>
  screen.findByRole('region', { name: "A payment needs your bank's confirmation" });

/** A server whose waiting charge is settled once confirmPaymentAction approves it. */
function serveWaitingCharge(options: { gateway?: 'stripe' } = {}) {
  let waiting: TPendingPaymentAction | null = {
    ...WAITING,
    clientSecret: options.gateway ? 'pi_9_secret_x' : null,
  };
  serveBilling(call, CARD, {
    writes: {
      getPendingPaymentAction: () => waiting,
      getPaymentConfig: () =>
        options.gateway
          ? { gateway: 'stripe', publishableKey: 'pk_test_1' }
          : { gateway: 'sandbox', publishableKey: null },
      confirmPaymentAction: ({ body }) => {
        if (body?.approve === false) return Promise.reject(new AppError('PAYMENT_FAILED', REFUSED));
        waiting = null;
        return 'Payment confirmed. Thank you.';
      },
    },
  });
}

describe('3-D Secure on the Account screen (issue 13)', () => {
  beforeEach(() => {
    call.mockReset();
    completeStripeAction.mockReset();
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.orgId, String(ORG_ID));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows no banner while nothing waits', async () => {
    serveBilling(call, CARD);
    renderAdminScreen(<AccountScreen />);
    await screen.findByTestId('plan-name');
    await waitFor(() => expect(callsTo(call, routes.getPendingPaymentAction)).toHaveLength(1));
    expect(screen.queryByTestId('payment-action-banner')).toBeNull();
  });

  it('sandbox: the banner names amount and purpose; a failed authentication keeps it, a completed one clears it', async () => {
    serveWaitingCharge();
    renderAdminScreen(<AccountScreen />);
    const region = await banner();
    expect(region.textContent).toContain(
      'Your bank asks you to confirm the payment of $12.50 for 2 × Pro license, rest of November 2026.',
    );
    await expectNoAxeViolations('3-D Secure banner');
    fireEvent.click(within(region).getByRole('button', { name: 'Complete payment' }));
    const bank = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    expect(within(bank).getByTestId('authentication-amount').textContent).toBe('$12.50');
    await expectNoAxeViolations('Sandbox authentication dialog');

    fireEvent.click(within(bank).getByRole('button', { name: 'Fail authentication' }));
    expect((await within(bank).findByRole('alert')).textContent).toBe(REFUSED);
    expect(screen.getByTestId('payment-action-banner').textContent).toContain('$12.50');

    fireEvent.click(within(bank).getByRole('button', { name: 'Complete authentication' }));
    expect(await findAnnouncedRole('Payment confirmed. Thank you.')).toBe('status');
    await waitFor(() => expect(screen.queryByTestId('payment-action-banner')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(call, routes.confirmPaymentAction)).toEqual([
      { body: { orgId: ORG_ID, paymentIntentId: 'pi_sandbox_9', approve: false } },
      { body: { orgId: ORG_ID, paymentIntentId: 'pi_sandbox_9', approve: true } },
    ]);
    // The refresh reread the history and plan, which now show the payment.
    expect(callsTo(call, routes.getPaymentHistory).length).toBeGreaterThan(1);
  });

  it("Stripe: runs Stripe's challenge with the charge's client secret, then records the outcome", async () => {
    serveWaitingCharge({ gateway: 'stripe' });
    completeStripeAction.mockRejectedValueOnce(new Error(REFUSED));
    renderAdminScreen(<AccountScreen />);
    const region = await banner();
    fireEvent.click(within(region).getByRole('button', { name: 'Complete payment' }));
    expect((await within(region).findByRole('alert')).textContent).toBe(REFUSED);
    expect(callsTo(call, routes.confirmPaymentAction)).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(within(region).getByRole('button', { name: 'Complete payment' }));
    expect(await findAnnouncedRole('Payment confirmed. Thank you.')).toBe('status');
    expect(completeStripeAction).toHaveBeenLastCalledWith('pk_test_1', 'pi_9_secret_x');
    expect(callsTo(call, routes.confirmPaymentAction)).toEqual([
      { body: { orgId: ORG_ID, paymentIntentId: 'pi_sandbox_9', approve: undefined } },
    ]);
    await waitFor(() => expect(screen.queryByTestId('payment-action-banner')).toBeNull());
  });

  it('a purchase that needs confirmation says so, never success, and leads to the same completion', async () => {
    let waiting: TPendingPaymentAction | null = null;
    serveBilling(call, CARD, {
      writes: {
        getPendingPaymentAction: () => waiting,
        calculateOneTimeCharge: () => '12.50',
        purchaseLicense: () => {
          waiting = WAITING;
          return Promise.reject(
            new AppError(
              'PAYMENT_ACTION_REQUIRED',
              'Your bank asks you to confirm this payment. Complete the confirmation to finish.',
            ),
          );
        },
      },
    });
    renderAdminScreen(<AccountScreen />);
    await screen.findByTestId('license-total');
    fireEvent.click(screen.getByRole('button', { name: 'Manage Licenses' }));
    const modal = await screen.findByRole('dialog', { name: 'Manage Licenses' });
    fireEvent.change(within(modal).getByLabelText(/Number of licenses/), {
      target: { value: '5' },
    });
    await waitFor(() =>
      expect(within(modal).getByTestId('one-time-charge').textContent).toBe('$12.50'),
    );
    fireEvent.click(within(modal).getByRole('button', { name: 'Confirm' }));
    const notice = await within(modal).findByTestId('payment-action-required');
    expect(notice.textContent).toContain('Your bank asks you to confirm this payment.');
    expect(screen.queryByText(/successfully purchased/)).toBeNull();
    expect((await banner()).textContent).toContain('$12.50 for 2 × Pro license');
    fireEvent.click(within(notice).getByRole('button', { name: 'Complete payment' }));
    const bank = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    expect(within(bank).getByTestId('authentication-amount').textContent).toBe('$12.50');
    expect(screen.queryByRole('dialog', { name: 'Manage Licenses' })).toBeNull();
  });
});
