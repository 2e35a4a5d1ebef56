import { routes } from '@waymark/core';
import { registerRoute } from '../../http/register-route';
import { requireCaller } from '../access/index';
import { auditContext } from '../audit/index';
import { closingDepsOf } from '../closing/index';
import { defineModule, type AppModule } from '../module';
import { deleteAccount } from './delete-account';

/** Issue 33: the caller's own account — its deletion. */
const registerAccount: AppModule = (app, appDeps) => {
  const { db, clock, mailer, config } = appDeps;
  const deps = {
    db,
    clock,
    mailer,
    isEmbedded: config.oidc.isEmbedded,
    closing: closingDepsOf(appDeps),
  };
  registerRoute(app, routes.deleteAccount, {
    access: 'authenticated',
    errors: ['BAD_REQUEST', 'CONFLICT', 'RATE_LIMITED'],
    handler: async (request) =>
      deleteAccount(
        deps,
        { userId: requireCaller(request).userId, confirmation: request.body.confirmation },
        auditContext(request),
      ),
  });
  return Promise.resolve();
};

/** The account module's manifest: what it depends on, the tables it owns, its routes. */
export const accountModule = defineModule({
  name: 'account',
  summary:
    'Deleting one\'s own account (issue 33): every personal row goes, the user row stays as a "Former member" tombstone.',
  dependsOn: [
    'access',
    'audit',
    'auth',
    'closing',
    'conversation',
    'identity',
    'inbox',
    'mail',
    'notifications',
    'teams',
    'tokens',
    'workspace',
  ],
  ownsTables: [],
  register: registerAccount,
});
