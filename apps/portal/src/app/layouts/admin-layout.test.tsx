// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '@waymark/core';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';

// The sign-in guard is the identity feature's to test; here the admin shell is let through.
vi.mock('../guards', () => ({ RequireAdmin: ({ children }: { children: ReactNode }) => children }));

describe('admin shell (spec §2)', () => {
  it('lists Account, Users, Data Fields and Projects, with Projects at /app/url-management', async () => {
    renderApp('/client/app/account');
    await screen.findByRole('heading', { level: 1, name: 'Account' });
    const sidebar = within(screen.getByRole('navigation', { name: 'Admin' }));
    const links = sidebar.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Account', '/client/app/account'],
      ['Users', '/client/app/users'],
      ['Data Fields', '/client/app/data-fields'],
      ['Projects', '/client/app/url-management'],
    ]);
    expect(sidebar.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('opens Help with support hours, phone, e-mail and the extension version', async () => {
    renderApp('/client/app/users');
    await screen.findByRole('heading', { level: 1, name: 'Users' });
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    const help = within(await screen.findByRole('dialog', { name: 'Help' }));
    // spec §2, §9 fix these texts word for word.
    expect(help.getByText(/Monday to Friday 9AM to 5PM EST/)).toBeTruthy();
    expect(help.getByText(/v 1\.0\.0$/)).toBeTruthy();
    expect(help.getByRole('link', { name: SUPPORT_PHONE })).toBeTruthy();
    expect(help.getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
  });
});
