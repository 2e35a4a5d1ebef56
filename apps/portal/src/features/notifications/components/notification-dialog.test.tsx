// @vitest-environment jsdom
import '../../../testing/setup-dom';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { routes, type TNotification } from '@waymark/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findAnnouncedRole } from '../../../testing/find-announced-role';
import { BannerProvider } from '../../../components/banner/banner-context';
import { ToastProvider } from '../../../components/toasts/toast-context';
import { NotificationDialog } from './notification-dialog';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ apiClient: { call } }));

const welcome: TNotification = {
  notificationInfoId: 11,
  notificationTemplateId: 5,
  notificationDescription: '<p>Welcome to Waymark!</p>',
  notificationOrgId: 3,
};
const invitation: TNotification = {
  notificationInfoId: 12,
  notificationTemplateId: 4,
  notificationDescription: '<p>Join Acme</p>',
  notificationOrgId: 4,
};

function answer(queue: TNotification[], handlers: Record<string, () => unknown>) {
  call.mockImplementation((route: { path: string }) => {
    if (route === routes.getSiteNotifications) return Promise.resolve(queue);
    const handler = Object.entries(handlers).find(([path]) => route.path === path)?.[1];
    return handler ? Promise.resolve().then(handler) : Promise.reject(new Error(route.path));
  });
}

function renderDialog(onOrgNameMissing = vi.fn()) {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <BannerProvider>
            <NotificationDialog isActive onOrgNameMissing={onOrgNameMissing} />
          </BannerProvider>
        </ToastProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onOrgNameMissing;
}

describe('the notification dialog (spec §4 Notifications, §8)', () => {
  beforeEach(() => {
    call.mockReset();
  });

  it('dismisses a welcome with Okay and asks for a name when the organization has none', async () => {
    answer([welcome], {
      [routes.dismissNotification.path]: () => 'Notification dismissed.',
      [routes.getOrgStatus.path]: () => ({ orgName: null }),
    });
    const onOrgNameMissing = renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(onOrgNameMissing).toHaveBeenCalledTimes(1));
    expect(call).toHaveBeenCalledWith(routes.dismissNotification, {
      params: { notificationInfoId: 11 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not ask for a name when the organization already has one', async () => {
    answer([welcome], {
      [routes.dismissNotification.path]: () => 'Notification dismissed.',
      [routes.getOrgStatus.path]: () => ({ orgName: 'Acme' }),
    });
    const onOrgNameMissing = renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onOrgNameMissing).not.toHaveBeenCalled();
  });

  it('accepts an invitation with Accept, toasts success and shows the next one', async () => {
    answer([invitation, welcome], {
      [routes.acceptOrgAccess.path]: () => 'Access accepted successfully.',
    });
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await findAnnouncedRole('Access accepted successfully.')).toBe('status');
    expect(call).toHaveBeenCalledWith(routes.acceptOrgAccess, { params: { orgId: 4 } });
    await screen.findByRole('button', { name: 'Okay' });
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('closes the invitation even when accepting fails, with the error toast', async () => {
    answer([invitation], {});
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await findAnnouncedRole('Error accepting access.')).toBe('alert');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
