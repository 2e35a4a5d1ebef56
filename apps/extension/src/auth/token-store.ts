import type { ChromeApi } from '../platform/index';

/** The `chrome.storage.session` key of the signed-in account's tokens. */
export const TOKENS_KEY = 'authTokens';
/** The `chrome.storage.session` key set after sign-out, so the next sign-in asks for a password. */
export const SIGNED_OUT_KEY = 'signedOut';

/** What the service worker keeps of a sign-in. Only the worker reads or writes it. */
export type StoredTokens = {
  /** The Waymark server the tokens were issued for; another server URL means signed out. */
  serverUrl: string;
  tokenEndpoint: string;
  revocationEndpoint: string | null;
  clientId: string;
  accessToken: string;
  /** Rotated on every refresh; null when the issuer gave none (sign in again on expiry). */
  refreshToken: string | null;
  /** When the access token expires, in ms since the epoch. */
  expiresAt: number;
  /** The user's name and e-mail from the ID token, for the side panel. */
  name: string;
  email: string;
};

/**
 * Reads the stored tokens. `chrome.storage.session` lives in memory only and is restricted to
 * trusted contexts (the worker and extension pages), so content scripts never see it.
 */
export async function readTokens(api: ChromeApi): Promise<StoredTokens | null> {
  const value = (await api.storage.getSession([TOKENS_KEY]))[TOKENS_KEY];
  return isStoredTokens(value) ? value : null;
}

/** Stores tokens after sign-in or a refresh. */
export async function writeTokens(api: ChromeApi, tokens: StoredTokens): Promise<void> {
  await api.storage.setSession({ [TOKENS_KEY]: tokens, [SIGNED_OUT_KEY]: false });
}

/** Forgets the tokens; `isSignOut` remembers that the user chose to sign out. */
export async function clearTokens(api: ChromeApi, isSignOut: boolean): Promise<void> {
  await api.storage.removeSession([TOKENS_KEY]);
  if (isSignOut) await api.storage.setSession({ [SIGNED_OUT_KEY]: true });
}

/** Whether the user signed out in this browser session (the provider may still know them). */
export async function hasSignedOut(api: ChromeApi): Promise<boolean> {
  return (await api.storage.getSession([SIGNED_OUT_KEY]))[SIGNED_OUT_KEY] === true;
}

function isStoredTokens(value: unknown): value is StoredTokens {
  if (typeof value !== 'object' || value === null) return false;
  const tokens = value as Partial<StoredTokens>;
  return (
    typeof tokens.accessToken === 'string' &&
    typeof tokens.expiresAt === 'number' &&
    typeof tokens.serverUrl === 'string' &&
    typeof tokens.tokenEndpoint === 'string'
  );
}
