// @vitest-environment jsdom
import '../../../testing/setup-dom';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { routes } from '@waymark/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LeaveOrganization } from './leave-organization';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ apiClient: { call } }));

function renderLeave() {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <main id="main-content">
          <LeaveOrganization orgId={7} orgName="Acme" />
        </main>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

async function confirmLeave() {
  fireEvent.click(screen.getByRole('button', { name: 'Leave organization' }));
  const dialog = await screen.findByRole('dialog', { name: 'Leave Organization' });
  expect(dialog.textContent).toContain('Leave Acme?');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
}

describe('leaving an organization from Admin Access Only (issue 33)', () => {
  beforeEach(() => call.mockReset());

  it('asks first, then calls leaveOrg for the organization and shows the answer', async () => {
    call.mockResolvedValue('You have left Acme. Your items stay with the organization.');
    renderLeave();
    expect(call).not.toHaveBeenCalled();
    await confirmLeave();
    expect(
      await screen.findByText('You have left Acme. Your items stay with the organization.'),
    ).toBeInstanceOf(HTMLElement);
    expect(call).toHaveBeenCalledWith(routes.leaveOrg, { params: { orgId: 7 } });
    expect(screen.queryByRole('button', { name: 'Leave organization' })).toBeNull();
  });
});
