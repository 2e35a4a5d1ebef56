import { ISLAND, type AuthAction } from './markers';

// The sign-in module (oidc-client-ts and its configuration) is loaded on the click only, as the
// React pages do (features/auth/use-auth-actions.ts).
const loadSession = () => import('../lib/auth/session');

/** Starts a Log In / Sign Up the way the portal's React buttons do. */
export async function runAuthAction(action: AuthAction): Promise<void> {
  const session = await loadSession();
  await (action === 'log-in' ? session.signIn() : session.signUp());
}

/**
 * Log In, Sign Up, Sign up now: each redirects to the identity provider's screen (spec §2); a
 * failure is only logged (spec §8), as in the React portal. One listener for the whole page, so
 * buttons the menu drawer copies in work too.
 */
export function wireAuthButtons(root: Document): void {
  root.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.(`[${ISLAND.auth}]`);
    const action = button?.getAttribute(ISLAND.auth);
    if (action !== 'log-in' && action !== 'sign-up') return;
    runAuthAction(action).catch((error: unknown) =>
      console.error(`${action === 'log-in' ? 'Sign-in' : 'Sign-up'} failed`, error),
    );
  });
}
