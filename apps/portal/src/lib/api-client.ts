import { createApiClient, createFreshReads } from '@waymark/core';
import { config } from '../config';
import { createUnauthorizedHandler } from './auth/restart-login';
import { getAccessToken } from './auth/session';
import { getUserManager } from './auth/user-manager';

const handleUnauthorized = createUnauthorizedHandler(getUserManager);

/**
 * The portal's one API client (spec §7): every call carries the signed-in account's access token;
 * a 401 signs the user out, clears the organization keys and restarts sign-in (spec §4 Session),
 * and the error is rethrown to the caller (spec §8).
 */
export const apiClient = createApiClient({
  baseUrl: config.apiBaseUrl,
  getAccessToken,
  onUnauthorized: () => void handleUnauthorized(),
  // Read-your-writes (decision 0070): the first call after the admin's change asks for a fresh
  // answer, so no server copy's cache answers from before it.
  freshReads: createFreshReads(),
});
