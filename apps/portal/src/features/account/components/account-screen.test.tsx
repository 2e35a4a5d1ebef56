// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppError, PLAN_IDS, routes, STORAGE_KEYS } from '@waymark/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../testing/expect-no-axe-violations';
import { callsTo, renderAdminScreen } from '../../../testing/render-admin-screen';
import { serveBilling } from '../../../testing/account-fake-server';
import { descriptionOf } from '../../../testing/aria-text';
import { findAnnouncedRole } from '../../../testing/find-announced-role';
import { AccountScreen } from '../index';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ apiClient: { call } }));

const ORG_ID = 7;
const { free, basic, standardTrial } = PLAN_IDS;

/** A pager's "x - y of n" line (spec §4). */
const PAGER = /^\d+ - \d+ of \d+$/;
const panel = (name: string) => within(screen.getByRole('region', { name }));
const dialog = (name: string) => screen.findByRole('dialog', { name });

async function renderScreen(url?: string) {
  renderAdminScreen(<AccountScreen />, url);
  await screen.findByTestId('plan-name');
  await screen.findByTestId('license-total');
}

describe('Account screen (spec §2)', () => {
  beforeEach(() => {
    call.mockReset();
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.orgId, String(ORG_ID));
  });

  it('shows the trial plan, its end, licenses, card and features, and passes axe', async () => {
    serveBilling(call, { planId: standardTrial, total: 3, assigned: 1, hasCard: true });
    await renderScreen();
    expect(screen.getByTestId('plan-name').textContent).toBe('Standard Trial');
    expect(screen.getByTestId('trial-end').textContent).toBe('Trial ends on Dec 23, 2026');
    expect(screen.getByTestId('monthly-cost').textContent).toBe('$0');
    const about = screen.getAllByRole('button', { name: /^About / });
    expect(about.map((button) => button.getAttribute('aria-label'))).toContain(
      'About Standard Trial',
    );
    expect(panel('Licenses').getByTestId('license-available').textContent).toBe('2');
    expect(panel('Payment Method').getByTestId('saved-card').textContent).toContain(
      'Visa ending in 4242',
    );
    const attachments = panel('Plan Features').getByRole('row', { name: /^Attachments/ });
    expect(attachments.textContent).toBe('Attachments✓Included');
    const storage = await screen.findByTestId('limit-Attachment storage');
    expect(storage.textContent).toBe('Attachment storage3.1 MB of 10 GB used');
    const compare = screen.getByRole('link', { name: /Compare plans and pricing/ });
    expect(compare.getAttribute('href')).toBe('/client/home/plans-pricing');
    await expectNoAxeViolations('Account screen');
  });

  it('disables Manage Licenses on Free with the spec hover text', async () => {
    serveBilling(call, { planId: free, total: 1, assigned: 1, hasCard: false });
    await renderScreen();
    const button = panel('Licenses').getByRole('button', { name: 'Manage Licenses' });
    expect(button.getAttribute('data-disabled')).toBe('true');
    expect(descriptionOf(button)).toBe('License Management is for paid plans or while on trial.');
    fireEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(panel('Payment History').getByRole('button', { name: 'Cancel Plan' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('shows a cancellation as the move to Free with the last day, and the history 3 per page', async () => {
    serveBilling(
      call,
      {
        planId: basic,
        total: 2,
        assigned: 1,
        hasCard: true,
        scheduledPlanId: free,
        accountEndDate: '2026-11-30',
      },
      { history: 4 },
    );
    await renderScreen();
    expect(screen.getByTestId('plan-outlook').textContent).toBe(
      'Basic → Free on Dec 1, 2026, no charge. Basic ends on Nov 30, 2026.',
    );
    expect(panel('Payment History').getByRole('button', { name: 'Cancel Plan' })).toHaveProperty(
      'disabled',
      true,
    );
    const history = panel('Payment History');
    await waitFor(() => expect(history.getByText(PAGER).textContent).toBe('1 - 3 of 4'));
    // jsdom applies no media queries: the wide table and the narrow cards both render here.
    const table = within(history.getByRole('table', { name: 'Payments' }));
    expect(table.getAllByRole('button', { name: /^Receipt for/ })).toHaveLength(3);
    expect(history.getAllByTestId('payment-amount').map((cell) => cell.textContent)).toEqual([
      '$8',
      '$8',
      '$8',
    ]);
    fireEvent.click(history.getByRole('button', { name: 'Next payments' }));
    expect(history.getByText(PAGER).textContent).toBe('4 - 4 of 4');
    fireEvent.click(table.getByRole('button', { name: 'Receipt for pi_sandbox_4' }));
    const receipt = await dialog('Receipt');
    expect(within(receipt).getByTestId('receipt-total').textContent).toBe('$8');
    const transaction = within(receipt).getByRole('row', { name: /^Transaction/ });
    expect(transaction.textContent).toBe('Transactionpi_sandbox_4');
    await expectNoAxeViolations('Receipt dialog');
  });

  it.each([
    {
      state: { planId: standardTrial, total: 3, endDate: '2026-12-23' },
      line: 'Standard Trial → Pro on Dec 23, 2026, 3 × $9 = $27 a month.',
      undoTo: PLAN_IDS.standard,
    },
    {
      state: { planId: basic, total: 2, endDate: '2026-11-30' },
      line: 'Basic → Pro on Dec 1, 2026, 2 × $9 = $18 a month.',
      undoTo: basic,
    },
  ])(
    'reads Pro scheduled on $line as a change, keeps Cancel Plan, and undoes it',
    async ({ state, line, undoTo }) => {
      serveBilling(
        call,
        {
          planId: state.planId,
          total: state.total,
          assigned: 1,
          hasCard: true,
          scheduledPlanId: PLAN_IDS.pro,
          accountEndDate: state.endDate,
        },
        { writes: { selectPlan: () => 'Your organization stays on its plan.' } },
      );
      await renderScreen();
      expect(screen.getByTestId('plan-outlook').textContent).toBe(line);
      expect(screen.queryByText(/Ends on/)).toBeNull();
      const cancel = panel('Payment History').getByRole('button', { name: 'Cancel Plan' });
      expect(cancel).toHaveProperty('disabled', false);
      await expectNoAxeViolations('Account screen with a scheduled change');
      fireEvent.click(screen.getByRole('button', { name: 'Undo scheduled change' }));
      expect(await findAnnouncedRole('Your organization stays on its plan.')).toBe('status');
      expect(callsTo(call, routes.selectPlan)).toEqual([
        { params: { orgId: ORG_ID, planId: undoTo } },
      ]);
    },
  );

  it('cancels the plan after confirmation and shows the server text in the banner', async () => {
    serveBilling(
      call,
      { planId: basic, total: 2, assigned: 1, hasCard: true },
      { writes: { cancelPlan: () => 'Your plan ends on Dec 1, 2026.' } },
    );
    await renderScreen();
    fireEvent.click(panel('Payment History').getByRole('button', { name: 'Cancel Plan' }));
    const confirm = await dialog('Cancel Plan');
    expect(confirm.textContent).toMatch(/until the end of this month/);
    await expectNoAxeViolations('Cancel Plan dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel Plan' }));
    expect(await findAnnouncedRole('Your plan ends on Dec 1, 2026.')).toBe('status');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(call, routes.cancelPlan)).toEqual([{ params: { orgId: ORG_ID } }]);
  });

  it('removing the card detaches it, refreshes, then opens the add dialog (spec §4)', async () => {
    serveBilling(
      call,
      { planId: basic, total: 2, assigned: 1, hasCard: true },
      { writes: { detachPaymentMethod: () => 'Payment method removed.' } },
    );
    await renderScreen();
    const reads = callsTo(call, routes.retrieveCustomerPaymentMethod).length;
    fireEvent.click(panel('Payment Method').getByRole('button', { name: 'Remove' }));
    const add = await dialog('Payment Method');
    // The add dialog opens empty: the removed card is not offered again.
    expect(await within(add).findByRole('textbox', { name: 'CVC' })).toHaveProperty('value', '');
    expect(callsTo(call, routes.detachPaymentMethod)).toEqual([{ params: { id: 'pm_sandbox_1' } }]);
    expect(callsTo(call, routes.retrieveCustomerPaymentMethod).length).toBeGreaterThan(reads);
  });

  it('keeps the dialog open with the reason when cancelling fails', async () => {
    serveBilling(
      call,
      { planId: basic, total: 2, assigned: 1, hasCard: true },
      {
        writes: {
          cancelPlan: () => Promise.reject(new AppError('CONFLICT', 'Already canceled.')),
        },
      },
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderScreen();
    fireEvent.click(panel('Payment History').getByRole('button', { name: 'Cancel Plan' }));
    const confirm = await dialog('Cancel Plan');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel Plan' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe('Already canceled.');
  });
  it('saves the search language an admin chooses, with the server text in the banner', async () => {
    let stored = 'english';
    serveBilling(
      call,
      { planId: standardTrial, total: 3, assigned: 1, hasCard: true },
      {
        writes: {
          getSearchLanguage: () => ({ searchLanguage: stored }),
          saveSearchLanguage: (input) => {
            stored = (input.body as { searchLanguage: string }).searchLanguage;
            return 'Search language saved. Every item is searched in it now.';
          },
        },
      },
    );
    await renderScreen();
    const region = panel('Search Language');
    const language = await region.findByRole('combobox', { name: 'Language of your items' });
    await waitFor(() => expect(language).toHaveProperty('value', 'English'));
    const save = region.getByRole('button', { name: 'Save Changes' });
    expect(save).toHaveProperty('disabled', true);
    await expectNoAxeViolations('Account screen search language');
    fireEvent.click(language);
    fireEvent.click(await screen.findByRole('option', { name: 'German', hidden: true }));
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    expect(
      await findAnnouncedRole('Search language saved. Every item is searched in it now.'),
    ).toBe('status');
    expect(callsTo(call, routes.saveSearchLanguage)).toEqual([
      { body: { orgId: ORG_ID, searchLanguage: 'german' } },
    ]);
    await waitFor(() => expect(language).toHaveProperty('value', 'German'));
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
  });
});
