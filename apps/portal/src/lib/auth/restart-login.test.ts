// @vitest-environment jsdom
import { STORAGE_KEYS } from '@waymark/core';
import { ErrorResponse } from 'oidc-client-ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createUnauthorizedHandler,
  isServerError,
  restartLoginAfterServerError,
  type LoginRestarter,
} from './restart-login';

function fakeManager() {
  const calls: string[] = [];
  const manager = {
    removeUser: vi.fn(() => {
      calls.push('removeUser');
      return Promise.resolve();
    }),
    signinRedirect: vi.fn(() => {
      calls.push('signinRedirect');
      return Promise.resolve();
    }),
  };
  return { manager: manager as unknown as LoginRestarter & typeof manager, calls };
}

describe('a 401 from the API (spec §4 Session, §8)', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.orgId, '7');
    localStorage.setItem(STORAGE_KEYS.organizations, '[]');
    localStorage.setItem(STORAGE_KEYS.orgAccessLevelId, '1');
    localStorage.setItem(STORAGE_KEYS.loggedInButNoOrgs, 'true');
  });

  it('clears the organization keys, signs out locally and asks the provider to sign in again', async () => {
    const { manager, calls } = fakeManager();
    await createUnauthorizedHandler(() => Promise.resolve(manager))();
    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(calls).toEqual(['removeUser', 'signinRedirect']);
    expect(manager.signinRedirect).toHaveBeenCalledWith({ prompt: 'login' });
  });

  it('restarts sign-in once when several calls fail together', async () => {
    const { manager } = fakeManager();
    const handle = createUnauthorizedHandler(() => Promise.resolve(manager));
    await Promise.all([handle(), handle(), handle()]);
    expect(manager.signinRedirect).toHaveBeenCalledTimes(1);
  });

  it('still clears the keys and may try again when the provider cannot be reached', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handle = createUnauthorizedHandler(() => Promise.reject(new Error('offline')));
    await handle();
    expect(localStorage.getItem(STORAGE_KEYS.orgId)).toBeNull();
    const { manager } = fakeManager();
    await createUnauthorizedHandler(() => Promise.resolve(manager))();
    expect(manager.signinRedirect).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('an authentication server_error (spec §4 Session)', () => {
  it('is recognised only for the provider answer server_error', () => {
    expect(isServerError(new ErrorResponse({ error: 'server_error' }))).toBe(true);
    expect(isServerError(new ErrorResponse({ error: 'access_denied' }))).toBe(false);
    expect(isServerError(new Error('server_error'))).toBe(false);
  });

  it('clears local storage and restarts login', async () => {
    localStorage.setItem('oidc.user:x', 'stale');
    localStorage.setItem(STORAGE_KEYS.orgId, '7');
    const { manager } = fakeManager();
    await restartLoginAfterServerError(manager);
    expect(localStorage.length).toBe(0);
    expect(manager.signinRedirect).toHaveBeenCalledWith();
  });
});
