import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { EXTENSION_CLIENT_ID, IDP_SCOPES, identityUrls, PORTAL_CLIENT_ID } from '../identity/index';
import { getAuthConfig } from './index';

describe('auth config (issue 3 item 2: the issuer switch)', () => {
  it('describes the embedded provider when OIDC_ISSUER is unset, with its own client ids', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://waymark.example/' });
    const urls = identityUrls('https://waymark.example', 'a'.repeat(32));
    expect(getAuthConfig(config)).toEqual({
      issuer: urls.issuer,
      audience: urls.audience,
      portalClientId: PORTAL_CLIENT_ID,
      extensionClientId: EXTENSION_CLIENT_ID,
      scope: IDP_SCOPES,
      isEmbedded: true,
    });
  });

  it('switches everything to an external issuer, kept exactly as given', () => {
    const config = loadConfig({
      OIDC_ISSUER: 'https://tenant.auth0.example/',
      OIDC_AUDIENCE: 'https://api.waymark.example',
      OIDC_PORTAL_CLIENT_ID: 'portal-123',
      OIDC_EXTENSION_CLIENT_ID: 'extension-456',
      OIDC_SCOPE: 'openid email offline_access api://waymark/access',
    });
    expect(getAuthConfig(config)).toEqual({
      issuer: 'https://tenant.auth0.example/',
      audience: 'https://api.waymark.example',
      portalClientId: 'portal-123',
      extensionClientId: 'extension-456',
      scope: 'openid email offline_access api://waymark/access',
      isEmbedded: false,
    });
  });

  it('refuses an OIDC_ISSUER that is not an http(s) URL', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'issuer.example' })).toThrow(/OIDC_ISSUER/);
  });
});
