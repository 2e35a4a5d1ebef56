// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AppError,
  ORG_CLOSED_MESSAGE,
  routes,
  type RouteDef,
  type TOrganization,
} from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../testing/expect-no-axe-violations';
import {
  answerCalls,
  callsTo,
  renderAdminScreen,
  type FakeCallInput,
} from '../../../testing/render-admin-screen';
import { ClosedOrganizationPanel, CloseOrganizationPanel } from '../index';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ apiClient: { call } }));

const ORG: TOrganization = {
  orgId: 7,
  orgName: 'Acme Shop',
  orgAccessLevelId: 1,
  orgAccessLevelDescription: 'Owner',
};
const CLOSURE = { closedAt: '2026-11-26T08:00:00.000Z', deletesAt: '2026-12-26T08:00:00.000Z' };

function fakeServer(answers: [RouteDef, (input: FakeCallInput) => unknown][]) {
  answerCalls(call, new Map([[routes.getOrgs, () => [ORG]], ...answers]));
}

describe('Close organization (issue 33)', () => {
  it('closes only once the name is typed, and passes axe', async () => {
    const user = userEvent.setup();
    fakeServer([[routes.closeOrganization, () => 'Acme Shop is closed.']]);
    renderAdminScreen(<CloseOrganizationPanel org={ORG} />);
    expect(screen.getByRole('region', { name: 'Close organization' }).textContent).toContain(
      'After 30 days every item, note, attachment and setting of Acme Shop is deleted',
    );
    await expectNoAxeViolations('Close organization panel');
    await user.click(screen.getByRole('button', { name: 'Close organization…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Acme Shop?' });
    const confirm = screen.getByRole('button', { name: 'Close organization' });
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText(/Organization name/), 'acme shop');
    expect(confirm).toHaveProperty('disabled', false);
    await expectNoAxeViolations('Close organization dialog');
    await user.click(confirm);
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(callsTo(call, routes.closeOrganization).map((input) => input.body)).toEqual([
      { orgId: 7, confirmName: 'acme shop' },
    ]);
  });

  it("shows the server's refusal in place", async () => {
    const user = userEvent.setup();
    fakeServer([
      [
        routes.closeOrganization,
        () => {
          throw new AppError(
            'FORBIDDEN',
            'Only the owner of this organization can close or reopen it.',
          );
        },
      ],
    ]);
    renderAdminScreen(<CloseOrganizationPanel org={ORG} />);
    await user.click(screen.getByRole('button', { name: 'Close organization…' }));
    await user.type(await screen.findByLabelText(/Organization name/), 'Acme Shop');
    await user.click(screen.getByRole('button', { name: 'Close organization' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Only the owner of this organization can close or reopen it.',
    );
  });

  it('is not offered to an admin who is not the owner', () => {
    fakeServer([]);
    const { container } = renderAdminScreen(
      <CloseOrganizationPanel org={{ ...ORG, orgAccessLevelDescription: 'Admin' }} />,
    );
    expect(container.textContent).not.toContain('Close organization');
  });

  it('a closed organization says so with its deletion day; the owner reopens it (axe)', async () => {
    const user = userEvent.setup();
    fakeServer([[routes.reopenOrganization, () => 'Your organization is open again.']]);
    renderAdminScreen(<ClosedOrganizationPanel org={{ ...ORG, closure: CLOSURE }} />);
    expect(document.body.textContent).toContain(`This organization is closed${ORG_CLOSED_MESSAGE}`);
    expect(screen.getByTestId('deletion-day').textContent).toBe(
      'Its data will be deleted on December 26, 2026.',
    );
    await expectNoAxeViolations('Closed organization');
    await user.click(screen.getByRole('button', { name: 'Reopen organization' }));
    await waitFor(() =>
      expect(callsTo(call, routes.reopenOrganization).map((input) => input.body)).toEqual([
        { orgId: 7 },
      ]),
    );
  });

  it('a member sees it closed without Reopen', () => {
    fakeServer([]);
    renderAdminScreen(
      <ClosedOrganizationPanel
        org={{ ...ORG, orgAccessLevelDescription: 'Member', closure: CLOSURE }}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Reopen organization' })).toBeNull();
  });
});
