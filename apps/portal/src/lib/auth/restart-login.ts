import { ErrorResponse, type UserManager } from 'oidc-client-ts';
import { clearOrgKeys } from '../org-storage';

/** The part of a UserManager that ends a session locally and starts a new sign-in. */
export type LoginRestarter = Pick<UserManager, 'removeUser' | 'signinRedirect'>;

/** True for the provider's `server_error` answer (spec §4 Session). */
export function isServerError(error: unknown): boolean {
  return error instanceof ErrorResponse && error.error === 'server_error';
}

/** spec §4 Session: an authentication server_error clears local storage and restarts login. */
export async function restartLoginAfterServerError(manager: LoginRestarter): Promise<void> {
  localStorage.clear();
  await manager.signinRedirect();
}

/**
 * Builds the 401 handler of the API client (spec §4 Session, §8): sign out, clear the stored
 * organization keys, and send the user to the provider's sign-in screen. `prompt=login` makes the
 * provider ask again even while its own session lives, so a rejected token never loops back in.
 * Concurrent 401s restart login once.
 */
export function createUnauthorizedHandler(
  getManager: () => Promise<LoginRestarter>,
): () => Promise<void> {
  let isRestarting = false;
  return async () => {
    if (isRestarting) return;
    isRestarting = true;
    clearOrgKeys();
    try {
      const manager = await getManager();
      await manager.removeUser();
      await manager.signinRedirect({ prompt: 'login' });
    } catch (error) {
      // spec §8: identity failures are only logged.
      console.error('Could not restart sign-in after a 401', error);
      isRestarting = false;
    }
  };
}
