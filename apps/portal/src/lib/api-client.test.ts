// @vitest-environment jsdom
import { routes, STORAGE_KEYS } from '@waymark/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const manager = vi.hoisted(() => ({
  getUser: vi.fn(),
  signinSilent: vi.fn(),
  removeUser: vi.fn(() => Promise.resolve()),
  signinRedirect: vi.fn(() => Promise.resolve()),
}));
vi.mock('./auth/user-manager', () => ({ getUserManager: () => Promise.resolve(manager) }));

const { apiClient } = await import('./api-client');

describe("the portal's API client (spec §4 Session, §7)", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.orgId, '7');
    localStorage.setItem(STORAGE_KEYS.orgAccessLevelId, '1');
    manager.getUser.mockResolvedValue({ access_token: 'token-1', expired: false });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("sends the signed-in account's access token as a bearer token", async () => {
    fetchMock.mockResolvedValue(Response.json([]));
    await expect(apiClient.call(routes.getOrgs)).resolves.toEqual([]);
    const init = fetchMock.mock.calls[0]?.[1];
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer token-1');
  });

  it('on a 401 clears the organization keys, signs out, restarts sign-in and rethrows', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        { statusCode: 401, code: 'UNAUTHORIZED', message: 'Sign in again.' },
        { status: 401 },
      ),
    );
    await expect(apiClient.call(routes.getOrgs)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await vi.waitFor(() =>
      expect(manager.signinRedirect).toHaveBeenCalledWith({ prompt: 'login' }),
    );
    expect(manager.removeUser).toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.orgId)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.orgAccessLevelId)).toBeNull();
  });
});
