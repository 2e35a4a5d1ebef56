import { AppError, SIGN_IN_MESSAGE, routes } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { apiRateCounters, apiTokens } from '../../db/schema';
import { orgAdmin } from '../../http/access-rules';
import { registerRoute } from '../../http/register-route';
import { defineModule, type AppModule } from '../module';
import { createOrgApiKey } from './create-org-api-key';
import { createPersonalToken } from './create-personal-token';
import { purgeApiRateCounters } from './count-api-request';
import { revokeOrgApiKey, revokeToken } from './revoke-token';
import { auditContext } from '../audit/index';
import { listTokens } from './token-rows';

export { createApiTokenAuthenticator, type ApiTokenAuthenticator } from './api-token-authenticator';
export { deleteUserTokens } from './delete-user-tokens';
export { countApiRequest } from './count-api-request';
export { rateVerdict, type RateVerdict } from './rate-verdict';
export { hasScope, type TokenGrant } from './token-grant';
export {
  KEY_NOT_ALLOWED,
  TOKEN_INVALID,
  TOKEN_SESSION_ONLY,
  tokenScopeMissing,
} from './token-messages';
export { isApiToken, type StoredToken } from './verify-api-token';

const PURGE_RATE_COUNTERS_JOB = { name: 'tokens.purge-rate-counters', cron: '17 * * * *' } as const;

// The access module installs `caller`; tokens cannot depend on it (auth depends on tokens).
function callerId(request: FastifyRequest): number {
  if (!request.caller) throw new AppError('UNAUTHORIZED', SIGN_IN_MESSAGE);
  return request.caller.userId;
}

/** Issue 29: personal access tokens and organization API keys (docs/api.md "Tokens"). */
const registerTokens: AppModule = (app, { db, jobs }) => {
  // Expiry is checked against the real time, as the authenticator checks it (and JWTs' exp).
  const now = () => new Date();
  jobs.define({ ...PURGE_RATE_COUNTERS_JOB, handler: () => purgeApiRateCounters(db) });
  registerRoute(app, routes.listMyTokens, {
    access: 'authenticated',
    handler: (request) =>
      listTokens(db, and(eq(apiTokens.kind, 'pat'), eq(apiTokens.userId, callerId(request)))!),
  });
  registerRoute(app, routes.createMyToken, {
    access: 'authenticated',
    // 409: the cap of active tokens, or an idempotency key sent again with other fields.
    errors: ['CONFLICT'],
    handler: (request) =>
      createPersonalToken({ db, now: now() }, { ...request.body, userId: callerId(request) }),
  });
  registerRoute(app, routes.revokeMyToken, {
    access: 'authenticated',
    errors: ['NOT_FOUND'],
    handler: (request) =>
      revokeToken(
        db,
        and(
          eq(apiTokens.id, request.params.tokenId),
          eq(apiTokens.kind, 'pat'),
          eq(apiTokens.userId, callerId(request)),
        )!,
      ),
  });
  registerRoute(app, routes.listOrgApiKeys, {
    access: orgAdmin({ orgIdFrom: 'params.orgId' }),
    handler: (request) =>
      listTokens(db, and(eq(apiTokens.kind, 'key'), eq(apiTokens.orgId, request.params.orgId))!),
  });
  registerRoute(app, routes.createOrgApiKey, {
    access: orgAdmin({ orgIdFrom: 'body.orgId' }),
    errors: ['CONFLICT'],
    handler: (request) =>
      createOrgApiKey(
        { db, now: now() },
        { ...request.body, userId: callerId(request) },
        auditContext(request),
      ),
  });
  registerRoute(app, routes.revokeOrgApiKey, {
    access: orgAdmin({ orgIdFrom: 'body.orgId' }),
    allowWhileClosed: true, // issue 33: a key can still be revoked while closed
    handler: (request) =>
      revokeOrgApiKey(db, { ...request.body, at: now() }, auditContext(request)),
  });
  return Promise.resolve();
};

/** The tokens module's manifest: what it depends on, the tables it owns, its routes. */
export const tokensModule = defineModule({
  name: 'tokens',
  summary: 'API tokens: personal access tokens, organization API keys, their rate limits.',
  dependsOn: ['audit'],
  ownsTables: [apiTokens, apiRateCounters],
  register: registerTokens,
});
