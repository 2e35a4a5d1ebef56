// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  routes,
  STORAGE_KEYS,
  SUPPORT_EMAIL,
  SUPPORT_PHONE,
  type RouteDef,
  type TOrganization,
} from '@waymark/core';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';

// The sign-in guard is the identity feature's to test; here the admin shell is let through.
vi.mock('../guards', () => ({ RequireAdmin: ({ children }: { children: ReactNode }) => children }));
const call = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api-client', () => ({ apiClient: { call } }));
vi.mock('../../lib/auth/auth-config', () => ({
  loadAuthConfig: () => Promise.resolve({ isEmbedded: true, issuer: 'https://waymark.test/idp' }),
}));

const org = (orgId: number, orgName: string, orgAccessLevelId = 1): TOrganization => ({
  orgId,
  orgName,
  orgAccessLevelDescription: orgAccessLevelId === 1 ? 'Owner' : 'Member',
  orgAccessLevelId,
});

/** getOrgs answers `organizations` (a function, so a test can change them); screens' reads wait. */
function serveShell(organizations: () => TOrganization[], created?: (body: unknown) => void) {
  call.mockImplementation((route: RouteDef, input?: { body?: unknown }) => {
    if (route === routes.getOrgs) return Promise.resolve(organizations());
    if (route === routes.getSiteNotifications) return Promise.resolve([]);
    if (route === routes.createOrgExistingUser) {
      created?.(input?.body);
      return Promise.resolve('Organization created successfully.');
    }
    return new Promise(() => undefined);
  });
}

/** Every org-scoped call made: the orgId of its params, query or body. */
function orgIdsCalled(): unknown[] {
  return call.mock.calls.flatMap(([, input]) => {
    const { params, query, body } = (input ?? {}) as Record<string, Record<string, unknown>>;
    const id = params?.orgId ?? query?.orgId ?? body?.orgId;
    return id === undefined ? [] : [Number(id)];
  });
}

beforeEach(() => {
  call.mockReset();
  localStorage.clear();
  serveShell(() => [org(7, 'Acme')]);
});

describe('admin shell (spec §2)', () => {
  it('lists Account, Users, Data Fields, Projects (at /app/url-management), Integrations, API Tokens and Audit Log', async () => {
    renderApp('/client/app/account');
    await screen.findByRole('heading', { level: 1, name: 'Account' });
    const sidebar = within(screen.getByRole('navigation', { name: 'Admin' }));
    await sidebar.findByRole('link', { name: 'Sign-in account' });
    const links = sidebar.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Account', '/client/app/account'],
      ['Users', '/client/app/users'],
      ['Data Fields', '/client/app/data-fields'],
      ['Projects', '/client/app/url-management'],
      ['Integrations', '/client/app/integrations'],
      // issue 29
      ['API Tokens', '/client/app/api-tokens'],
      // issue 33
      ['Audit Log', '/client/app/audit-log'],
      // issue 33: the identity provider's account page, anyone's own data export and account
      // deletion, outside the admin area
      ['Sign-in account', 'https://waymark.test/idp/account'],
      ['Your data', '/client/your-data'],
      ['Delete account', '/client/delete-account'],
    ]);
    expect(sidebar.getByRole('button', { name: 'Logout' })).toHaveProperty('disabled', false);
  });

  it('opens Help with support hours, phone, e-mail and the extension version', async () => {
    renderApp('/client/app/users');
    await screen.findByRole('heading', { level: 1, name: 'Users' });
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog', { name: 'Help' });
    const help = within(dialog);
    // spec §2, §9 fix these texts word for word.
    expect(dialog.textContent).toContain('Monday to Friday 9AM to 5PM EST');
    expect(dialog.textContent).toMatch(/v 1\.0\.0$/);
    expect(help.getByRole('link', { name: SUPPORT_PHONE }).getAttribute('href')).toMatch(/^tel:/);
    expect(help.getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
  });
});

describe('the shell names the organization and switches it (issue 25)', () => {
  it('shows the one organization by name', async () => {
    renderApp('/client/app/account');
    expect((await screen.findByTestId('org-name')).textContent).toBe('Acme');
  });

  it('switches between the organizations the user administers; screens then use the new orgId', async () => {
    serveShell(() => [org(7, 'Acme'), org(9, 'Beta'), org(11, 'Guest Co', 2)]);
    renderApp('/client/app/account');
    const switcher = await screen.findByRole('combobox', { name: 'Organization' });
    expect(
      within(switcher)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Acme', 'Beta']);
    await waitFor(() => expect(orgIdsCalled()).toContain(7));
    call.mockClear();
    fireEvent.change(switcher, { target: { value: '9' } });
    expect(localStorage.getItem(STORAGE_KEYS.orgId)).toBe('9');
    await waitFor(() => expect(orgIdsCalled()).toContain(9));
    expect(orgIdsCalled()).not.toContain(7);
  });
});

describe('the first landing without an organization (issue 25)', () => {
  it('asks for the name in one dialog and makes no org-scoped call until the organization exists', async () => {
    let organizations: TOrganization[] = [];
    const created = vi.fn(() => {
      organizations = [org(12, 'Zenith')];
    });
    serveShell(() => organizations, created);
    renderApp('/client/app/account');
    const dialog = await screen.findByRole('dialog', { name: 'New Organization' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Waymark');
    fireEvent.change(within(dialog).getByLabelText(/Organization name/), {
      target: { value: '  Zenith ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Organization' }));
    expect(orgIdsCalled()).toEqual([]);
    await screen.findByRole('heading', { level: 1, name: 'Account' });
    expect(created).toHaveBeenCalledWith({ orgName: 'Zenith' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await screen.findByTestId('org-name')).textContent).toBe('Zenith');
    expect(orgIdsCalled()).not.toContain(0);
    expect(orgIdsCalled()).toContain(12);
  });
});
