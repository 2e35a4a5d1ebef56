// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppError, PLAN_IDS, routes, STORAGE_KEYS, ZIdempotencyKey } from '@waymark/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findAnnouncedRole } from '../../../testing/find-announced-role';
import { expectNoAxeViolations } from '../../../testing/expect-no-axe-violations';
import { callsTo, renderAdminScreen } from '../../../testing/render-admin-screen';
import { serveBilling } from '../../../testing/account-fake-server';
import { AccountScreen } from '../index';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ apiClient: { call } }));

const ORG_ID = 7;
const { free, basic, standardTrial } = PLAN_IDS;

async function openManageLicenses(url?: string) {
  renderAdminScreen(<AccountScreen />, url);
  if (!url) {
    await screen.findByTestId('license-total');
    fireEvent.click(screen.getByRole('button', { name: 'Manage Licenses' }));
  }
  return screen.findByRole('dialog', { name: 'Manage Licenses' });
}

const licenseInput = (modal: HTMLElement) => within(modal).getByLabelText(/Number of licenses/);
const setTotal = (modal: HTMLElement, total: number) =>
  fireEvent.change(licenseInput(modal), { target: { value: String(total) } });

/** Buys one more licence on Basic, and Confirms again after the first answer (a failure). */
async function confirmTwice(answer: () => unknown) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  serveBilling(
    call,
    { planId: basic, total: 1, assigned: 1, hasCard: true },
    { writes: { calculateOneTimeCharge: () => '2.40', purchaseLicense: answer } },
  );
  const modal = await openManageLicenses();
  setTotal(modal, 2);
  fireEvent.click(within(modal).getByRole('button', { name: 'Confirm' }));
  await within(modal).findByRole('alert');
  fireEvent.click(within(modal).getByRole('button', { name: 'Confirm' }));
  return modal;
}

/** The idempotency keys of the first `count` purchases sent. */
async function purchaseKeys(count: number) {
  await waitFor(() => expect(callsTo(call, routes.purchaseLicense)).toHaveLength(count));
  return callsTo(call, routes.purchaseLicense).map(
    (input) => (input.body as { idempotencyKey?: string }).idempotencyKey,
  );
}

