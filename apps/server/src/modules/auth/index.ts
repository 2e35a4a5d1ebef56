import { routes, type TAuthConfig } from '@waymark/core';
import { invitedAccounts, users } from '../../db/schema';
import type { Config } from '../../config';
import { registerRoute } from '../../http/register-route';
import { defineModule, type AppModule } from '../module';

export { installAuth, type Authenticator, type TokenSession } from './authenticator';
export { createInvitedAccount } from './create-invited-account';
export { anonymiseUser, lockUser, type UserToForget } from './forget-user';
export type { Caller } from './provision-user';

/** What the clients need to sign in; nothing secret (both are public clients). */
export function getAuthConfig(config: Config): TAuthConfig {
  const { issuer, audience, portalClientId, extensionClientId, scope, isEmbedded } = config.oidc;
  return { issuer, audience, portalClientId, extensionClientId, scope, isEmbedded };
}

/** `GET /api/auth-config`: the issuer switch made visible to the portal and the extension. */
const registerAuth: AppModule = (app, { config }) => {
  const authConfig = getAuthConfig(config);
  registerRoute(app, routes.getAuthConfig, { access: 'public', handler: () => authConfig });
  return Promise.resolve();
};

/** The auth module's manifest: what it depends on, the tables it owns, its routes. */
export const authModule = defineModule({
  name: 'auth',
  summary: 'Token verification, caller provisioning, `/api/auth-config`.',
  dependsOn: ['identity', 'tokens'],
  ownsTables: [users, invitedAccounts],
  register: registerAuth,
});
