// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppError, PLAN_IDS, routes, STORAGE_KEYS } from '@waymark/core';
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

async function openManagePlan() {
  renderAdminScreen(<AccountScreen />);
  await screen.findByTestId('license-total');
  fireEvent.click(await screen.findByRole('button', { name: 'Manage Plan' }));
  return screen.findByRole('dialog', { name: 'Manage Plan' });
}

const choose = (modal: HTMLElement, plan: string) =>
  fireEvent.click(within(modal).getByRole('radio', { name: new RegExp(`^${plan}`) }));
const button = (modal: HTMLElement, name: string) => within(modal).getByRole('button', { name });

/** Fills the Sandbox card form with `number` and saves it. */
function saveCard(modal: HTMLElement, number: string) {
  const fill = (label: RegExp, value: string) =>
    fireEvent.change(within(modal).getByLabelText(label), { target: { value } });
  fill(/Name on card/, 'Ada Admin');
  fill(/Card number/, number);
  fill(/Expiry/, '12 / 30');
  fill(/CVC/, '123');
  fill(/Postal code/, '43004');
  fireEvent.click(within(modal).getByRole('button', { name: 'Save Card' }));
}

describe('Manage Plan (spec §2, §4)', () => {
  beforeEach(() => {
    call.mockReset();
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.orgId, String(ORG_ID));
  });

  it('Free: Next reads Confirm and goes to Confirm Plan Change, which performs it', async () => {
    serveBilling(
      call,
      { planId: basic, total: 3, assigned: 2, hasCard: true },
      { writes: { selectPlan: () => 'Your plan changes to Free on Dec 1, 2026.' } },
    );
    const modal = await openManagePlan();
    await expectNoAxeViolations('Manage Plan: select plan');
    expect(within(modal).queryByRole('button', { name: 'Confirm' })).toBeNull();
    choose(modal, 'Free');
    expect(within(modal).getByTestId('plan-summary').textContent).toMatch(
      /first of next month.*every user but you loses access/,
    );
    fireEvent.click(button(modal, 'Confirm'));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Plan Change' });
    await expectNoAxeViolations('Confirm Plan Change');
    fireEvent.click(button(confirm, 'Confirm'));
    expect(await findAnnouncedRole('Your plan changes to Free on Dec 1, 2026.')).toBe('status');
    expect(callsTo(call, routes.selectPlan)).toEqual([{ params: { orgId: ORG_ID, planId: free } }]);
  });

  it('trial without a card: the payment dialog comes first, then the charge and Confirm', async () => {
    let release: (text: string) => void = () => undefined;
    serveBilling(
      call,
      { planId: standardTrial, total: 1, assigned: 1, hasCard: false },
      {
        writes: {
          createSandboxPaymentMethod: () => ({ stripePaymentId: 'pm_sandbox_9' }),
          savePaymentMethod: () => ({ status: 'succeeded', clientSecret: null, message: 'Saved.' }),
          calculateOneTimeCharge: () => '0.00',
          selectPlan: () => new Promise<string>((resolve) => (release = resolve)),
          purchaseLicense: () => 'Licenses successfully purchased. Quantity: 2.',
        },
      },
    );
    const modal = await openManagePlan();
    // Issue 25: each card its own price (the trial's after-price is the organization's, not theirs).
    expect(
      within(modal)
        .getAllByTestId('plan-price')
        .map((line) => line.textContent),
    ).toEqual([
      'No charge.',
      'Free during your trial, then $4 per license a month ($4 a month for your 1 license).',
      'Free during your trial, then $6 per license a month ($6 a month for your 1 license).',
      'Free during your trial, then $9 per license a month ($9 a month for your 1 license).',
    ]);
    choose(modal, 'Basic');
    expect(within(modal).getByTestId('plan-summary').textContent).toBe(
      'Basic: Takes effect when your trial ends on Dec 23, 2026; no charge until then. Then 1 × $4 = $4 a month.',
    );
    fireEvent.click(button(modal, 'Next'));
    fireEvent.change(within(modal).getByLabelText(/Number of licenses/), {
      target: { value: '3' },
    });
    await expectNoAxeViolations('Manage Plan: licenses');
    fireEvent.click(button(modal, 'Next'));

    const payment = await screen.findByRole('dialog', { name: 'Payment Method' });
    await within(payment).findByLabelText(/Card number/);
    await expectNoAxeViolations('Payment Method (Sandbox)');
    saveCard(payment, '4242 4242 4242 4242');

    const confirmStep = await screen.findByRole('dialog', { name: 'Manage Plan' });
    await waitFor(() =>
      expect(within(confirmStep).getByTestId('one-time-charge').textContent).toBe('$0'),
    );
    expect(within(confirmStep).getByRole('row', { name: /^Licenses/ }).textContent).toMatch(
      /3 \(\+2 licenses\)/,
    );
    await expectNoAxeViolations('Manage Plan: confirm');
    fireEvent.click(button(confirmStep, 'Confirm'));
    const working = await within(confirmStep).findByRole('button', { name: 'Working...' });
    expect(working).toHaveProperty('disabled', true);
    release('Basic starts when your trial ends.');
    expect(
      await findAnnouncedRole(
        'Basic starts when your trial ends. Licenses successfully purchased. Quantity: 2.',
      ),
    ).toBe('status');
    expect(callsTo(call, routes.savePaymentMethod)).toEqual([
      { body: { orgId: ORG_ID, stripePaymentId: 'pm_sandbox_9' } },
    ]);
    expect(callsTo(call, routes.calculateOneTimeCharge)[0]?.body).toEqual({
      orgId: ORG_ID,
      planId: basic,
      valueType: '+',
      licenseChange: 2,
    });
    expect(callsTo(call, routes.selectPlan)).toEqual([
      { params: { orgId: ORG_ID, planId: basic } },
    ]);
    // The licences are bought at the plan in effect: still the trial, so no charge.
    expect(callsTo(call, routes.purchaseLicense)).toEqual([
      {
        body: {
          orgId: ORG_ID,
          planId: standardTrial,
          purchaseCount: 2,
          idempotencyKey: expect.any(String) as unknown,
        },
      },
    ]);
  });

  // Decision 0131: the licences one opening buys are one purchase, however often it is confirmed.
  it('sends the same purchase key when Confirm is pressed again after a lost answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let sent = 0;
    serveBilling(
      call,
      { planId: basic, total: 1, assigned: 1, hasCard: true },
      {
        writes: {
          calculateOneTimeCharge: () => '1.20',
          purchaseLicense: () =>
            ++sent === 1
              ? Promise.reject(new TypeError('Failed to fetch'))
              : 'Licenses successfully purchased. Quantity: 2.',
        },
      },
    );
    const modal = await openManagePlan();
    fireEvent.click(button(modal, 'Next'));
    fireEvent.change(within(modal).getByLabelText(/Number of licenses/), {
      target: { value: '3' },
    });
    fireEvent.click(button(modal, 'Next'));
    await waitFor(() =>
      expect(within(modal).getByTestId('one-time-charge').textContent).toBe('$1.20'),
    );
    fireEvent.click(button(modal, 'Confirm'));
    await within(modal).findByRole('alert');
    fireEvent.click(button(modal, 'Confirm'));
    await findAnnouncedRole('Licenses successfully purchased. Quantity: 2.');
    const keys = callsTo(call, routes.purchaseLicense).map(
      (input) => (input.body as { idempotencyKey?: string }).idempotencyKey,
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{16,255}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(callsTo(call, routes.selectPlan)).toEqual([]);
  });

  it('Back steps return; closing the payment dialog stays on the license step', async () => {
    serveBilling(call, { planId: free, total: 1, assigned: 1, hasCard: false });
    const modal = await openManagePlan();
    choose(modal, 'Standard');
    fireEvent.click(button(modal, 'Next'));
    expect(within(modal).getByLabelText(/Number of licenses/)).toHaveProperty('value', '1');
    fireEvent.click(button(modal, 'Back'));
    expect(within(modal).getByRole('radio', { name: /^Standard/ })).toHaveProperty(
      'ariaChecked',
      'true',
    );
    fireEvent.click(button(modal, 'Next'));
    fireEvent.click(button(modal, 'Next'));
    const payment = await screen.findByRole('dialog', { name: 'Payment Method' });
    fireEvent.click(within(payment).getByRole('button', { name: 'Close' }));
    const again = await screen.findByRole('dialog', { name: 'Manage Plan' });
    expect(within(again).getByLabelText(/Number of licenses/)).toHaveProperty('value', '1');
    expect(callsTo(call, routes.selectPlan)).toEqual([]);
  });

  it('a declined card shows the spec message and the reason, and saves nothing', async () => {
    serveBilling(
      call,
      { planId: basic, total: 1, assigned: 1, hasCard: false },
      {
        writes: {
          createSandboxPaymentMethod: () => ({ stripePaymentId: 'pm_sandbox_declined' }),
          savePaymentMethod: () =>
            Promise.reject(new AppError('PAYMENT_FAILED', 'Your card was declined.')),
        },
      },
    );
    renderAdminScreen(<AccountScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Payment Method' }));
    const payment = await screen.findByRole('dialog', { name: 'Payment Method' });
    await within(payment).findByLabelText(/Card number/);
    saveCard(payment, '4242 4242 4242 4241');
    expect((await within(payment).findByRole('alert')).textContent).toBe(
      'Your card number is invalid.',
    );
    expect(callsTo(call, routes.createSandboxPaymentMethod)).toEqual([]);
    saveCard(payment, '4000 0000 0000 0002');
    await waitFor(() =>
      expect(within(payment).getByRole('alert').textContent).toBe(
        'An error occurred while processing your payment method.Your card was declined.',
      ),
    );
    expect(callsTo(call, routes.createSandboxPaymentMethod)[0]?.body).toMatchObject({
      orgId: ORG_ID,
      cardNumber: '4000000000000002',
      expMonth: 12,
      expYear: 2030,
    });
  });
});
