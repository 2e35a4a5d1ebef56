// @vitest-environment jsdom
import { ErrorResponse } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';

const manager = vi.hoisted(() => ({
  getUser: vi.fn(),
  signinSilent: vi.fn(),
  signinRedirect: vi.fn(() => Promise.resolve()),
  signoutRedirect: vi.fn(() => Promise.resolve()),
}));
vi.mock('./user-manager', () => ({ getUserManager: () => Promise.resolve(manager) }));

const { getSignedInUser, signOut, signUp } = await import('./session');

describe('the signed-in user (spec §2 tokens renew silently, §4 Session)', () => {
  afterEach(() => {
    vi.clearAllMocks();
    localStorage.clear();
  });

  it('returns a user whose token is still valid without renewing', async () => {
    manager.getUser.mockResolvedValue({ access_token: 'a', expired: false });
    await expect(getSignedInUser()).resolves.toMatchObject({ access_token: 'a' });
    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  it('renews an expired token once for calls that start together (refresh tokens rotate)', async () => {
    manager.getUser.mockResolvedValue({ access_token: 'old', expired: true });
    manager.signinSilent.mockResolvedValue({ access_token: 'new', expired: false });
    const users = await Promise.all([getSignedInUser(), getSignedInUser(), getSignedInUser()]);
    expect(users.map((user) => user?.access_token)).toEqual(['new', 'new', 'new']);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('is null when renewal fails, and a server_error clears storage and restarts login', async () => {
    manager.getUser.mockResolvedValue({ access_token: 'old', expired: true });
    manager.signinSilent.mockRejectedValueOnce(new ErrorResponse({ error: 'invalid_grant' }));
    await expect(getSignedInUser()).resolves.toBeNull();
    expect(manager.signinRedirect).not.toHaveBeenCalled();

    localStorage.setItem('orgId', '7');
    manager.signinSilent.mockRejectedValueOnce(new ErrorResponse({ error: 'server_error' }));
    await expect(getSignedInUser()).resolves.toBeNull();
    expect(localStorage.length).toBe(0);
    expect(manager.signinRedirect).toHaveBeenCalledTimes(1);
  });

  it('is null when nobody is signed in', async () => {
    manager.getUser.mockResolvedValue(null);
    await expect(getSignedInUser()).resolves.toBeNull();
  });
});

describe('sign-up and logout (spec §2, §3)', () => {
  afterEach(() => {
    vi.clearAllMocks();
    localStorage.clear();
  });

  it('opens the sign-up screen directly', async () => {
    await signUp();
    expect(manager.signinRedirect).toHaveBeenCalledWith({
      extraQueryParams: { screen_hint: 'signup' },
    });
  });

  it('clears the organization keys and signs out at the provider', async () => {
    for (const key of ['orgId', 'organisations', 'orgAccessLevelId', 'loggedInButNoOrgs'])
      localStorage.setItem(key, '1');
    localStorage.setItem('unrelated', 'kept');
    await signOut();
    expect(manager.signoutRedirect).toHaveBeenCalledTimes(1);
    expect(Object.keys(localStorage)).toEqual(['unrelated']);
  });
});
