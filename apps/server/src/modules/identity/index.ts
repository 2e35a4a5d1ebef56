import path from 'node:path';
import { EXTENSION_ID } from '@waymark/core';
import { createMailer } from '../mail/mailer';
import type { AppModule } from '../module';
import { identityPlugin } from './identity-plugin';

/**
 * The embedded identity provider at `/idp`, on only while no external issuer is configured
 * (`OIDC_ISSUER` unset, i.e. `config.oidc.isEmbedded`).
 */
export const identityModule: AppModule = async (app, { config, db, clock }) => {
  if (!config.oidc.isEmbedded) return;
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    mailFrom: config.mail.from,
    outboxDir: path.join(config.dataDir, 'mail'),
    logger: app.log,
  });
  await identityPlugin(app, {
    db,
    mailer,
    clock,
    publicUrl: config.publicUrl,
    extensionId: EXTENSION_ID,
    audience: config.oidc.audience,
    trustProxy: config.trustProxy,
  });
};
