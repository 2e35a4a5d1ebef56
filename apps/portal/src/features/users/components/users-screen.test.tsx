// @vitest-environment jsdom
import { findAnnouncedRole } from '../../../testing/find-announced-role';
import { renderAdminScreen } from '../../../testing/render-admin-screen';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppError, routes, type RouteDef } from '@waymark/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { orgUser } from '../../../testing/org-user-fixture';
import { UsersScreen } from './users-screen';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ apiClient: { call } }));

const user = orgUser;
const USERS = [
  user({}),
  user({
    userId: 2,
    fullName: 'Tess Teammate',
    email: 'tess@example.test',
    orgAccessLevelDescription: 'Member',
    orgAccessStatusDescription: 'Pending',
    projects: [{ projectId: 11, projectName: 'P1' }],
  }),
];
const PROJECTS = [
  { projectId: 11, projectName: 'P1', baseUrl: '', orgId: 7 },
  { projectId: 12, projectName: 'P2', baseUrl: '', orgId: 7 },
];

/** Answers reads; `writes` decides what each write route does. */
function serve(writes: Partial<Record<string, () => Promise<unknown>>> = {}) {
  call.mockImplementation((route: RouteDef) => {
    if (route === routes.getOrgUsers) return Promise.resolve(USERS);
    if (route === routes.getLicenseInfo)
      return Promise.resolve({
        assignedLicenseCount: 2,
        availableLicenseCount: 1,
        totalLicenseCount: 3,
      });
    if (route === routes.getAllProjects) return Promise.resolve(PROJECTS);
    const write = Object.entries(routes).find(([, def]) => def === route)?.[0] ?? '';
    return writes[write]?.() ?? Promise.resolve('ok');
  });
}

function renderScreen() {
  localStorage.setItem('orgId', '7');
  renderAdminScreen(<UsersScreen />);
}

const writesTo = (route: RouteDef) => call.mock.calls.filter(([called]) => called === route);

describe('Users screen (spec §2, §4, §8)', () => {
  beforeEach(() => {
    call.mockReset();
    localStorage.clear();
  });

  it('shows usage, and Resend and delete only where spec §4 and §6 allow', async () => {
    serve();
    renderScreen();
    await waitFor(() =>
      expect(screen.getByText(/licenses assigned$/).textContent).toBe('2 of 3 licenses assigned'),
    );
    expect(screen.getByRole('link', { name: 'Manage Licenses' }).getAttribute('href')).toBe(
      '/app/account?openModule=true',
    );
    await screen.findByText('tess@example.test');
    expect(screen.getAllByRole('button', { name: /^Resend/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Delete Ada Admin' })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Delete / })).toHaveLength(1);
  });

  it('edit mode sends only the difference, with the spec §8 messages', async () => {
    serve();
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Tess Teammate' }));
    const modal = await screen.findByRole('dialog', { name: 'User Profile' });
    fireEvent.click(within(modal).getByRole('button', { name: 'Next' }));
    fireEvent.click(await within(modal).findByRole('checkbox', { name: 'P1' }));
    fireEvent.click(within(modal).getByRole('checkbox', { name: 'P2' }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await screen.findByText('Projects removed successfully');
    expect(writesTo(routes.addProjectAccess)[0]?.[1]).toEqual({
      params: { orgId: 7, userId: 2 },
      body: { projectIds: [12] },
    });
    expect(writesTo(routes.removeProjectAccess)[0]?.[1]).toEqual({
      params: { orgId: 7, userId: 2 },
      body: { projectIds: [11] },
    });
  });

  it('asks for every required field, then shows the invite refusal the server sent', async () => {
    serve({
      inviteUser: () =>
        Promise.reject(new AppError('CONFLICT', 'All of your licenses are assigned.')),
    });
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Add New User' }));
    const modal = await screen.findByRole('dialog', { name: 'User Profile' });
    fireEvent.change(within(modal).getByLabelText(/First name/), { target: { value: 'Max' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Next' }));
    expect(within(modal).getByRole('alert').textContent).toBe('Please fill in all required fields');
    expect(writesTo(routes.inviteUser)).toHaveLength(0);
    fireEvent.change(within(modal).getByLabelText(/Last name/), { target: { value: 'Member' } });
    fireEvent.change(within(modal).getByLabelText(/E-mail/), {
      target: { value: 'max@example.test' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Next' }));
    fireEvent.click(await within(modal).findByRole('button', { name: 'Save' }));
    await screen.findByText('All of your licenses are assigned.');
    expect(writesTo(routes.inviteUser)[0]?.[1]).toMatchObject({
      body: {
        email: 'max@example.test',
        projectAccessId: 1,
        orgAccessLevelId: 2,
        orgId: 7,
        projectId: [],
      },
    });
  });

  it('falls back to "There was an error deleting the user." without a server text', async () => {
    serve({ removeOrgAccess: () => Promise.reject(new Error('')) });
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Tess Teammate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete User' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await findAnnouncedRole('There was an error deleting the user.')).toBe('alert');
  });
});
