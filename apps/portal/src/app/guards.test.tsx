// @vitest-environment jsdom
import '../testing/setup-dom';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from './provider';
import { RequireSignIn } from './guards';

const session = vi.hoisted(() => ({
  getSignedInUser: vi.fn<() => Promise<object | null>>(),
  signIn: vi.fn<(options?: { returnTo?: string }) => Promise<void>>(),
  getAccessToken: vi.fn(() => Promise.resolve(null)),
}));
vi.mock('../lib/auth/session', () => session);

function renderGuarded(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <RequireSignIn>
            <h1>Your tokens</h1>
          </RequireSignIn>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProvider env="test" queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('RequireSignIn (issue 29: pages for every member)', () => {
  beforeEach(() => {
    session.getSignedInUser.mockReset();
    session.signIn.mockReset().mockResolvedValue(undefined);
  });

  it('starts login with nobody signed in, to come back to the same page', async () => {
    session.getSignedInUser.mockResolvedValue(null);
    renderGuarded('/api-tokens?from=menu');
    await waitFor(() =>
      expect(session.signIn).toHaveBeenCalledWith({ returnTo: '/api-tokens?from=menu' }),
    );
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('shows the page to anyone signed in, administrator or not, without a login', async () => {
    session.getSignedInUser.mockResolvedValue({ access_token: 'jwt' });
    renderGuarded('/api-tokens');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Your tokens');
    expect(session.signIn).not.toHaveBeenCalled();
  });

  it('says so when the session cannot be checked', async () => {
    session.getSignedInUser.mockRejectedValue(new Error('storage unavailable'));
    renderGuarded('/api-tokens');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your session could not be checked.',
    );
  });
});