describe('Manage Licenses (spec §2, §4, §5, §8)', () => {
  beforeEach(() => {
    call.mockReset();
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.orgId, String(ORG_ID));
  });

  it('paid: shows the prorated charge the server calculates, buys, and says so', async () => {
    serveBilling(
      call,
      { planId: basic, total: 2, assigned: 2, hasCard: true },
      { writes: { calculateOneTimeCharge: () => '2.40', purchaseLicense: () => '' } },
    );
    const modal = await openManageLicenses();
    await expectNoAxeViolations('Manage Licenses (paid)');
    setTotal(modal, 4);
    expect(within(modal).getByTestId('license-change').textContent).toBe('+2 licenses');
    await waitFor(() =>
      expect(within(modal).getByTestId('one-time-charge').textContent).toBe('$2.40'),
    );
    expect(modal.textContent).toContain('From the first of next month: 4 × $4 = $16 a month.');
    expect(callsTo(call, routes.calculateOneTimeCharge).at(-1)).toEqual({
      body: { orgId: ORG_ID, planId: basic, valueType: '+', licenseChange: 2 },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Confirm' }));
    // spec §8: without a server text the banner says what was bought.
    expect(await findAnnouncedRole('Licenses successfully purchased. Quantity: 2.')).toBe('status');
    expect(callsTo(call, routes.purchaseLicense)).toEqual([
      {
        body: {
          orgId: ORG_ID,
          planId: basic,
          purchaseCount: 2,
          idempotencyKey: expect.any(String) as unknown,
        },
      },
    ]);
  });

  it('sends one key with every Confirm of an opening, so a retry after a lost answer buys once', async () => {
    let sent = 0;
    // The first answer is lost (the connection dropped after the server charged).
    let modal = await confirmTwice(() =>
      ++sent === 1 ? Promise.reject(new TypeError('Failed to fetch')) : '',
    );
    await findAnnouncedRole('Licenses successfully purchased. Quantity: 1.');
    // Opened again: a new purchase, with a new key.
    fireEvent.click(screen.getByRole('button', { name: 'Manage Licenses' }));
    modal = await screen.findByRole('dialog', { name: 'Manage Licenses' });
    setTotal(modal, 2);
    fireEvent.click(within(modal).getByRole('button', { name: 'Confirm' }));
    const keys = await purchaseKeys(3);
    expect(ZIdempotencyKey.safeParse(keys[0]).success).toBe(true);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(ZIdempotencyKey.safeParse(keys[2]).success).toBe(true);
  });

  it('after a decline, the next Confirm is a new purchase with a new key', async () => {
    await confirmTwice(() =>
      Promise.reject(new AppError('PAYMENT_FAILED', 'Your card was declined.')),
    );
    const [first, second] = await purchaseKeys(2);
    expect(ZIdempotencyKey.safeParse(first).success).toBe(true);
    expect(ZIdempotencyKey.safeParse(second).success).toBe(true);
    expect(second).not.toBe(first);
  });

  it('paid: a removal confirms first, never below the licenses assigned', async () => {
    serveBilling(
      call,
      { planId: basic, total: 5, assigned: 2, hasCard: true },
      { writes: { removeLicense: () => '' } },
    );
    const modal = await openManageLicenses();
    setTotal(modal, 1);
    fireEvent.blur(licenseInput(modal));
    expect(licenseInput(modal)).toHaveProperty('value', '2');
    expect(within(modal).getByTestId('license-change').textContent).toBe('−3 licenses');
    setTotal(modal, 3);
    fireEvent.click(within(modal).getByRole('button', { name: 'Confirm' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove licenses' });
    expect(confirm.textContent).toMatch(/Remove 2 licenses\? You keep 3\..*\$12 a month/);
    await expectNoAxeViolations('Remove licenses');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove licenses' }));
    expect(await findAnnouncedRole('Licenses successfully removed.')).toBe('status');
    expect(callsTo(call, routes.removeLicense)).toEqual([
      { body: { orgId: ORG_ID, planId: basic, licenseRemovalCount: 2 } },
    ]);
  });

  it('trial: ignores negative steps, charges nothing, and a zero change just closes', async () => {
    serveBilling(call, { planId: standardTrial, total: 3, assigned: 1, hasCard: false });
    const modal = await openManageLicenses();
    fireEvent.keyDown(licenseInput(modal), { key: 'ArrowDown' });
    setTotal(modal, 1);
    expect(within(modal).getByTestId('license-change').textContent).toBe('No change');
    fireEvent.blur(licenseInput(modal));
    expect(licenseInput(modal)).toHaveProperty('value', '3');
    expect(within(modal).getByTestId('one-time-charge').textContent).toBe(
      'No charge during your trial.',
    );
    // Issue 25: without a card the trial becomes Free; no charge is promised.
    setTotal(modal, 4);
    expect(within(modal).getByTestId('after-trial').textContent).toBe(
      'Standard Trial → Free on Dec 23, 2026 unless a payment method is added (then Standard, 4 × $6 = $24 a month).',
    );
    setTotal(modal, 3);
    fireEvent.click(within(modal).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(call, routes.purchaseLicense)).toEqual([]);
    expect(callsTo(call, routes.calculateOneTimeCharge)).toEqual([]);
  });

  it('a failed purchase is logged and its reason stays in the dialog', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveBilling(
      call,
      { planId: basic, total: 1, assigned: 1, hasCard: true },
      {
        writes: {
          calculateOneTimeCharge: () => Promise.reject(new Error('down')),
          purchaseLicense: () =>
            Promise.reject(new AppError('PAYMENT_FAILED', 'Your card was declined.')),
        },
      },
    );
    const modal = await openManageLicenses();
    setTotal(modal, 2);
    // spec §8: a failed cost calculation counts as 0.
    await waitFor(() =>
      expect(within(modal).getByTestId('one-time-charge').textContent).toBe('$0'),
    );
    fireEvent.click(within(modal).getByRole('button', { name: 'Confirm' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe('Your card was declined.');
    expect(log).toHaveBeenCalled();
  });

  it('a purchase still being processed says so, not as a failure, and refreshes the account', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const processing =
      'Your payment is being processed. Reload the page in a few minutes to see it; there is no need to pay again.';
    serveBilling(
      call,
      { planId: basic, total: 1, assigned: 1, hasCard: true },
      {
        writes: {
          purchaseLicense: () => Promise.reject(new AppError('PAYMENT_PROCESSING', processing)),
        },
      },
    );
    const modal = await openManageLicenses();
    setTotal(modal, 2);
    const reads = callsTo(call, routes.getLicenseInfo).length;
    fireEvent.click(within(modal).getByRole('button', { name: 'Confirm' }));
    const notice = await within(modal).findByTestId('payment-processing');
    expect(notice.textContent).toBe(processing);
    expect(notice.getAttribute('role')).toBe('alert');
    await waitFor(() => expect(callsTo(call, routes.getLicenseInfo).length).toBeGreaterThan(reads));
    // No second payment from this dialog: Confirm stays off.
    expect(within(modal).getByRole<HTMLButtonElement>('button', { name: 'Confirm' }).disabled).toBe(
      true,
    );
  });

  it('?openModule=true opens it; on Free the license-only dialog asks to upgrade first', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serveBilling(call, { planId: free, total: 1, assigned: 1, hasCard: false });
    const modal = await openManageLicenses('/app/account?openModule=true');
    expect(warn).toHaveBeenCalled();
    const next = within(modal).getByRole('button', { name: 'Next' });
    expect(next).toHaveProperty('disabled', false);
    setTotal(modal, 2);
    expect(within(modal).getByRole('alert').textContent).toBe(
      'You must upgrade your plan to use this feature.',
    );
    expect(next).toHaveProperty('disabled', true);
    await expectNoAxeViolations('license-only dialog');
    fireEvent.click(within(modal).getByRole('button', { name: 'Back' }));
    within(modal).getByRole('radiogroup', { name: 'Choose a plan' });
    expect(within(modal).queryByRole('button', { name: 'Back' })).toBeNull();
  });
});
