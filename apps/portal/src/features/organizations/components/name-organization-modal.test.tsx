// @vitest-environment jsdom
import { fieldError } from '../../../testing/aria-text';
import { findAnnouncedRole } from '../../../testing/find-announced-role';
import { renderRoutes } from '../../../testing/render-routes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routes, STORAGE_KEYS } from '@waymark/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Banner } from '../../../components/banner/banner';
import { BannerProvider } from '../../../components/banner/banner-context';
import { NameOrganizationModal } from './name-organization-modal';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ apiClient: { call } }));

function renderModal(onSaved = vi.fn()) {
  const router = renderRoutes(
    [
      {
        path: '/app/account',
        element: (
          <BannerProvider>
            <Banner />
            <NameOrganizationModal opened onSaved={onSaved} />
          </BannerProvider>
        ),
      },
      { path: '/app', element: <p>admin home</p> },
    ],
    '/app/account',
  );
  return { router, onSaved };
}

function submitName(name: string) {
  fireEvent.change(screen.getByLabelText(/Organization name/), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: "Let's go!" }));
}

describe('the "Name of new organization" dialog (spec §2, §4, §5, §8)', () => {
  beforeEach(() => {
    call.mockReset();
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.orgId, '7');
  });

  it("saves the trimmed name for the stored orgId and navigates to /app on Let's go!", async () => {
    call.mockResolvedValue('Organization name saved successfully.');
    const { router, onSaved } = renderModal();
    submitName('  Acme  ');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(call).toHaveBeenCalledWith(routes.saveOrgName, { body: { orgId: 7, orgName: 'Acme' } });
    expect(onSaved).toHaveBeenCalled();
  });

  it('sends nothing while the stored orgId is 0', async () => {
    localStorage.removeItem(STORAGE_KEYS.orgId);
    const { router } = renderModal();
    submitName('Acme');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: "Let's go!" })).toHaveProperty('disabled', false),
    );
    expect(call).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/app/account');
  });

  it('asks for a name instead of sending a blank one', () => {
    renderModal();
    submitName('   ');
    expect(fieldError(screen.getByLabelText(/Organization name/))).toBe(
      'Enter a name for your organization.',
    );
    expect(call).not.toHaveBeenCalled();
  });

  it('shows the spec banner when saving fails and stays open', async () => {
    call.mockRejectedValue(new Error('boom'));
    const { router } = renderModal();
    submitName('Acme');
    expect(await findAnnouncedRole('Error saving organization name.')).toBe('alert');
    expect(router.state.location.pathname).toBe('/app/account');
    const dialog = screen.getByRole('dialog', { name: 'Name of new organization' });
    expect(within(dialog).getByLabelText(/Organization name/)).toHaveProperty('value', 'Acme');
  });
});
