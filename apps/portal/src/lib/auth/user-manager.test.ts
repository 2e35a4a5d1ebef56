// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';

vi.mock('./auth-config', () => ({
  loadAuthConfig: () =>
    Promise.resolve({
      issuer: 'https://issuer.example/idp',
      portalClientId: 'waymark-portal',
      scope: 'openid profile email offline_access',
    }),
}));

const { getUserManager } = await import('./user-manager');

describe('the portal UserManager (spec §2)', () => {
  it('returns to the app home after logout and to the callback after sign-in', async () => {
    const { settings } = await getUserManager();
    expect(settings.post_logout_redirect_uri).toBe(
      `${window.location.origin}/client/home/product-info`,
    );
    expect(settings.redirect_uri).toBe(`${window.location.origin}/client/auth/callback`);
    expect(settings.response_type).toBe('code');
    expect(settings.client_id).toBe('waymark-portal');
  });
});
