import { routes, type TAuthConfig } from '@waymark/core';
import type { Config } from '../../config';
import { registerRoute } from '../../http/register-route';
import type { AppModule } from '../module';

/** Scopes clients request: identity, e-mail for provisioning, refresh tokens for silent renewal. */
const SCOPE = 'openid profile email offline_access';

/** What the clients need to sign in; nothing secret (all public clients). */
export function getAuthConfig(config: Config): TAuthConfig {
  const { issuer, audience, portalClientId, extensionClientId, isEmbedded } = config.oidc;
  return { issuer, audience, portalClientId, extensionClientId, scope: SCOPE, isEmbedded };
}

/** `GET /api/auth-config`: the issuer switch made visible to the portal and the extension. */
export const authModule: AppModule = (app, { config }) => {
  const authConfig = getAuthConfig(config);
  registerRoute(app, routes.getAuthConfig, { access: 'public', handler: () => authConfig });
  return Promise.resolve();
};
