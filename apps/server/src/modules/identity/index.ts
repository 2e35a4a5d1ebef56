import { EXTENSION_ID } from '@waymark/core';
import type { AppModule } from '../module';
import { identityPlugin } from './identity-plugin';

export { loadPublicJwks, rotateSigningKey } from './keys';
export { readSessionGeneration } from './accounts';
export { EXTENSION_CLIENT_ID, IDP_SCOPES, identityUrls, PORTAL_CLIENT_ID } from './clients';

/**
 * The embedded identity provider at `/idp`, on only while no external issuer is configured
 * (`OIDC_ISSUER` unset, i.e. `config.oidc.isEmbedded`).
 */
export const identityModule: AppModule = async (app, { config, db, clock, mailer, jobs }) => {
  if (!config.oidc.isEmbedded) return;
  await identityPlugin(app, {
    db,
    mailer,
    jobs,
    clock,
    publicUrl: config.publicUrl,
    extensionId: EXTENSION_ID,
    audience: config.oidc.audience,
    trustProxy: config.trustProxy,
  });
};
