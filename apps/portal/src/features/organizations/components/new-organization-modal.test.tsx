// @vitest-environment jsdom
import '../../../testing/setup-dom';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { routes } from '@waymark/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findAnnouncedRole } from '../../../testing/find-announced-role';
import { ToastProvider } from '../../../components/toasts/toast-context';
import { NewOrganizationModal } from './new-organization-modal';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ apiClient: { call } }));

function renderModal() {
  const onCancel = vi.fn();
  const onCreated = vi.fn();
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <NewOrganizationModal
            opened
            title="Create Organization"
            secondaryAction={{ label: 'Cancel', onClick: onCancel }}
            onCreated={onCreated}
          />
        </ToastProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return {
    onCancel,
    onCreated,
    dialog: screen.getByRole('dialog', { name: 'Create Organization' }),
  };
}

describe('the Create Organization modal (spec §2 Non-admin, §4, §8)', () => {
  beforeEach(() => call.mockReset());

  it('is centred, medium and cannot be dismissed: no close button, no Esc, no backdrop click', () => {
    const { onCancel, dialog } = renderModal();
    const root = dialog.closest('.mantine-Modal-root');
    expect(root?.getAttribute('style')).toContain('--modal-size: var(--modal-size-md)');
    expect(root?.hasAttribute('data-centered')).toBe(true);
    expect(screen.queryByRole('button', { name: /close/i })).toBeNull();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.keyDown(window, { key: 'Escape' });
    const overlay = document.querySelector('.mantine-Modal-overlay');
    if (!overlay) throw new Error('No backdrop rendered');
    fireEvent.mouseDown(overlay);
    fireEvent.click(overlay);
    expect(screen.queryAllByRole('dialog', { name: 'Create Organization' })).toHaveLength(1);
    expect(onCancel).not.toHaveBeenCalled();
    expect(call).not.toHaveBeenCalled();
  });

  it('toasts the spec text "Organization created successfully." whatever the server says', async () => {
    call.mockResolvedValue('Created.');
    const { onCreated } = renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Create Organization' }));
    expect(await findAnnouncedRole('Organization created successfully.')).toBe('status');
    expect(screen.queryByText('Created.')).toBeNull();
    expect(call).toHaveBeenCalledWith(routes.createOrgExistingUser, { body: {} });
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
  });

  it('Cancel is the only way out', () => {
    const { onCancel } = renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
