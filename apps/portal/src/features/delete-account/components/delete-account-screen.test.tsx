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
import { DeleteAccountScreen } from '../index';

const call = vi.hoisted(() => vi.fn());
const isEmbedded = vi.hoisted(() => ({ value: true }));
const forgetDeletedUser = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../../lib/api-client', () => ({ apiClient: { call } }));
vi.mock('../../../lib/auth/auth-config', () => ({
  loadAuthConfig: () => Promise.resolve({ isEmbedded: isEmbedded.value }),
}));
vi.mock('../../../lib/auth/session', () => ({ forgetDeletedUser }));

const DELETED = 'Your account has been deleted. We sent a confirmation e-mail.';

function fakeServer(answer: (input: FakeCallInput) => unknown) {
  answerCalls(
    call,
    new Map<RouteDef, (input: FakeCallInput) => unknown>([[routes.deleteAccount, answer]]),
  );
}

describe('Delete your account (issue 33)', () => {
  it('asks for the current password, deletes, forgets the local session and says so', async () => {
    const user = userEvent.setup();
    fakeServer(() => DELETED);
    renderAdminScreen(<DeleteAccountScreen />, '/delete-account');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Delete your account');
    await expectNoAxeViolations('Delete your account');
    // Nothing is sent without a password.
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(callsTo(call, routes.deleteAccount)).toEqual([]);

    await user.type(screen.getByLabelText(/Current password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await screen.findByRole('heading', { name: 'Your account has been deleted' });
    expect(screen.getByRole('status').textContent).toBe(DELETED);
    expect(callsTo(call, routes.deleteAccount).map((input) => input.body)).toEqual([
      { confirmation: 'correct horse battery' },
    ]);
    expect(forgetDeletedUser).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations('Your account has been deleted');
  });

  it('shows a refusal in place and keeps the session (the Owner); asks for the e-mail with an external provider', async () => {
    const user = userEvent.setup();
    isEmbedded.value = false;
    forgetDeletedUser.mockClear();
    const refusal =
      "You are the Owner of Acme. Close the organization from the portal's Account screen before deleting your account.";
    fakeServer(() => {
      throw new AppError('CONFLICT', refusal);
    });
    renderAdminScreen(<DeleteAccountScreen />, '/delete-account');
    const field = await screen.findByLabelText(/Type your account's e-mail address/);
    await user.type(field, 'olga@acme.test');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(refusal);
    expect(forgetDeletedUser).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Delete your account'),
    );
    await expectNoAxeViolations('Delete your account with a refusal');
  });
});
