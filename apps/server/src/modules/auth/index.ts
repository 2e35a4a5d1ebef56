import { routes, type TAuthConfig } from '@waymark/core';
import type { Config } from '../../config';
import { registerRoute } from '../../http/register-route';
import type { AppModule } from '../module';

export type { Authenticator } from './authenticator';
export type { Caller } from './provision-user';

/** What the clients need to sign in; nothing secret (both are public clients). */
export function getAuthConfig(config: Config): TAuthConfig {
  const { issuer, audience, portalClientId, extensionClientId, scope, isEmbedded } = config.oidc;
  return { issuer, audience, portalClientId, extensionClientId, scope, isEmbedded };
}

/** `GET /api/auth-config`: the issuer switch made visible to the portal and the extension. */
export const authModule: AppModule = (app, { config }) => {
  const authConfig = getAuthConfig(config);
  registerRoute(app, routes.getAuthConfig, { access: 'public', handler: () => authConfig });
  return Promise.resolve();
};
