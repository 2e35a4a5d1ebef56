import { useCallback } from 'react';
import { useAuthActions } from './use-auth-actions';

/**
 * Create Organization on the Admin Access Only screen (spec §2).
 *
 * SEAM — the identity issue opens the non-dismissable Create Organization modal here. Until then
 * the button sends the user through sign-in, which is where that flow will begin.
 */
export function useCreateOrganization(): () => void {
  const { logIn } = useAuthActions();
  return useCallback(() => logIn(), [logIn]);
}
