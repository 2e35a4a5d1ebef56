import { EXTENSION_ID } from '@waymark/core';
import { idpAccounts, idpEmailTokens, idpKeys, idpModels, idpRateLimits } from '../../db/schema';
import { defineModule, type AppModule } from '../module';
import { identityPlugin } from './identity-plugin';

export { loadPublicJwks, rotateSigningKey } from './keys';
export { readSessionGeneration } from './accounts';
export { checkAccountPassword, deleteIdpAccount, type PasswordCheck } from './delete-account';
export {
  EXTENSION_CLIENT_ID,
  IDP_MOUNT_PATH,
  IDP_SCOPES,
  identityUrls,
  PORTAL_CLIENT_ID,
} from './clients';
export { IDP_CSP } from './idp-csp';

/**
 * The embedded identity provider at `/idp`, on only while no external issuer is configured
 * (`OIDC_ISSUER` unset, i.e. `config.oidc.isEmbedded`).
 */
const registerIdentity: AppModule = async (app, { config, db, clock, mailer, jobs, changes }) => {
  if (!config.oidc.isEmbedded) return;
  await identityPlugin(app, {
    db,
    mailer,
    jobs,
    clock,
    publicUrl: config.publicUrl,
    extensionId: EXTENSION_ID,
    audience: config.oidc.audience,
    trustProxy: config.trustedProxies > 0,
    limits: { signUpPerIp: { max: config.signUpLimitPerIp, windowSeconds: 60 * 60 } },
    changes,
  });
};

/** The identity module's manifest: what it depends on, the tables it owns, its routes. */
export const identityModule = defineModule({
  name: 'identity',
  summary: 'The embedded OpenID provider at `/idp`, its accounts, keys and clients.',
  dependsOn: ['mail'],
  ownsTables: [idpAccounts, idpEmailTokens, idpKeys, idpModels, idpRateLimits],
  register: registerIdentity,
});
