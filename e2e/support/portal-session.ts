import type { Page } from '@playwright/test';

/** The access token oidc-client-ts keeps for the portal in localStorage. */
export function readPortalAccessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'));
    const user = key
      ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string })
      : {};
    if (!user.access_token) throw new Error('Nobody is signed in to the portal');
    return user.access_token;
  });
}
